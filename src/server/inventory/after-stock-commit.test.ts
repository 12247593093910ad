import pino from 'pino';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StockChange } from '#contracts/inventory';
import { inventoryAlerts } from '../db/schema/inventory-alerts.ts';
import { stockNotifications } from '../db/schema/stock-notifications.ts';
import { writeOffExpiredLots } from '../lots/expiry-sweep.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { daysFromToday } from '../test/lot-fixtures.ts';
import { multipart } from '../test/multipart-body.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { TEST_PUBLIC_URL } from '../test/test-app.ts';
import { createStockCommits } from './after-stock-commit.ts';
import { receive } from './stock-ledger.ts';

let t: CommerceTestApp;
let staff: Record<string, string>;
let buyer: Record<string, string>;
const pushed: StockChange[] = [];
/** One product of its own per path, each with one variant and a low-stock threshold of 1. */
const product: Record<string, { id: number; variantId: number; slug: string }> = {};
let waiter = 0;

const PATHS = ['received', 'counted', 'returned', 'cancelled', 'imported', 'sold', 'expired', 'recalled', 'missed', 'late'] as const;
const title = (path: string) => `${path[0].toUpperCase()}${path.slice(1)} Retractor`;

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['general-surgery'], PATHS.map((path) => ({
    name: title(path), category: 'general-surgery', priceCents: 1_000, stock: 0, lowStockThreshold: 1,
  })));
  PATHS.forEach((path, i) => { product[path] = { id: products[i].id, variantId: products[i].variantId, slug: `${path}-retractor` }; });
  staff = (await createTestUser(db, { email: 'stock@example.com', staffRole: 'owner' })).headers;
  buyer = (await createTestUser(db, { email: 'buyer@example.com' })).headers;
  t.stockCommits.subscribe((change) => pushed.push(change));
});
afterAll(() => t.close());
beforeEach(() => {
  t.mailer.sent.length = 0;
  pushed.length = 0;
});

/** A buyer of their own starts waiting for the product (refused while it is available); answers their address. */
async function waitFor(path: string): Promise<string> {
  const email = `waiter${++waiter}@example.com`;
  const { headers } = await createTestUser(t.database.db, { email });
  const res = await t.app.inject({ method: 'POST', url: `/api/products/${product[path].id}/notify/`, headers });
  expect(res.json(), res.body).toMatchObject({ subscribed: true });
  return email;
}

const backInStockMail = () => t.mailer.sent.filter((mail) => mail.subject.endsWith('is back in stock'));
const openAlerts = (path: string) => t.database.db.select({ kind: inventoryAlerts.kind }).from(inventoryAlerts)
  .where(and(eq(inventoryAlerts.variantId, product[path].variantId), isNull(inventoryAlerts.resolvedAt)));
const lastPush = (path: string) => pushed.filter((change) => change.productId === product[path].id).at(-1);

const movement = async (path: string, kind: string, quantity: number) => {
  const res = await t.app.inject({
    method: 'POST', url: `/api/inventory/${product[path].id}/movements/create/`, headers: staff,
    payload: { kind, quantity, reason: 'Stock check' },
  });
  expect(res.statusCode, res.body).toBe(201);
};

/** The shop's own export, with the product's count set to `count`, imported back. */
async function importCount(path: string, count: number) {
  const exported = await t.app.inject({ method: 'GET', url: '/api/staff/products/export/', headers: staff });
  const rows = parse(exported.body, { columns: true }) as Record<string, string>[];
  const own = rows.filter((row) => row.Handle === product[path].slug);
  expect(own).toHaveLength(1);
  own[0]['Variant Inventory Qty'] = String(count);
  const { payload, contentType } = multipart([
    { name: 'file', value: stringify(own, { header: true }), filename: 'products.csv', contentType: 'text/csv' },
  ]);
  const res = await t.app.inject({
    method: 'POST', url: '/api/staff/products/import/', headers: { ...staff, 'content-type': contentType }, payload,
  });
  expect(res.json().errors, res.body).toEqual([]);
}

/** Ways stock comes back: each is made twice, the second time to a product already in stock again. */
const returns: [string, (path: string, units: number) => Promise<void>][] = [
  ['received', (path, units) => movement(path, 'receive', units)],
  ['counted', (path, units) => movement(path, 'adjust', units)],
  ['returned', (path, units) => movement(path, 'return', units)],
  ['imported', (path, units) => importCount(path, (lastPush(path)?.currentStock ?? 0) + units)],
];

