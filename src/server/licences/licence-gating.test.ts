import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts } from '../db/schema/cart.ts';
import { categories } from '../db/schema/catalog.ts';
import { licences } from '../db/schema/licences.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue, insertFlashSale } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';

let t: CommerceTestApp;
let ids: { plate: number; screw: number; forceps: number; scissors: number };
let screwVariant: number;
type Headers = Record<string, string>;
const viewers: Record<'visitor' | 'individual' | 'unlicensed' | 'pending' | 'licensed', Headers> = {
  visitor: {}, individual: {}, unlicensed: {}, pending: {}, licensed: {},
};
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function withLicence(email: string, status: 'pending' | 'verified') {
  const buyer = await createTestUser(t.database.db, { email, accountType: 'business' });
  await t.database.db.insert(licences).values({
    userId: buyer.user.id, licenceType: 'drap_establishment', licenceNumber: 'DRAP-1', expiresOn: future(200), status,
    fileName: 'licence.pdf', storedName: `${email}.pdf`, contentType: 'application/pdf', sizeBytes: 100,
  });
  return buyer;
}

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  const { products, categories: cats } = await insertCatalogue(db, ['orthopedics', 'general-surgery'], [
    { name: 'Locking Compression Plate', category: 'orthopedics', priceCents: 12_000, stock: 50 },
    { name: 'Cortical Bone Screw', category: 'orthopedics', priceCents: 2_000, stock: 50 },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 900, stock: 50 },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 1_500, stock: 50 },
  ]);
  ids = { plate: products[0].id, screw: products[1].id, forceps: products[2].id, scissors: products[3].id };
  screwVariant = products[1].variantId;
  await db.update(categories).set({ restricted: true }).where(eq(categories.id, cats[0].id));
  viewers.individual = (await createTestUser(db, { email: 'surgeon@example.com' })).headers;
  viewers.unlicensed = (await createTestUser(db, { email: 'clinic@example.com', accountType: 'business' })).headers;
  viewers.pending = (await withLicence('pending@hospital.example', 'pending')).headers;
  viewers.licensed = (await withLicence('licensed@hospital.example', 'verified')).headers;
  // Paid orders had the forceps with the plate and the scissors: "frequently bought together".
  const someone = await createTestUser(db, { email: 'history@hospital.example', accountType: 'business' });
  await insertOrder(db, someone.user.id, [{ productId: ids.forceps }, { productId: ids.plate }, { productId: ids.scissors }]);
});
afterAll(() => t.close());

const addItem = (headers: Headers, productId: number) =>
  t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: productId, quantity: 1 } });
const cartOf = async (headers: Headers) => (await t.app.inject({ url: '/api/cart/', headers })).json();
const pay = async (headers: Headers, key: string) => t.app.inject({
  method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': key },
  payload: paymentBody('credit_card', Number((await cartOf(headers)).grand_total)),
});
const flags = (results: { slug: string; licence_required: boolean }[]) =>
  Object.fromEntries(results.map((item) => [item.slug, item.licence_required]));

describe('Add to Cart of a restricted product', () => {
  it('refuses an individual account with 403 LICENCE_REQUIRED and adds nothing', async () => {
    const res = await addItem(viewers.individual, ids.plate);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'LICENCE_REQUIRED',
      detail: 'Locking Compression Plate: sold only to business accounts holding a verified licence.',
    });
    expect((await cartOf(viewers.individual)).items).toEqual([]);
    // Unrestricted products are added as ever.
    expect((await addItem(viewers.individual, ids.forceps)).statusCode).toBe(200);
  });

  it('lets a business without a verified licence add it, flags the line, and refuses the payment', async () => {
    const added = await addItem(viewers.unlicensed, ids.plate);
    expect(added.statusCode).toBe(200);
    await addItem(viewers.unlicensed, ids.forceps);
    const cart = await cartOf(viewers.unlicensed);
    expect(cart.items.map((item: { product_id: number; licence_issue: string | null }) => [item.product_id, item.licence_issue]))
      .toEqual([[ids.plate, 'no_licence'], [ids.forceps, null]]);
    expect(cart.has_licence_issues).toBe(true);
    const refused = await pay(viewers.unlicensed, 'unlicensed-1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('LICENCE_REQUIRED');

    await addItem(viewers.pending, ids.plate);
    const pending = await cartOf(viewers.pending);
    expect(pending.items[0].licence_issue).toBe('unverified');
    expect(pending.has_licence_issues).toBe(true);
  });

  it('sells it to a business holding a verified licence', async () => {
    expect((await addItem(viewers.licensed, ids.plate)).statusCode).toBe(200);
    const cart = await cartOf(viewers.licensed);
    expect(cart.items[0].licence_issue).toBeNull();
    expect(cart.has_licence_issues).toBe(false);
    expect((await pay(viewers.licensed, 'licensed-1')).statusCode).toBe(201);
  });

  it('flags a line an individual holds from before the category was restricted, and checkout refuses it', async () => {
    const solo = await createTestUser(t.database.db, { email: 'older-cart@example.com' });
    const [cart] = await t.database.db.insert(carts).values({ userId: solo.user.id }).returning();
    await t.database.db.insert(cartItems).values({ cartId: cart.id, variantId: screwVariant, quantity: 1 });
    const view = await cartOf(solo.headers);
    expect(view.items[0].licence_issue).toBe('business_only');
    expect((await pay(solo.headers, 'older-cart-1')).statusCode).toBe(403);
  });
});

