import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, usdCentsToPkrMinor } from '#contracts/money';
import type { SalesReport } from '#contracts/sales-reports';
import { products } from '../db/schema/catalog.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { refunds } from '../db/schema/refunds.ts';
import { returnItems, returns, storeCreditAccounts, storeCreditEntries } from '../db/schema/returns.ts';
import { users } from '../db/schema/users.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { buyByCard, buyWith } from '../test/paid-order-fixture.ts';
import { staffApp, type StaffApp } from '../test/staff-app.ts';

type Role = 'owner' | 'sales' | 'catalogue' | 'fulfilment' | 'support';
let shop: StaffApp<Role>;
const db = () => shop.t.database.db;
const at = (iso: string) => new Date(iso);
const get = (url: string, headers = shop.staff.owner) => shop.t.app.inject({ method: 'GET', url, headers });
const report = async (query: string) => {
  const response = await get(`/api/staff/reports/sales/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SalesReport>();
};

let sequence = 0;
/** An order written straight into the tables, as checkout writes them, on a day long past. */
async function pastOrder(userId: string, order: {
  at: string; paymentStatus: 'paid' | 'refunded' | 'awaiting_payment' | 'failed' | 'pending'; status?: 'confirmed' | 'cancelled' | 'pending';
  currency?: 'USD' | 'PKR'; rate?: string; country?: string; method?: 'easypaisa' | 'invoice' | 'credit_card';
  lines: { productId: number; name: string; category: string; quantity: number; unitCents: number }[];
}) {
  const total = order.lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
  const currency = order.currency ?? 'USD';
  const rate = order.rate ?? '278.5000';
  const [row] = await db().insert(orders).values({
    orderNumber: `SS-PAST${String(++sequence).padStart(4, '0')}`, userId, status: order.status ?? 'confirmed', currency, exchangeRate: rate,
    subtotalCents: total, totalCents: total, totalChargedMinor: currency === 'PKR' ? usdCentsToPkrMinor(total, rate) : total,
    email: 'buyer@example.com', firstName: 'Past', lastName: 'Buyer', address: '1 Hospital Road', city: 'Dubai', postalCode: '00000',
    country: order.country ?? 'PK', phone: '03001234567', paymentStatus: order.paymentStatus, createdAt: at(order.at), updatedAt: at(order.at),
  }).returning();
  await db().insert(orderItems).values(order.lines.map((line) => ({
    orderId: row.id, productId: line.productId, name: line.name, modelNumber: `M-${line.productId}`, categoryName: line.category,
    unitPriceCents: line.unitCents, quantity: line.quantity, lineTotalCents: line.unitCents * line.quantity,
  })));
  if (order.method) {
    await db().insert(payments).values({
      transactionId: `TX-PAST-${sequence}`, orderId: row.id, userId, method: order.method, currency, createdAt: at(order.at),
      amountMinor: row.totalChargedMinor, status: order.paymentStatus === 'paid' || order.paymentStatus === 'refunded' ? 'succeeded' : 'pending',
    });
  }
  return row;
}

async function refundOn(orderId: string, day: string, cents: number, status: 'succeeded' | 'manual' | 'failed' | 'pending', pkrMinor?: number) {
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
  await db().insert(refunds).values({
    orderId, paymentId: payment.id, amountUsdCents: cents, amountMinor: pkrMinor ?? cents, currency: pkrMinor ? 'PKR' : 'USD',
    status, reason: 'Test', createdAt: at(day),
  });
}

let creditAccount: number;
const creditOn = (orderId: string, day: string, cents: number, kind: 'return' | 'released' | 'spent' | 'adjustment') =>
  db().insert(storeCreditEntries).values({ accountId: creditAccount, orderId, amountCents: cents, kind, createdAt: at(day) });

async function returnOn(orderId: string, userId: string, day: string, status: 'requested' | 'rejected' | 'resolved', lines: [string, number][]) {
  const [row] = await db().insert(returns).values({ rma: `RMA-9${String(++sequence).padStart(5, '0')}`, orderId, userId, status, createdAt: at(day) }).returning();
  const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
  await db().insert(returnItems).values(lines.map(([reason, quantity]) => ({
    returnId: row.id, orderItemId: items[0].id, quantity, reason: reason as 'damaged',
  })));
}

let ids: { cardOrder: string; walletOrder: string; past: string };

beforeAll(async () => {
  shop = await staffApp(['owner', 'sales', 'catalogue', 'fulfilment', 'support'], { stock: 100 });
  const { products: [rongeur] } = await insertCatalogue(db(), ['orthopaedics'], [
    { name: 'Bone Rongeur', category: 'orthopaedics', priceCents: 4_500, stock: 100, variants: [{ options: {}, modelNumber: 'BR-200', stock: 100 }] },
  ]);
  const bilal = await createTestUser(db(), { email: 'bilal@example.com' });
  await db().update(users).set({ firstName: 'Bilal', lastName: 'Ahmed' }).where(eq(users.id, bilal.user.id));

  // Through the real checkout: a card order in dollars and a JazzCash order in rupees, then refunds staff made by bank transfer.
  const card = await buyByCard(shop.t, shop.buyer, [{ productId: shop.kelly, quantity: 2 }]);
  const wallet = await buyWith(shop.t, bilal.headers, [{ productId: shop.kelly, quantity: 1 }, { productId: rongeur.id, quantity: 3 }], 'jazzcash');
  for (const [orderId, amount] of [[card.orderId, '30.25'], [wallet.orderId, '12.34']] as const) {
    const refunded = await shop.t.app.inject({
      method: 'POST', url: `/api/staff/orders/${orderId}/refunds/`, headers: { ...shop.staff.owner, 'idempotency-key': `r-${orderId}` },
      payload: { amount, reason: 'Part of the order came back', reference: `TR-${amount}` },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
  }
  // They were placed, and refunded, on days of the past: the report reads their rows as checkout and refunds wrote them.
  await db().update(orders).set({ createdAt: at('2026-03-10T09:00:00Z') }).where(eq(orders.id, card.orderId));
  await db().update(orders).set({ createdAt: at('2026-03-12T23:59:59.999Z') }).where(eq(orders.id, wallet.orderId));
  await db().update(refunds).set({ createdAt: at('2026-03-15T12:00:00Z') }).where(eq(refunds.orderId, card.orderId));
  await db().update(refunds).set({ createdAt: at('2026-04-02T08:00:00Z') }).where(eq(refunds.orderId, wallet.orderId));

  const kelly = { productId: shop.kelly, name: 'Kelly Hemostat', category: 'general surgery' };
  const bone = { productId: rongeur.id, name: 'Bone Rongeur', category: 'orthopaedics' };
  const buyer = shop.buyerId;
  // The first instant of the range, in rupees at its own rate, from the Emirates, paid by Easypaisa.
  const past = await pastOrder(buyer, {
    at: '2026-03-01T00:00:00Z', paymentStatus: 'paid', currency: 'PKR', rate: '280.1250', country: 'AE', method: 'easypaisa',
    lines: [{ ...bone, quantity: 3, unitCents: 4_115 }],
  });
  // The last instant of the range: on payment terms, not paid yet.
  await pastOrder(bilal.user.id, {
    at: '2026-03-31T23:59:59.999Z', paymentStatus: 'awaiting_payment', country: 'SA', method: 'invoice', lines: [{ ...kelly, quantity: 5, unitCents: 9_000 }],
  });
  // Just outside either end.
  await pastOrder(buyer, { at: '2026-02-28T23:59:59.999Z', paymentStatus: 'paid', method: 'credit_card', lines: [{ ...kelly, quantity: 1, unitCents: 10_000 }] });
  const april = await pastOrder(buyer, { at: '2026-04-01T00:00:00Z', paymentStatus: 'paid', method: 'credit_card', lines: [{ ...kelly, quantity: 4, unitCents: 10_000 }] });
  // Not sales: cancelled before it was paid, refused by the gateway, still waiting for it.
  const cancelled = await pastOrder(buyer, {
    at: '2026-03-05T10:00:00Z', paymentStatus: 'awaiting_payment', status: 'cancelled', method: 'invoice', lines: [{ ...kelly, quantity: 9, unitCents: 10_000 }],
  });
  await pastOrder(buyer, { at: '2026-03-06T10:00:00Z', paymentStatus: 'failed', status: 'cancelled', method: 'credit_card', lines: [{ ...kelly, quantity: 7, unitCents: 10_000 }] });
  await pastOrder(buyer, { at: '2026-03-07T10:00:00Z', paymentStatus: 'pending', status: 'pending', method: 'credit_card', lines: [{ ...bone, quantity: 8, unitCents: 4_500 }] });
  // Refunded in full: still a sale on its day, given back on the refund's.
  const refunded = await pastOrder(bilal.user.id, {
    at: '2026-03-20T10:00:00Z', paymentStatus: 'refunded', status: 'cancelled', method: 'credit_card', lines: [{ ...bone, quantity: 2, unitCents: 4_500 }],
  });
  await refundOn(refunded.id, '2026-03-21T10:00:00Z', 9_000, 'succeeded');
  await refundOn(refunded.id, '2026-03-22T10:00:00Z', 1_000, 'failed');
  await refundOn(refunded.id, '2026-03-22T11:00:00Z', 1_100, 'pending');
  await refundOn(past.id, '2026-03-23T10:00:00Z', 4_115, 'succeeded', usdCentsToPkrMinor(4_115, '280.1250') + 37);
  await refundOn(april.id, '2026-03-31T23:59:59.999Z', 500, 'manual');
  await refundOn(april.id, '2026-04-01T00:00:00Z', 700, 'manual');

  const [account] = await db().insert(storeCreditAccounts).values({ userId: buyer }).returning();
  creditAccount = account.id;
  await creditOn(past.id, '2026-03-25T10:00:00Z', 2_000, 'return');
  await creditOn(refunded.id, '2026-03-27T10:00:00Z', 300, 'released');
  await creditOn(cancelled.id, '2026-03-26T10:00:00Z', 5_000, 'released');
  await creditOn(past.id, '2026-03-26T10:00:00Z', -1_000, 'spent');
  await creditOn(past.id, '2026-03-26T11:00:00Z', 800, 'adjustment');

  await returnOn(past.id, buyer, '2026-03-28T10:00:00Z', 'resolved', [['damaged', 2], ['defective', 1]]);
  await returnOn(past.id, buyer, '2026-03-29T10:00:00Z', 'requested', [['damaged', 1]]);
  await returnOn(past.id, buyer, '2026-03-29T11:00:00Z', 'rejected', [['no_longer_needed', 1]]);
  await returnOn(past.id, buyer, '2026-02-27T10:00:00Z', 'requested', [['wrong_item', 1]]);
  ids = { cardOrder: card.orderId, walletOrder: wallet.orderId, past: past.id };
});
afterAll(() => shop.t.close());

/**
 * The report as a reader would add it up by hand from every row of the tables checkout, refunds and returns write:
 * plain sums over the rows, written without the report's queries.
 */
async function expectedReport(from: string, to: string): Promise<SalesReport> {
  const [orderRows, itemRows, paymentRows, refundRows, creditRows, returnRows, returnItemRows, userRows, productRows] = await Promise.all([
    db().select().from(orders), db().select().from(orderItems), db().select().from(payments), db().select().from(refunds),
    db().select().from(storeCreditEntries), db().select().from(returns), db().select().from(returnItems), db().select().from(users),
    db().select().from(products),
  ]);
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + 86_400_000;
  const inRange = (when: Date) => when.getTime() >= start && when.getTime() < end;
  const isSale = (order: typeof orderRows[number]) => order.paymentStatus === 'paid' || order.paymentStatus === 'refunded'
    || (order.paymentStatus === 'awaiting_payment' && order.status !== 'cancelled');
  const orderOf = new Map(orderRows.map((order) => [order.id, order]));
  const sales = orderRows.filter((order) => isSale(order) && inRange(order.createdAt));
  const saleIds = new Set(sales.map((order) => order.id));
  const given = [
    ...refundRows.filter((row) => (row.status === 'succeeded' || row.status === 'manual') && inRange(row.createdAt))
      .map((row) => ({ orderId: row.orderId, cents: row.amountUsdCents, pkr: row.currency === 'PKR' ? row.amountMinor : null, at: row.createdAt })),
    ...creditRows.filter((row) => row.orderId && inRange(row.createdAt)
      && (row.kind === 'return' || (row.kind === 'released' && isSale(orderOf.get(row.orderId)!))))
      .map((row) => ({ orderId: row.orderId!, cents: row.amountCents, pkr: null, at: row.createdAt })),
  ];
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const money = (gross: number, back: number) => ({ gross: centsToDecimal(gross), refunds: centsToDecimal(back), net: centsToDecimal(gross - back) });
  const gross = sum(sales.map((order) => order.totalCents));
  const back = sum(given.map((row) => row.cents));
  const grossPkr = sum(sales.map((order) => usdCentsToPkrMinor(order.totalCents, order.exchangeRate)));
  const backPkr = sum(given.map((row) => row.pkr ?? usdCentsToPkrMinor(row.cents, orderOf.get(row.orderId)!.exchangeRate)));
  const halfUp = (value: number, count: number) => (count ? Math.round(value / count) : 0);
  const lines = itemRows.filter((item) => saleIds.has(item.orderId));
  const dayCount = (end - start) / 86_400_000;
  const days = Array.from({ length: dayCount }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
  const dayOf = (when: Date) => when.toISOString().slice(0, 10);

  const group = <T, K>(rows: T[], key: (row: T) => K) => {
    const groups = new Map<K, T[]>();
    for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
    return [...groups];
  };
  const sold = <K>(key: (item: typeof lines[number]) => K) => group(lines, key)
    .map(([k, rows]) => ({ key: k, units: sum(rows.map((row) => row.quantity)), cents: sum(rows.map((row) => row.lineTotalCents)) }))
    .sort((a, b) => b.cents - a.cents);
  const latestMethod = (orderId: string) => paymentRows.filter((row) => row.orderId === orderId)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]?.method ?? null;
  const byOrders = <K>(key: (order: typeof sales[number]) => K) => group(sales, key)
    .map(([k, rows]) => ({ key: k, orders: rows.length, cents: sum(rows.map((row) => row.totalCents)) }))
    .sort((a, b) => b.cents - a.cents);
  const customerIds = [...new Set([...sales.map((order) => order.userId), ...given.map((row) => orderOf.get(row.orderId)!.userId)])];
  const customers = customerIds.map((userId) => {
    const user = userRows.find((row) => row.id === userId)!;
    const theirs = sales.filter((order) => order.userId === userId);
    const gave = sum(given.filter((row) => orderOf.get(row.orderId)!.userId === userId).map((row) => row.cents));
    const spent = sum(theirs.map((order) => order.totalCents));
    return { user_id: userId, name: `${user.firstName} ${user.lastName}`, email: user.email, orders: theirs.length, ...money(spent, gave), cents: spent - gave };
  }).sort((a, b) => b.cents - a.cents).map(({ cents: _cents, ...row }) => row);
  const asked = returnRows.filter((row) => row.status !== 'rejected' && inRange(row.createdAt));
  const askedItems = returnItemRows.filter((item) => asked.some((row) => row.id === item.returnId));

  return {
    from, to,
    revenue: money(gross, back),
    revenue_pkr: money(grossPkr, backPkr),
    orders: sales.length,
    average_order_value: centsToDecimal(halfUp(gross, sales.length)),
    average_order_value_pkr: centsToDecimal(halfUp(grossPkr, sales.length)),
    units: sum(lines.map((item) => item.quantity)),
    by_day: days.map((date) => ({
      date,
      orders: sales.filter((order) => dayOf(order.createdAt) === date).length,
      ...money(
        sum(sales.filter((order) => dayOf(order.createdAt) === date).map((order) => order.totalCents)),
        sum(given.filter((row) => dayOf(row.at) === date).map((row) => row.cents)),
      ),
    })),
    top_products: sold((item) => item.productId).map((row) => ({
      product_id: row.key, name: productRows.find((product) => product.id === row.key)!.name, units: row.units, revenue: centsToDecimal(row.cents),
    })),
    top_categories: sold((item) => item.categoryName).map((row) => ({ category: row.key, units: row.units, revenue: centsToDecimal(row.cents) })),
    top_customers: customers,
    payment_methods: byOrders((order) => latestMethod(order.id)).map((row) => ({ method: row.key, orders: row.orders, gross: centsToDecimal(row.cents) })),
    countries: byOrders((order) => order.country).map((row) => ({ country: row.key, orders: row.orders, gross: centsToDecimal(row.cents) })),
    returns_by_reason: group(askedItems, (item) => item.reason).map(([reason, items]) => ({
      reason, returns: new Set(items.map((item) => item.returnId)).size, units: sum(items.map((item) => item.quantity)),
    })).sort((a, b) => b.units - a.units),
  };
}

describe('the sales report', () => {
  it('adds up to the same figures as the orders, payments, refunds and store credit rows summed one by one', async () => {
    for (const [from, to] of [['2026-03-01', '2026-03-31'], ['2026-04-01', '2026-04-30'], ['2026-02-01', '2026-04-30'], ['2026-03-12', '2026-03-12']]) {
      expect(await report(`from=${from}&to=${to}`), `${from} to ${to}`).toEqual(await expectedReport(from, to));
    }
  });

  it('counts March as the shop sold it: five sales, their units, refunds on the days given, both ends of the range included', async () => {
    const march = await report('from=2026-03-01&to=2026-03-31');
    const [card, wallet] = await db().select().from(orders).where(inArray(orders.id, [ids.cardOrder, ids.walletOrder])).orderBy(orders.createdAt);
    // The card and JazzCash orders, the first instant's and the last instant's, the one refunded in full.
    expect(march.orders).toBe(5);
    expect(march.units).toBe(2 + 4 + 3 + 5 + 2);
    const gross = card.totalCents + wallet.totalCents + 12_345 + 45_000 + 9_000;
    // 30.25 by card; the full refund; Easypaisa's 41.15; 5.00 by hand on the 31st; 20.00 credited for a return; 3.00 released.
    const back = 3_025 + 9_000 + 4_115 + 500 + 2_000 + 300;
    expect(march.revenue).toEqual({ gross: centsToDecimal(gross), refunds: centsToDecimal(back), net: centsToDecimal(gross - back) });
    expect(march.by_day[0]).toMatchObject({ date: '2026-03-01', orders: 1, gross: '123.45' });
    expect(march.by_day.at(-1)).toMatchObject({ date: '2026-03-31', orders: 1, gross: '450.00', refunds: '5.00' });
    expect(march.by_day).toHaveLength(31);
    expect(march.by_day[1]).toEqual({ date: '2026-03-02', orders: 0, gross: '0.00', refunds: '0.00', net: '0.00' });
    expect(march.countries.map((row) => row.country).sort()).toEqual(['AE', 'PK', 'SA']);
    expect(march.payment_methods.find((row) => row.method === 'invoice')).toEqual({ method: 'invoice', orders: 1, gross: '450.00' });
    expect(march.returns_by_reason).toEqual([{ reason: 'damaged', returns: 2, units: 3 }, { reason: 'defective', returns: 1, units: 1 }]);
    // The rupee refund counts as paid, 37 paisa over its dollars at the order's rate.
    const april = await report('from=2026-04-01&to=2026-04-01');
    expect(april).toMatchObject({ orders: 1, revenue: { gross: '400.00', refunds: '7.00', net: '393.00' } });
  });

  it('reads the last 7 days up to today without a range, and 7 days up to `to` without `from`', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const plain = await report('');
    expect(plain.to).toBe(today);
    expect(plain.by_day).toHaveLength(7);
    const ending = await report('to=2026-03-31');
    expect(ending).toMatchObject({ from: '2026-03-25', to: '2026-03-31' });
  });

  it('writes each table as CSV from the same figures', async () => {
    const march = await report('from=2026-03-01&to=2026-03-31');
    const csv = async (table: string) => {
      const response = await get(`/api/staff/reports/sales.csv?from=2026-03-01&to=2026-03-31&table=${table}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="sales-${table.replace(/_/g, '-')}-2026-03-01-to-2026-03-31.csv"`);
      return response.body.trimEnd().split('\r\n');
    };
    expect(await csv('products')).toEqual([
      'product_id,product,units,revenue_usd', ...march.top_products.map((row) => `${row.product_id},${row.name},${row.units},${row.revenue}`),
    ]);
    const days = await csv('days');
    expect(days).toHaveLength(32);
    expect(days[1]).toBe('2026-03-01,1,123.45,0.00,123.45');
    expect(await csv('customers')).toEqual([
      'customer,email,orders,gross_usd,refunds_usd,net_usd',
      ...march.top_customers.map((row) => [row.name, row.email, row.orders, row.gross, row.refunds, row.net].join(',')),
    ]);
    expect(await csv('returns')).toEqual(['reason,returns,units', 'damaged,2,3', 'defective,1,1']);
    expect((await csv('countries'))[0]).toBe('country,orders,gross_usd');
    expect((await csv('payment_methods'))[0]).toBe('payment_method,orders,gross_usd');
    expect((await csv('categories'))[0]).toBe('category,units,revenue_usd');
  });
});

describe('who may read the report', () => {
  it('opens to the owner and sales; other staff and buyers are refused, and a visitor must sign in', async () => {
    for (const url of ['/api/staff/reports/sales/?from=2026-03-01&to=2026-03-31', '/api/staff/reports/sales.csv?from=2026-03-01&to=2026-03-31&table=days']) {
      for (const role of ['owner', 'sales'] as const) expect((await get(url, shop.staff[role])).statusCode, `${role} ${url}`).toBe(200);
      for (const role of ['catalogue', 'fulfilment', 'support'] as const) {
        const refused = await get(url, shop.staff[role]);
        expect(refused.statusCode, `${role} ${url}`).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'STAFF_ONLY' });
      }
      expect((await get(url, shop.buyer)).statusCode).toBe(403);
      expect((await get(url, {})).statusCode).toBe(401);
    }
  });

  it('refuses a range it cannot read, field by field, before reading anything', async () => {
    const refused = async (query: string) => {
      const response = await get(`/api/staff/reports/sales/?${query}`);
      expect(response.statusCode, query).toBe(400);
      return response.json<{ errors: Record<string, string[]>; issues: Record<string, { key: string }[]> }>();
    };
    expect((await refused('from=2026-02-30&to=2026-03-01')).errors).toHaveProperty('from');
    expect((await refused('from=2026-03-01&to=31-03-2026')).errors).toHaveProperty('to');
    expect((await refused('from=2026-03-02&to=2026-03-01')).issues.to).toEqual([{ key: 'date_range_reversed' }]);
    expect((await refused('from=2025-01-01&to=2026-01-02')).issues.from).toEqual([{ key: 'date_range_too_long', params: { max: 366 } }]);
    expect((await refused('from=2999-01-01')).issues.to).toEqual([{ key: 'date_range_reversed' }]);
    // 366 days, a leap year, is still one report.
    expect((await get('/api/staff/reports/sales/?from=2028-01-01&to=2028-12-31')).statusCode).toBe(200);
    const csv = await get('/api/staff/reports/sales.csv?from=2026-03-01&to=2026-03-31&table=everything');
    expect(csv.statusCode).toBe(400);
    expect(csv.json()).toMatchObject({ errors: { table: [expect.any(String)] } });
  });
});
