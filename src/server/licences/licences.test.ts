import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENCE_MAX_BYTES, LICENCE_QUOTA } from '#contracts/licences';
import { cartItems, carts } from '../db/schema/cart.ts';
import { categories } from '../db/schema/catalog.ts';
import { licenceBlocks, licences } from '../db/schema/licences.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { multipart, type Part } from '../test/multipart-body.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

let t: CommerceTestApp;
let dataDir: string;
let ids: { plate: number; drill: number; forceps: number };
let plateVariant: number;
let orthopedicsId: number;
let staffHeaders: Record<string, string>;
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'licences-test-'));
  t = await createCommerceTestApp({ env: { DATA_DIR: dataDir } });
  const { products, categories: cats } = await insertCatalogue(t.database.db, ['orthopedics', 'general-surgery'], [
    { name: 'Locking Compression Plate', category: 'orthopedics', priceCents: 12_000, stock: 50 },
    { name: 'Orthopedic Drill', category: 'orthopedics', priceCents: 90_000, stock: 50 },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 900, stock: 50 },
  ]);
  ids = { plate: products[0].id, drill: products[1].id, forceps: products[2].id };
  plateVariant = products[0].variantId;
  orthopedicsId = cats[0].id;
  await t.database.db.update(categories).set({ restricted: true }).where(eq(categories.id, orthopedicsId));
  staffHeaders = (await createTestUser(t.database.db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const fields = (overrides: Record<string, string> = {}): Part[] => Object.entries({
  licence_type: 'drap_establishment', licence_number: 'DRAP-ELM-2291', expires_on: future(400), ...overrides,
}).map(([name, value]) => ({ name, value }));

async function upload(headers: Record<string, string>, parts: Part[]) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/licences', headers: { ...headers, 'content-type': contentType }, payload });
}
const pdfPart = (content = PDF, filename = 'licence.pdf'): Part => ({ name: 'file', value: content, filename, contentType: 'application/pdf' });
const storedFiles = () => {
  try {
    return readdirSync(path.join(dataDir, 'licences')).length;
  } catch {
    return 0;
  }
};

async function business(email: string) {
  return (await createTestUser(t.database.db, { email, accountType: 'business' }));
}

describe('licence upload', () => {
  it('stores a PDF or image checked by its content, for business accounts only', async () => {
    const { headers } = await business('upload@hospital.example');
    const created = await upload(headers, [...fields(), pdfPart()]);
    expect(created.statusCode).toBe(201);
    expect(created.json().licence).toMatchObject({
      licence_type: 'drap_establishment', licence_number: 'DRAP-ELM-2291', status: 'pending', is_valid: false,
      content_type: 'application/pdf', file_name: 'licence-DRAP-ELM-2291.pdf', size_bytes: PDF.length,
    });
    // A PNG sent as 'application/pdf' named .pdf is stored as what it is.
    const png = await upload(headers, [...fields(), pdfPart(PNG, 'scan.pdf')]);
    expect(png.json().licence.content_type).toBe('image/png');
    expect(storedFiles()).toBe(2);

    const individual = await createTestUser(t.database.db, { email: 'solo@example.com' });
    const refused = await upload(individual.headers, [...fields(), pdfPart()]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_TYPE_NOT_ALLOWED');
    expect((await upload({}, [...fields(), pdfPart()])).statusCode).toBe(401);
  });

  it('refuses a wrong type, an oversized file and bad fields with per-field messages, storing nothing', async () => {
    const { headers, user } = await business('refused@hospital.example');
    const before = storedFiles();
    const fake = await upload(headers, [...fields(), pdfPart(Buffer.from('MZ this is a program, not a PDF'), 'licence.pdf')]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors).toEqual({ file: ['Upload a PDF, JPEG or PNG file.'] });

    const huge = await upload(headers, [...fields(), pdfPart(Buffer.concat([PDF, Buffer.alloc(LICENCE_MAX_BYTES)]))]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toEqual({ file: ['The file is larger than 5 MB.'] });

    const bad = await upload(headers, [
      { name: 'licence_type', value: 'fishing' }, { name: 'licence_number', value: '  ' }, { name: 'expires_on', value: '2030-02-30' },
    ]);
    expect(bad.json().errors).toEqual({
      file: ['Choose a file to upload.'],
      licence_type: ['Choose the type of licence.'],
      licence_number: ['Enter the licence number.'],
      expires_on: ['Enter a real date.'],
    });
    const expired = await upload(headers, [...fields({ expires_on: future(-1) }), pdfPart()]);
    expect(expired.json().errors).toEqual({ expires_on: ['This licence has already expired.'] });

    expect(await t.database.db.select().from(licences).where(eq(licences.userId, user.id))).toEqual([]);
    expect(storedFiles()).toBe(before);
  });

  it('shows the file to its owner and staff only', async () => {
    const owner = await business('owner@hospital.example');
    const other = await business('other@hospital.example');
    const { licence } = (await upload(owner.headers, [...fields(), pdfPart()])).json();
    const file = await t.app.inject({ url: licence.file_url, headers: owner.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await t.app.inject({ url: licence.file_url, headers: staffHeaders })).statusCode).toBe(200);
    expect((await t.app.inject({ url: licence.file_url, headers: other.headers })).json()).toEqual({ detail: 'Licence not found.' });
    expect((await t.app.inject({ url: licence.file_url })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/licences', headers: other.headers })).json().licences).toEqual([]);
  });
});

describe('licence quota and file names', () => {
  it("names the file after the licence number, never after the client's file name", async () => {
    const { headers } = await business('names@hospital.example');
    const sent = await upload(headers, [...fields({ licence_number: 'DSL / 88 (Lahore)' }), pdfPart(PDF, '../../Dr Amna Khan CNIC\u202egpj.pdf')]);
    expect(sent.statusCode).toBe(201);
    const { licence } = sent.json();
    expect(licence.file_name).toBe('licence-DSL-88-Lahore.pdf');
    const file = await t.app.inject({ url: licence.file_url, headers });
    expect(file.headers['content-disposition']).toContain('licence-DSL-88-Lahore.pdf');
    expect(file.headers['content-disposition']).not.toContain('Amna');
    const png = await upload(headers, [...fields({ licence_number: 'رجسٹریشن' }), pdfPart(PNG, 'scan.pdf')]);
    expect(png.json().licence.file_name).toBe('licence.png');
  });

  it('holds an account to a few licences awaiting review and a total size, storing nothing past them', async () => {
    const { headers, user } = await business('quota@hospital.example');
    for (let i = 0; i < LICENCE_QUOTA.pending; i += 1) expect((await upload(headers, [...fields(), pdfPart()])).statusCode).toBe(201);
    const before = storedFiles();
    const sixth = await upload(headers, [...fields(), pdfPart()]);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().errors).toEqual({
      file: [`You have ${LICENCE_QUOTA.pending} licences awaiting review: upload more once staff have reviewed them.`],
    });
    expect(sixth.json().issues.file).toEqual([{ key: 'licence_quota_pending', params: { pending: LICENCE_QUOTA.pending } }]);
    expect(storedFiles()).toBe(before);
    expect(await t.database.db.select().from(licences).where(eq(licences.userId, user.id))).toHaveLength(LICENCE_QUOTA.pending);

    // Once staff have reviewed one, there is room again, until the files kept fill the account's share of the disk.
    const [first] = await t.database.db.select().from(licences).where(eq(licences.userId, user.id)).limit(1);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/licences/${first.id}/verify`, headers: staffHeaders })).statusCode).toBe(200);
    expect((await upload(headers, [...fields(), pdfPart()])).statusCode).toBe(201);
    await t.database.db.update(licences).set({ status: 'rejected', sizeBytes: LICENCE_QUOTA.bytes / 2 }).where(eq(licences.userId, user.id));
    const full = await upload(headers, [...fields(), pdfPart()]);
    expect(full.statusCode).toBe(400);
    expect(full.json().errors).toEqual({ file: ['Your licences already take up the 50 MB an account may keep.'] });
    expect(storedFiles()).toBe(before + 1);
    // Another account has its own quota.
    expect((await upload((await business('quota2@hospital.example')).headers, [...fields(), pdfPart()])).statusCode).toBe(201);
  });
});

describe('staff review', () => {
  it('is for staff only', async () => {
    const { headers } = await business('notstaff@hospital.example');
    for (const [method, url, payload] of [
      ['GET', '/api/staff/licences'], ['POST', '/api/staff/licences/1/verify'], ['POST', '/api/staff/licences/1/reject', { reason: 'x' }],
      ['GET', '/api/staff/licence-blocks'], ['GET', '/api/staff/restricted-categories'],
      ['PATCH', `/api/staff/restricted-categories/${orthopedicsId}`, { restricted: false }],
    ] as const) {
      const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const [category] = await t.database.db.select().from(categories).where(eq(categories.id, orthopedicsId));
    expect(category.restricted).toBe(true);
  });

  it('verifies and rejects with a reason, mailing the owner', async () => {
    const owner = await business('review@hospital.example');
    const { licence } = (await upload(owner.headers, [...fields(), pdfPart()])).json();
    const pending = (await t.app.inject({ url: '/api/staff/licences?status=pending', headers: staffHeaders })).json().licences;
    expect(pending.map((l: { id: number }) => l.id)).toContain(licence.id);
    expect(pending.find((l: { id: number }) => l.id === licence.id).owner.email).toBe('review@hospital.example');

    const noReason = await t.app.inject({ method: 'POST', url: `/api/staff/licences/${licence.id}/reject`, headers: staffHeaders, payload: { reason: ' ' } });
    expect(noReason.json().errors).toEqual({ reason: ['Say why the licence is rejected.'] });
    const rejected = await t.app.inject({
      method: 'POST', url: `/api/staff/licences/${licence.id}/reject`, headers: staffHeaders, payload: { reason: 'The scan is unreadable.' },
    });
    expect(rejected.json().licence).toMatchObject({ status: 'rejected', rejection_reason: 'The scan is unreadable.', is_valid: false });
    expect(t.mailer.lastTo('review@hospital.example')?.text).toContain('could not be verified: The scan is unreadable.');

    const verified = await t.app.inject({ method: 'POST', url: `/api/staff/licences/${licence.id}/verify`, headers: staffHeaders });
    expect(verified.json().licence).toMatchObject({ status: 'verified', rejection_reason: '', is_valid: true });
    expect(t.mailer.lastTo('review@hospital.example')?.subject).toContain('your licence has been verified');
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/licences/999999/verify', headers: staffHeaders })).statusCode).toBe(404);
  });

  it('cannot verify a licence that has expired meanwhile', async () => {
    const owner = await business('late@hospital.example');
    const [row] = await t.database.db.insert(licences).values({
      userId: owner.user.id, licenceType: 'drug_sale', licenceNumber: 'DSL-1', expiresOn: future(-2),
      fileName: 'x.pdf', storedName: 'late-x.pdf', contentType: 'application/pdf', sizeBytes: 10,
    }).returning();
    const response = await t.app.inject({ method: 'POST', url: `/api/staff/licences/${row.id}/verify`, headers: staffHeaders });
    expect(response.statusCode).toBe(409);
  });
});

async function checkout(headers: Record<string, string>, productId: number, key: string) {
  await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: productId, quantity: 1 } });
  const cart = (await t.app.inject({ url: '/api/cart/', headers })).json();
  return t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': key },
    payload: paymentBody('credit_card', Number(cart.grand_total)),
  });
}
const blocksOf = (userId: string) => t.database.db.select().from(licenceBlocks).where(eq(licenceBlocks.userId, userId));

describe('licence gating at checkout', () => {
  it('refuses restricted products without a licence, logs each block, and reserves nothing', async () => {
    const buyer = await business('nolicence@hospital.example');
    const refused = await checkout(buyer.headers, ids.plate, 'no-licence-1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'LICENCE_REQUIRED',
      detail: 'A verified licence is required to buy Locking Compression Plate. Upload your licence under Profile → Licences.',
    });
    expect([...t.charges.values()].length).toBe(0);
    const stock = (await t.app.inject({ url: '/api/products/locking-compression-plate/' })).json();
    expect(stock.stock_quantity).toBe(50);
    expect(await blocksOf(buyer.user.id)).toMatchObject([{ productId: ids.plate, categoryId: orthopedicsId, reason: 'no_licence' }]);

    // The same key again is a fresh attempt (the refusal freed it) and is logged again.
    expect((await checkout(buyer.headers, ids.drill, 'no-licence-1')).statusCode).toBe(403);
    expect((await blocksOf(buyer.user.id)).map((b) => b.productId).sort()).toEqual([ids.plate, ids.plate, ids.drill].sort());

    const gate = (await t.app.inject({ url: '/api/licences/gate', headers: buyer.headers })).json();
    expect(gate).toMatchObject({ can_buy_restricted: false, reason: 'no_licence' });
    expect(gate.blocked_items.map((item: { name: string }) => item.name)).toEqual(['Locking Compression Plate', 'Orthopedic Drill']);

    const log = (await t.app.inject({ url: '/api/staff/licence-blocks', headers: staffHeaders })).json();
    expect(log.blocks.filter((b: { user_email: string }) => b.user_email === 'nolicence@hospital.example')).toHaveLength(3);
    expect(log.blocks[0]).toMatchObject({ reason: 'no_licence', category_name: 'orthopedics' });
  });

  it('leaves unrestricted products alone', async () => {
    const buyer = await business('forceps@hospital.example');
    expect((await checkout(buyer.headers, ids.forceps, 'forceps-1')).statusCode).toBe(201);
    expect(await blocksOf(buyer.user.id)).toEqual([]);
  });

  it('sells restricted products only to business accounts', async () => {
    const solo = await createTestUser(t.database.db, { email: 'surgeon@example.com' });
    const notAdded = await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: solo.headers, payload: { product_id: ids.plate } });
    expect(notAdded.statusCode).toBe(403);
    // A line held from before the category was restricted: the payment refuses it.
    const [cart] = await t.database.db.insert(carts).values({ userId: solo.user.id }).returning();
    await t.database.db.insert(cartItems).values({ cartId: cart.id, variantId: plateVariant, quantity: 1 });
    const refused = await checkout(solo.headers, ids.plate, 'solo-1');
    expect(refused.json().detail).toBe('Locking Compression Plate: sold only to business accounts holding a verified licence.');
    expect(await blocksOf(solo.user.id)).toMatchObject([{ reason: 'business_only' }]);
  });

  it('waits for verification, then sells; an expired licence blocks again', async () => {
    const buyer = await business('licensed@hospital.example');
    const { licence } = (await upload(buyer.headers, [...fields(), pdfPart()])).json();
    const pending = await checkout(buyer.headers, ids.plate, 'licensed-1');
    expect(pending.json().detail)
      .toBe('Your licence is awaiting verification by our staff. You can buy Locking Compression Plate once it is verified.');
    expect(await blocksOf(buyer.user.id)).toMatchObject([{ reason: 'unverified', licenceId: licence.id }]);

    await t.app.inject({ method: 'POST', url: `/api/staff/licences/${licence.id}/verify`, headers: staffHeaders });
    expect((await t.app.inject({ url: '/api/licences/gate', headers: buyer.headers })).json())
      .toMatchObject({ can_buy_restricted: true, reason: null, blocked_items: [], message: null });
    const paid = await checkout(buyer.headers, ids.plate, 'licensed-2');
    expect(paid.statusCode).toBe(201);

    await t.database.db.update(licences).set({ expiresOn: future(-1) }).where(eq(licences.id, licence.id));
    const expired = await checkout(buyer.headers, ids.plate, 'licensed-3');
    expect(expired.statusCode).toBe(403);
    expect(expired.json().detail).toBe(`Your licence expired on ${future(-1)}. Upload a current licence to buy Locking Compression Plate.`);
    expect((await blocksOf(buyer.user.id)).map((b) => b.reason)).toEqual(['unverified', 'expired']);
    const mine = (await t.app.inject({ url: '/api/licences', headers: buyer.headers })).json();
    expect(mine.licences[0]).toMatchObject({ status: 'verified', is_expired: true, is_valid: false });
    expect(mine.gate).toMatchObject({ reason: 'expired', licence_expires_on: future(-1) });
  });

  it('lets staff mark categories restricted', async () => {
    const list = (await t.app.inject({ url: '/api/staff/restricted-categories', headers: staffHeaders })).json();
    expect(list.categories.map((c: { slug: string; restricted: boolean }) => [c.slug, c.restricted]))
      .toEqual([['orthopedics', true], ['general-surgery', false]]);
    const general = list.categories[1].id;
    const set = await t.app.inject({ method: 'PATCH', url: `/api/staff/restricted-categories/${general}`, headers: staffHeaders, payload: { restricted: true } });
    expect(set.json().category).toMatchObject({ slug: 'general-surgery', restricted: true, product_count: 1 });
    const solo = await createTestUser(t.database.db, { email: 'general@example.com' });
    const add = await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: solo.headers, payload: { product_id: ids.forceps } });
    expect(add.json().code).toBe('LICENCE_REQUIRED');
    await t.app.inject({ method: 'PATCH', url: `/api/staff/restricted-categories/${general}`, headers: staffHeaders, payload: { restricted: false } });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/staff/restricted-categories/999999', headers: staffHeaders, payload: { restricted: true } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/staff/restricted-categories/${general}`, headers: staffHeaders, payload: { restricted: 'yes' } })).json().errors)
      .toEqual({ restricted: ['Enter true or false.'] });
  });
});
