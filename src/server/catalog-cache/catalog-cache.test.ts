import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../db/schema/catalog.ts';
import { organisationPrices } from '../db/schema/organisations.ts';
import { insertCatalogue, insertFlashSale } from '../test/catalog-fixtures.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { staffApp, type StaffApp } from '../test/staff-app.ts';

type Headers = Record<string, string>;
interface Item { id: number; name: string; price: string; stock_quantity: number; review_count: number; category_name: string }

let s: StaffApp<'owner'>;
let other: { id: number; variantId: number };
let organisationBuyer: Headers;

const get = (url: string, headers: Headers = {}) => s.t.app.inject({ method: 'GET', url, headers });
const detail = async (headers?: Headers) => (await get('/api/products/kelly-hemostat/', headers)).json<Item>();
const listed = async (headers?: Headers) =>
  (await get('/api/products/?category=general-surgery&ordering=name', headers)).json<{ results: Item[] }>().results;

/**
 * Renames a product without telling anyone (its triggers held back for this one transaction): what a read shows
 * afterwards tells whether it came from the cache or from the database.
 */
async function renameSilently(productId: number, name: string): Promise<void> {
  await s.t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(products).set({ name }).where(eq(products.id, productId));
  });
}

beforeAll(async () => {
  s = await staffApp(['owner'], { stock: 5 });
  const { db } = s.t.database;
  const { products: [added] } = await insertCatalogue(db, ['orthopaedics'], [
    { name: 'Bone Rongeur', category: 'orthopaedics', priceCents: 4_000, variants: [{ options: {}, modelNumber: 'BR-1', stock: 3 }] },
  ]);
  other = { id: added.id, variantId: added.variantId };
  const buyer = await createBusinessBuyer(db, { email: 'buyer@hospital.example', status: 'verified' });
  await db.insert(organisationPrices).values({ organisationId: buyer.organisation!.id, productId: s.kelly, kind: 'fixed', value: 7_000 });
  organisationBuyer = buyer.headers;
}, 60_000);
afterAll(() => s.t.close());

describe('the catalogue cache', () => {
  it('answers a visitor from the cache, with the same ETag and a 304, and a signed-in buyer from the database', async () => {
    const first = await get('/api/products/kelly-hemostat/');
    expect(first.json<Item>().name).toBe('Kelly Hemostat');
    await listed();
    await renameSilently(s.kelly, 'Kelly Hemostat (unseen)');
    const again = await get('/api/products/kelly-hemostat/');
    expect(again.json<Item>().name).toBe('Kelly Hemostat');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect((await get('/api/products/kelly-hemostat/', { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    expect((await listed())[0].name).toBe('Kelly Hemostat');
    expect((await detail(s.buyer)).name).toBe('Kelly Hemostat (unseen)');
    expect((await listed(s.buyer))[0].name).toBe('Kelly Hemostat (unseen)');
  });

  it("keeps a product's page when another product changes, and drops it when the product itself does", async () => {
    await detail();
    await renameSilently(s.kelly, 'Kelly Hemostat (quiet)');
    await s.t.database.db.update(products).set({ name: 'Bone Rongeur, double action' }).where(eq(products.id, other.id));
    expect((await detail()).name).not.toBe('Kelly Hemostat (quiet)');
    // The lists show every product, so they go.
    expect((await listed())[0].name).toBe('Kelly Hemostat (quiet)');
    await s.t.database.db.update(products).set({ name: 'Kelly Hemostat' }).where(eq(products.id, s.kelly));
    expect((await detail()).name).toBe('Kelly Hemostat');
  });

  it('shows a staff price change on the very next read', async () => {
    expect((await detail()).price).toBe('100.00');
    const repriced = await s.t.app.inject({
      method: 'POST', url: '/api/staff/products/bulk/', headers: s.staff.owner, payload: { ids: [s.kelly], action: 'reprice', percent: -10 },
    });
    expect(repriced.statusCode).toBe(200);
    expect((await detail()).price).toBe('90.00');
    expect((await listed())[0].price).toBe('90.00');
  });

  it('shows a stock movement and a checkout on the very next read', async () => {
    const before = (await detail()).stock_quantity;
    const received = await s.t.app.inject({
      method: 'POST', url: `/api/inventory/${s.kelly}/movements/create/`, headers: s.staff.owner,
      payload: { kind: 'receive', quantity: 2, reason: 'Delivery' },
    });
    expect(received.statusCode).toBe(201);
    expect((await detail()).stock_quantity).toBe(before + 2);
    await buyByCard(s.t, s.buyer, [{ productId: s.kelly, quantity: 1 }]);
    expect((await detail()).stock_quantity).toBe(before + 1);
    expect((await listed())[0].stock_quantity).toBe(before + 1);
  });

  it('shows a new review on the very next read', async () => {
    expect((await detail()).review_count).toBe(0);
    const reviewed = await s.t.app.inject({
      method: 'POST', url: '/api/products/kelly-hemostat/reviews/', headers: s.buyer,
      payload: { rating: 5, title: 'Holds well', body: 'Locks firmly and releases cleanly after many cycles.' },
    });
    expect(reviewed.statusCode).toBe(201);
    expect((await detail()).review_count).toBe(1);
  });

  it('shows a category rename in the product page, the lists and the categories', async () => {
    await get('/api/categories/');
    await get(`/api/products/categories/${s.categoryId}/`);
    await s.t.database.db.update(categories).set({ name: 'General Surgery' }).where(eq(categories.id, s.categoryId));
    expect((await detail()).category_name).toBe('General Surgery');
    expect((await listed())[0].category_name).toBe('General Surgery');
    expect((await get(`/api/products/categories/${s.categoryId}/`)).json<{ name: string }>().name).toBe('General Surgery');
    const names = (await get('/api/categories/')).json<{ name: string }[]>().map((category) => category.name);
    expect(names).toContain('General Surgery');
  });

  it('shows a flash sale on the very next read, on the sales and in the price', async () => {
    expect((await get('/api/flash-sales/')).json<{ items: unknown[] }>().items).toEqual([]);
    await insertFlashSale(s.t.database.db, other.variantId, {
      salePriceCents: 3_000, startsAt: new Date(Date.now() - 60_000), endsAt: new Date(Date.now() + 3_600_000),
    });
    expect((await get('/api/flash-sales/')).json<{ items: { productId: number }[] }>().items.map((item) => item.productId)).toEqual([other.id]);
    expect((await get('/api/products/bone-rongeur/')).json<Item>().price).toBe('30.00');
  });

  it("never gives an organisation's prices to a visitor or another buyer, nor a visitor's answer to the organisation", async () => {
    const [visitor, organisation, buyer] = [await detail(), await detail(organisationBuyer), await detail(s.buyer)];
    expect(organisation.price).toBe('70.00');
    expect(visitor.price).not.toBe('70.00');
    expect(buyer.price).toBe(visitor.price);
    expect((await listed(organisationBuyer))[0].price).toBe('70.00');
    expect((await listed())[0].price).toBe(visitor.price);
    expect((await detail(organisationBuyer)).price).toBe('70.00');
  });
});
