import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetail, CustomerRow } from '#contracts/staff-customers';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { refunds } from '../db/schema/refunds.ts';
import { returns, storeCreditAccounts, storeCreditEntries } from '../db/schema/returns.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { staffApp, type StaffApp } from '../test/staff-app.ts';

let shop: StaffApp<'owner'>;
let db: Db;
let buyerId: string;

type OrderState = Pick<typeof orders.$inferInsert, 'status' | 'paymentStatus'>;

/** An order of one line at `cents`, in the state given. */
async function order(userId: string, cents: number, state: OrderState) {
  const row = await insertOrder(db, userId, [{ productId: shop.kelly, unitPriceCents: cents }]);
  await db.update(orders).set(state).where(eq(orders.id, row.id));
  return row;
}

async function payment(orderId: string, userId: string, cents: number) {
  const [row] = await db.insert(payments).values({
    transactionId: `txn-${orderId}`, orderId, userId, method: 'credit_card', amountMinor: cents, currency: 'USD', status: 'succeeded',
  }).returning();
  return row;
}

async function refund(orderId: string, paymentId: string, cents: number, status: 'succeeded' | 'failed' | 'pending' | 'manual') {
  await db.insert(refunds).values({ orderId, paymentId, amountMinor: cents, currency: 'USD', amountUsdCents: cents, status, reason: 'test' });
}

beforeAll(async () => {
  shop = await staffApp(['owner']);
  db = shop.t.database.db;
  buyerId = (await createTestUser(db, { email: 'ledger@example.com' })).user.id;

  // A paid order: 100.00 counts whole.
  await order(buyerId, 10_000, { status: 'delivered', paymentStatus: 'paid' });
  // Paid 80.00, 30.00 refunded; a refund the gateway refused and one still pending gave nothing back.
  const partly = await order(buyerId, 8_000, { status: 'delivered', paymentStatus: 'paid' });
  const paid = await payment(partly.id, buyerId, 8_000);
  await refund(partly.id, paid.id, 3_000, 'succeeded');
  await refund(partly.id, paid.id, 1_000, 'failed');
  await refund(partly.id, paid.id, 500, 'pending');
  // Cancelled before it was paid, and refused by the gateway: no sales.
  await order(buyerId, 5_000, { status: 'cancelled', paymentStatus: 'pending' });
  await order(buyerId, 4_000, { status: 'cancelled', paymentStatus: 'failed' });
  // Confirmed on invoice terms, not yet paid: 200.00 counts.
  await order(buyerId, 20_000, { status: 'confirmed', paymentStatus: 'awaiting_payment' });
  // Paid 60.00, 25.00 of it returned as store credit.
  const returned = await order(buyerId, 6_000, { status: 'delivered', paymentStatus: 'paid' });
  const [rma] = await db.insert(returns).values({ rma: 'RMA-900001', orderId: returned.id, userId: buyerId, status: 'resolved', resolution: 'store_credit' })
    .returning();
  const [account] = await db.insert(storeCreditAccounts).values({ userId: buyerId, balanceCents: 2_500 }).returning();
  await db.insert(storeCreditEntries).values({ accountId: account.id, amountCents: 2_500, kind: 'return', orderId: returned.id, returnId: rma.id });

  // Another buyer's sale changes nothing of this one's.
  await order(shop.buyerId, 99_900, { status: 'confirmed', paymentStatus: 'paid' });
});
afterAll(() => shop.t.close());

/** The fixed orders above, summed by hand: 100.00 + (80.00 − 30.00) + 200.00 + (60.00 − 25.00). */
const EXPECTED = (10_000 + (8_000 - 3_000) + 20_000 + (6_000 - 2_500)) / 100;

describe("a customer's lifetime value", () => {
  it('is their counted sales less what those gave back, on the list and on their page alike', async () => {
    const headers = shop.staff.owner;
    const list = await shop.t.app.inject({ method: 'GET', url: '/api/staff/customers/?search=ledger@example.com', headers });
    expect(list.statusCode, list.body).toBe(200);
    const [row] = list.json<{ customers: CustomerRow[] }>().customers;
    expect(row).toMatchObject({ id: buyerId, lifetime_value: EXPECTED.toFixed(2), orders_count: 6 });

    const page = await shop.t.app.inject({ method: 'GET', url: `/api/staff/customers/${buyerId}/`, headers });
    expect(page.statusCode, page.body).toBe(200);
    const detail = page.json<CustomerDetail>();
    expect(detail.lifetime_value).toBe('385.00');
    expect(detail.orders_count).toBe(6);
    expect(detail.returns).toEqual([expect.objectContaining({ rma: 'RMA-900001', status: 'resolved' })]);
    expect(detail.store_credit).toEqual({ balance: '25.00', organisation_balance: null });
  });

  it('is 0.00 for a customer who never bought', async () => {
    const { user } = await createTestUser(db, { email: 'browser@example.com' });
    const page = await shop.t.app.inject({ method: 'GET', url: `/api/staff/customers/${user.id}/`, headers: shop.staff.owner });
    expect(page.json<CustomerDetail>()).toMatchObject({ lifetime_value: '0.00', orders_count: 0, orders: [], returns: [] });
  });
});
