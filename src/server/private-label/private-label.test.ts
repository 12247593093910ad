import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateLabelRequest } from '#contracts/private-label';
import { products } from '../db/schema/catalog.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { privateLabelRequests } from '../db/schema/private-label.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { multipart } from '../test/multipart-body.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';

type Headers = Record<string, string>;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = Buffer.from('%PDF-1.4\n%proof\n');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="10"><text x="0" y="9">ACME MEDICAL</text></svg>');

let t: CommerceTestApp;
let dataDir: string;
let variants: { kelly: number; mayo: number; plain: number };
let admin: Headers;
let buyer: Headers;
let finance: Headers;
let other: Headers;
let staff: Headers;
let support: Headers;
let keys = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'private-label-'));
  t = await createCommerceTestApp({ env: { TAX_RATE: '17', DATA_DIR: dataDir } });
  const { products: made } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 2_000 },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 800 },
    { name: 'Plain Forceps', category: 'general-surgery', priceCents: 900, stock: 500 },
  ]);
  variants = { kelly: made[0].variantId, mayo: made[1].variantId, plain: made[2].variantId };
  await t.database.db.update(products).set({ privateLabelMoq: 500 }).where(eq(products.id, made[0].id));
  await t.database.db.update(products).set({ privateLabelMoq: 100 }).where(eq(products.id, made[1].id));
  const distributor = await createBusinessBuyer(t.database.db, { email: 'imran@acme-medical.example', hospitalName: 'Acme Medical', status: 'verified' });
  admin = distributor.headers;
  buyer = (await addMember(t.database.db, distributor.organisation!.id, 'sana@acme-medical.example', 'buyer')).headers;
  finance = (await addMember(t.database.db, distributor.organisation!.id, 'omar@acme-medical.example', 'finance')).headers;
  other = (await createBusinessBuyer(t.database.db, { email: 'lee@other.example', hospitalName: 'Other Distributor', status: 'verified' })).headers;
  staff = (await createTestUser(t.database.db, { email: 'sales@sialkotsurgical.example', staffRole: 'sales' })).headers;
  support = (await createTestUser(t.database.db, { email: 'help@sialkotsurgical.example', staffRole: 'support' })).headers;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const requestCount = async () => (await t.database.db.select({ n: count() }).from(privateLabelRequests))[0].n;
const body = (items: { variant_id: number; quantity: number }[]) => ({
  items, marking: 'laser_etch', placement: 'Left shank, 2 mm letters', packaging_text: 'ACME MEDICAL · Made in Pakistan',
});
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const upload = (url: string, headers: Headers, content: Buffer, filename: string, fields: Record<string, string> = {}) => {
  const form = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', value: content, filename }]);
  return t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': form.contentType }, payload: form.payload });
};

async function requested(headers = buyer): Promise<PrivateLabelRequest> {
  const res = await inject('POST', '/api/private-label/requests/', headers, body([{ variant_id: variants.kelly, quantity: 500 }, { variant_id: variants.mayo, quantity: 100 }]));
  expect(res.statusCode).toBe(201);
  return res.json().request;
}
const quote = (id: number, items: PrivateLabelRequest['items']) => inject('PUT', `/api/staff/private-label/requests/${id}/quote/`, staff, {
  items: items.map((item, index) => ({ id: item.id, unit_price: index === 0 ? '12.00' : '90.00' })), lead_time_days: 45, deposit_percent: 30,
});
const proof = (id: number, content = PDF, name = 'proof.pdf') => upload(`/api/staff/private-label/requests/${id}/proofs/`, staff, content, name, { note: 'Logo on the left shank' });
const approve = (id: number, headers: Headers, amount: number, notice = true) => t.app.inject({
  method: 'POST', url: `/api/private-label/requests/${id}/approve/`, headers: { ...headers, 'idempotency-key': `approve-${++keys}` },
  payload: { ...paymentBody('credit_card', amount), manufacturer_notice: notice } as unknown as Record<string, unknown>,
});