describe('licence_required in catalogue answers', () => {
  it('is true for restricted products to every viewer who cannot buy them, false to a licensed business', async () => {
    const expected = { visitor: true, individual: true, unlicensed: true, pending: true, licensed: false };
    for (const [viewer, required] of Object.entries(expected)) {
      const list = await t.app.inject({ url: '/api/products/?ordering=name', headers: viewers[viewer as keyof typeof viewers] });
      expect(flags(list.json().results), viewer).toEqual({
        'adson-forceps': false, 'cortical-bone-screw': required, 'locking-compression-plate': required, 'mayo-scissors': false,
      });
      const detail = await t.app.inject({ url: '/api/products/locking-compression-plate/', headers: viewers[viewer as keyof typeof viewers] });
      expect(detail.json().licence_required, viewer).toBe(required);
      const found = await t.app.inject({ method: 'POST', url: '/api/search', headers: viewers[viewer as keyof typeof viewers], payload: { query: 'plate' } });
      expect(flags(found.json().results)['locking-compression-plate'], viewer).toBe(required);
    }
  });

  it('varies the cached answer by viewer: a licensed business gets a private one', async () => {
    const shared = await t.app.inject({ url: '/api/products/' });
    expect(shared.headers['cache-control']).toBe('public, max-age=60');
    expect(shared.headers.vary).toContain('Authorization');
    const personal = await t.app.inject({ url: '/api/products/', headers: viewers.licensed });
    expect(personal.headers['cache-control']).toBe('no-store');
    expect(personal.headers.etag).not.toBe(shared.headers.etag);
    // The visitor's ETag does not answer 304 to the licensed buyer.
    const revalidated = await t.app.inject({ url: '/api/products/', headers: { ...viewers.licensed, 'if-none-match': shared.headers.etag as string } });
    expect(revalidated.statusCode).toBe(200);
  });
});

describe('recommendations', () => {
  it('skip restricted products for viewers who cannot buy them', async () => {
    const together = async (headers: Headers) =>
      (await t.app.inject({ url: '/api/products/adson-forceps/', headers })).json().frequently_bought_together.map((p: { slug: string }) => p.slug);
    expect(await together(viewers.individual)).toEqual(['mayo-scissors']);
    expect(await together(viewers.visitor)).toEqual(['mayo-scissors']);
    expect(await together(viewers.unlicensed)).toEqual(['mayo-scissors']);
    expect((await together(viewers.licensed)).sort()).toEqual(['locking-compression-plate', 'mayo-scissors']);

    const related = async (headers: Headers) =>
      (await t.app.inject({ url: '/api/products/locking-compression-plate/', headers })).json().related_products.map((p: { slug: string }) => p.slug);
    expect(await related(viewers.individual)).toEqual([]);
    expect(await related(viewers.licensed)).toEqual(['cortical-bone-screw']);
  });

  it('leave restricted products out of the home page flash sales for viewers who cannot buy them', async () => {
    const window = { startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000) };
    await insertFlashSale(t.database.db, ids.screw, { salePriceCents: 1_500, ...window });
    await insertFlashSale(t.database.db, ids.scissors, { salePriceCents: 1_200, ...window });
    const onSale = async (headers: Headers) =>
      (await t.app.inject({ url: '/api/flash-sales/', headers })).json().items.map((item: { slug: string }) => item.slug).sort();
    expect(await onSale(viewers.individual)).toEqual(['mayo-scissors']);
    expect(await onSale(viewers.licensed)).toEqual(['cortical-bone-screw', 'mayo-scissors']);
  });
});