describe('after a stock change commits: one rule for back in stock, whichever way it came back', () => {
  it.each(returns)('mails a waiting buyer once when stock is %s, resolves the out-of-stock alert and pushes the new figures', async (path, restock) => {
    await movement(path, 'receive', 1);
    await movement(path, 'damage', 1);
    expect(await openAlerts(path)).toEqual([{ kind: 'out' }]);
    const email = await waitFor(path);

    await restock(path, 3);
    expect(backInStockMail().map((mail) => mail.to)).toEqual([email]);
    expect(await openAlerts(path)).toEqual([]);
    expect(lastPush(path)).toMatchObject({ availableStock: 3, currentStock: 3 });

    // Already in stock: more units mail nobody again.
    await restock(path, 2);
    expect(backInStockMail()).toHaveLength(1);
    expect(lastPush(path)).toMatchObject({ availableStock: 5 });
    const [subscription] = await t.database.db.select().from(stockNotifications)
      .where(eq(stockNotifications.variantId, product[path].variantId));
    expect(subscription.notifiedAt).not.toBeNull();
  });

  it('mails a waiting buyer once when a paid order is cancelled and its units come back', async () => {
    await movement('cancelled', 'receive', 2);
    const order = await buyByCard(t, buyer, [{ productId: product.cancelled.id, quantity: 2 }]);
    expect(await openAlerts('cancelled')).toEqual([{ kind: 'out' }]);
    expect(lastPush('cancelled')).toMatchObject({ availableStock: 0, currentStock: 0, reservedStock: 0 });
    const email = await waitFor('cancelled');

    const res = await t.app.inject({ method: 'POST', url: `/api/staff/orders/${order.orderId}/cancel/`, headers: staff, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(backInStockMail().map((mail) => mail.to)).toEqual([email]);
    expect(await openAlerts('cancelled')).toEqual([]);
    expect(lastPush('cancelled')).toMatchObject({ availableStock: 2, currentStock: 2 });
  });

  it('opens one out-of-stock alert, pushes and mails nobody when a sale takes the last units', async () => {
    await movement('sold', 'receive', 2);
    await buyByCard(t, buyer, [{ productId: product.sold.id, quantity: 1 }]);
    expect(await openAlerts('sold')).toEqual([{ kind: 'low' }]);
    await buyByCard(t, buyer, [{ productId: product.sold.id, quantity: 1 }]);
    expect(await openAlerts('sold')).toEqual([{ kind: 'out' }]);
    expect(lastPush('sold')).toMatchObject({ availableStock: 0, currentStock: 0 });
    expect(backInStockMail()).toEqual([]);
  });

  it('does the same when expired lots are written off, and mails the buyer who then waits once the lot is replaced', async () => {
    await receive(t.database.db, { variantId: product.expired.variantId, quantity: 4, lot: { lotNumber: 'EXP-1', expiryDate: daysFromToday(2) } });
    await t.stockCommits.settled();
    expect(lastPush('expired')).toMatchObject({ availableStock: 4 });
    expect(await writeOffExpiredLots(t.database, new Date(Date.now() + 3 * 86_400_000))).toBe(4);
    await t.stockCommits.settled();
    expect(await openAlerts('expired')).toEqual([{ kind: 'out' }]);
    expect(lastPush('expired')).toMatchObject({ availableStock: 0, currentStock: 0 });

    const email = await waitFor('expired');
    await movement('expired', 'receive', 6);
    expect(backInStockMail().map((mail) => mail.to)).toEqual([email]);
    expect(await openAlerts('expired')).toEqual([]);
  });

  it('does the same when a recall quarantines the lot', async () => {
    await receive(t.database.db, { variantId: product.recalled.variantId, quantity: 3, lot: { lotNumber: 'R-1', expiryDate: daysFromToday(300) } });
    const res = await t.app.inject({
      method: 'POST', url: '/api/recalls/', headers: staff,
      payload: { productId: product.recalled.id, lotNumbers: ['R-1'], reason: 'Sterile barrier seal defect in this lot.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await openAlerts('recalled')).toEqual([{ kind: 'out' }]);
    expect(lastPush('recalled')).toMatchObject({ availableStock: 0, currentStock: 0 });
    expect(backInStockMail()).toEqual([]);
  });

  it('mails, once, a buyer left waiting by a missed change at the variant\'s next change', async () => {
    const { db } = t.database;
    await movement('late', 'receive', 2);
    // Asked while it was out, and its return went unheard: still waiting, units there.
    const { user } = await createTestUser(db, { email: 'late@example.com' });
    await db.insert(stockNotifications).values({ userId: user.id, variantId: product.late.variantId });
    await movement('late', 'receive', 1);
    await movement('late', 'receive', 1);
    expect(backInStockMail().map((mail) => mail.to)).toEqual(['late@example.com']);
  });

  it('mails, once, a buyer left waiting for an available variant when a process starts (its change was missed)', async () => {
    const { db } = t.database;
    await receive(db, { variantId: product.missed.variantId, quantity: 2 });
    await t.stockCommits.settled();
    // Asked while it was out, and its return went unheard (no process was listening): still waiting, units there.
    const { user } = await createTestUser(db, { email: 'missed@example.com' });
    await db.insert(stockNotifications).values({ userId: user.id, variantId: product.missed.variantId });

    for (let start = 0; start < 2; start++) {
      const starting = createStockCommits({ database: t.database, publicUrl: TEST_PUBLIC_URL, log: pino({ level: 'silent' }) });
      await starting.start();
      await starting.settled();
      await starting.stop();
    }
    await t.drainMail();
    expect(backInStockMail().map((mail) => mail.to)).toEqual(['missed@example.com']);
  });
});