describe('asking for private label', () => {
  it('creates a request at or above each minimum, mails the buyer and the shop', async () => {
    const request = await requested();
    expect(request).toMatchObject({
      status: 'requested', marking: 'laser_etch', number: `PL-${String(request.id).padStart(5, '0')}`, can_decide: true,
      items: [{ variant_id: variants.kelly, quantity: 500, moq: 500, unit_price: null }, { variant_id: variants.mayo, quantity: 100, moq: 100 }],
      events: [{ status: 'requested' }], organisation: { name: 'Acme Medical' },
    });
    expect(t.mailer.lastTo('sana@acme-medical.example')!.subject).toContain(`Private-label request ${request.number}: received`);
    expect(t.mailer.lastTo('sales@sialkotsurgical.example')!.subject).toContain(`Private-label request ${request.number} from Acme Medical`);
  });

  it('refuses fewer than the minimum and products not offered, per item, writing nothing', async () => {
    const before = await requestCount();
    const res = await inject('POST', '/api/private-label/requests/', buyer,
      body([{ variant_id: variants.kelly, quantity: 499 }, { variant_id: variants.plain, quantity: 1000 }, { variant_id: 999_999, quantity: 5 }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'items.0.quantity': ['Enter at least 500: the minimum for private label.'],
      'items.1.variant_id': ['This product is not offered for private label.'],
      'items.2.variant_id': ['This product is not offered for private label.'],
    });
    const empty = await inject('POST', '/api/private-label/requests/', buyer, { items: [], marking: 'paint', placement: '' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['items', 'marking', 'placement']);
    expect(await requestCount()).toBe(before);
  });

  it('is for admins and buyers of a verified organisation; finance reads; another organisation sees nothing', async () => {
    const request = await requested(admin);
    expect((await inject('POST', '/api/private-label/requests/', finance, body([{ variant_id: variants.kelly, quantity: 500 }]))).statusCode).toBe(403);
    const read = await inject('GET', `/api/private-label/requests/${request.id}`, finance);
    expect(read.json().request).toMatchObject({ id: request.id, can_decide: false });
    expect((await inject('GET', `/api/private-label/requests/${request.id}`, other)).statusCode).toBe(404);
    expect((await inject('GET', '/api/private-label/requests/', other)).json().requests).toEqual([]);
    expect((await inject('POST', `/api/private-label/requests/${request.id}/cancel/`, other, {})).statusCode).toBe(404);
    const pending = await createBusinessBuyer(t.database.db, { email: 'new@pending.example', status: 'pending' });
    expect((await inject('GET', '/api/private-label/requests/', pending.headers)).statusCode).toBe(403);
    const individual = await createTestUser(t.database.db, { email: 'someone@example.com' });
    expect((await inject('GET', '/api/private-label/requests/', individual.headers)).statusCode).toBe(403);
    expect((await inject('GET', '/api/staff/private-label/requests/', buyer)).statusCode).toBe(403);
    expect((await inject('GET', '/api/staff/private-label/requests/', support)).statusCode).toBe(403);
  });
});

describe('artwork', () => {
  it('takes SVG, PDF and PNG by content, refuses scripts, outside references and other files', async () => {
    const request = await requested();
    const url = `/api/private-label/requests/${request.id}/artwork/`;
    const svg = await upload(url, buyer, SVG, 'logo.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.json().request.artwork).toMatchObject({ file_name: 'logo.svg', content_type: 'image/svg+xml' });
    expect((await upload(url, buyer, PNG, 'logo.png')).json().request.artwork.content_type).toBe('image/png');
    const bad = {
      script: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      handler: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      outside: '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://example.com/x.png"/></svg>',
      foreign: '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>x</p></foreignObject></svg>',
      html: '<html><body>logo</body></html>',
      text: 'just words',
    };
    for (const content of Object.values(bad)) {
      const res = await upload(url, buyer, Buffer.from(content), 'logo.svg');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.file).toEqual(['Upload an SVG, PDF or PNG file (an SVG without scripts or outside references).']);
    }
    const file = await inject('GET', `/api/private-label/requests/${request.id}/artwork/file`, buyer);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await inject('GET', `/api/private-label/requests/${request.id}/artwork/file`, staff)).statusCode).toBe(200);
    expect((await inject('GET', `/api/private-label/requests/${request.id}/artwork/file`, other)).statusCode).toBe(404);
    expect((await upload(url, finance, PNG, 'logo.png')).statusCode).toBe(403);
  });
});

describe('quote, proofs and approval', () => {
  it('goes from request through a rejected proof to an approved one, placing the order at the quoted prices', async () => {
    const request = await requested();
    const id = request.id;
    // Nothing to approve or prove before the quote; the buyer cannot quote.
    expect((await proof(id)).statusCode).toBe(409);
    expect((await inject('PUT', `/api/staff/private-label/requests/${id}/quote/`, buyer, {})).statusCode).toBe(403);
    const quoted = await quote(id, request.items);
    expect(quoted.statusCode).toBe(200);
    // 500 × 12.00 + 100 × 90.00 = 15,000.00; 17% tax 2,550.00; free shipping: 17,550.00. Deposit 30%: 5,265.00.
    expect(quoted.json().request).toMatchObject({
      status: 'quoted', lead_time_days: 45, deposit_percent: 30, deposit_amount: '5265.00', payment: null,
      totals: { subtotal: '15000.00', tax_amount: '2550.00', shipping_amount: '0.00', grand_total: '17550.00' },
    });
    expect(t.mailer.lastTo('sana@acme-medical.example')!.text).toContain('$17,550.00');
    expect((await approve(id, buyer, 17_550)).statusCode).toBe(409);

    const v1 = await proof(id);
    expect(v1.statusCode).toBe(200);
    expect(v1.json().request).toMatchObject({ status: 'proof_sent', proofs: [{ version: 1, note: 'Logo on the left shank', decision: null }] });
    expect((await inject('POST', `/api/private-label/requests/${id}/changes/`, finance, { comment: 'Bigger' })).statusCode).toBe(403);
    const changes = await inject('POST', `/api/private-label/requests/${id}/changes/`, buyer, { comment: 'Make the letters 3 mm.' });
    expect(changes.json().request).toMatchObject({
      status: 'changes_requested', proofs: [{ version: 1, decision: 'changes_requested', decision_comment: 'Make the letters 3 mm.' }],
    });
    expect(t.mailer.lastTo('sales@sialkotsurgical.example')!.text).toContain('Make the letters 3 mm.');
    expect((await inject('POST', `/api/private-label/requests/${id}/changes/`, buyer, { comment: 'Again' })).statusCode).toBe(409);
    expect((await proof(id, Buffer.from('not a proof'), 'proof.txt')).statusCode).toBe(400);
    const v2 = await proof(id, SVG, 'proof-2.svg');
    expect(v2.json().request.proofs.map((p: { version: number }) => p.version)).toEqual([1, 2]);
    const download = await inject('GET', `/api/private-label/requests/${id}/proofs/2`, buyer);
    expect(download.headers['content-type']).toBe('image/svg+xml');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect((await inject('GET', `/api/private-label/requests/${id}/proofs/1`, other)).statusCode).toBe(404);

    // Without the manufacturer notice (not confirmed when sending): refused, nothing placed.
    const ordersBefore = (await t.database.db.select({ n: count() }).from(orders))[0].n;
    const noNotice = await approve(id, buyer, 17_550, false);
    expect(noNotice.statusCode).toBe(400);
    expect(noNotice.json().errors.manufacturer_notice).toBeDefined();
    expect((await approve(id, finance, 17_550)).statusCode).toBe(403);
    // A card pays the 30% deposit now, not the total.
    expect((await approve(id, buyer, 17_550)).json()).toMatchObject({ code: 'AMOUNT_MISMATCH', amount: 5_265 });
    expect((await t.database.db.select({ n: count() }).from(orders))[0].n).toBe(ordersBefore);

    const paid = await approve(id, buyer, 5_265);
    expect(paid.statusCode).toBe(201);
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, paid.json().orderId)).orderBy(orderItems.variantId);
    expect(items.map(({ variantId, unitPriceCents, quantity }) => ({ variantId, unitPriceCents, quantity }))).toEqual([
      { variantId: variants.kelly, unitPriceCents: 1_200, quantity: 500 },
      { variantId: variants.mayo, unitPriceCents: 9_000, quantity: 100 },
    ]);
    const approved = (await inject('GET', `/api/private-label/requests/${id}`, buyer)).json().request as PrivateLabelRequest;
    expect(approved).toMatchObject({
      status: 'approved', order: { order_number: paid.json().orderNumber, status: 'confirmed' },
      proofs: [{ version: 1, decision: 'changes_requested' }, { version: 2, decision: 'approved' }],
    });
    expect(approved.manufacturer_notice_at).not.toBeNull();
    expect(t.mailer.lastTo('sales@sialkotsurgical.example')!.subject).toContain('approved');

    // Production: staff only, one step at a time, never back.
    expect((await inject('POST', `/api/private-label/requests/${id}/cancel/`, buyer, {})).statusCode).toBe(409);
    expect((await inject('POST', `/api/staff/private-label/requests/${id}/production/`, staff, { status: 'quality_check' })).statusCode).toBe(409);
    expect((await inject('POST', `/api/staff/private-label/requests/${id}/production/`, buyer, { status: 'in_production' })).statusCode).toBe(403);
    for (const step of ['in_production', 'quality_check', 'ready_to_ship']) {
      const moved = await inject('POST', `/api/staff/private-label/requests/${id}/production/`, staff, { status: step });
      expect(moved.json().request.status).toBe(step);
    }
    const timeline = (await inject('GET', `/api/private-label/requests/${id}`, buyer)).json().request.events;
    expect(timeline.map((e: { status: string }) => e.status)).toEqual([
      'requested', 'quoted', 'proof_sent', 'changes_requested', 'proof_sent', 'approved', 'in_production', 'quality_check', 'ready_to_ship',
    ]);
    expect(t.mailer.lastTo('sana@acme-medical.example')!.subject).toContain('ready to ship');

    // It ships as any order does.
    await t.database.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, paid.json().orderId));
    expect((await inject('GET', `/api/private-label/requests/${id}`, buyer)).json().request.status).toBe('shipped');
  });

  it('confirms the notice when sending, and lets staff decline and the buyer cancel while open', async () => {
    const noticed = await inject('POST', '/api/private-label/requests/', buyer, { ...body([{ variant_id: variants.mayo, quantity: 150 }]), manufacturer_notice: true });
    expect(noticed.json().request.manufacturer_notice_at).not.toBeNull();
    const declined = await inject('POST', `/api/staff/private-label/requests/${noticed.json().request.id}/decline/`, staff, { reason: 'We cannot etch this alloy.' });
    expect(declined.json().request).toMatchObject({ status: 'declined', decline_reason: 'We cannot etch this alloy.' });
    expect(t.mailer.lastTo('sana@acme-medical.example')!.text).toContain('We cannot etch this alloy.');
    expect((await quote(noticed.json().request.id, noticed.json().request.items)).statusCode).toBe(409);
    const request = await requested();
    expect((await inject('POST', `/api/private-label/requests/${request.id}/cancel/`, finance, {})).statusCode).toBe(403);
    expect((await inject('POST', `/api/private-label/requests/${request.id}/cancel/`, admin, {})).json().request.status).toBe('cancelled');
    const list = (await inject('GET', '/api/staff/private-label/requests/?status=cancelled', staff)).json().requests;
    expect(list.map((r: { id: number }) => r.id)).toContain(request.id);
  });
});
