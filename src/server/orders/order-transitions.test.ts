import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '#contracts/orders';
import { orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { refunds } from '../db/schema/refunds.ts';
import { users } from '../db/schema/users.ts';
import { reserve, stockLevel } from '../inventory/stock-ledger.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { NEXT_STATUSES } from './order-transitions.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';

let t: CommerceTestApp;
let buyer: Awaited<ReturnType<typeof createTestUser>>;
let staff: Record<string, string>;
let kelly: number;
/** The products' only variants, whose stock the ledger keeps. */
let kellyVariant: number;
let mayoVariant: number;
let mayo: number;

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 100 },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 100 },
  ]);
  [kelly, mayo] = products.map((p) => p.id);
  [kellyVariant, mayoVariant] = products.map((p) => p.variantId);
  buyer = await createTestUser(db, { email: 'buyer@example.com' });
  staff = (await createTestUser(db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
});
afterAll(() => t.close());
beforeEach(() => {
  t.mailer.sent.length = 0;
});

const post = (url: string, payload: Record<string, unknown> = {}, headers = staff) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const advance = (id: string, status: OrderStatus) => post(`/api/staff/orders/${id}/status/`, { status });
/** Ships every line of the order with a carrier named by hand. */
async function ship(id: string) {
  const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, id));
  return post(`/api/staff/orders/${id}/shipments/`, {
    items: [{ order_item_id: line.id, quantity: line.quantity }], carrier: 'other', carrier_name: 'TCS', tracking_number: 'TCS-55501',
  });
}

/** An order of one Kelly Hemostat, put straight into `status`. */
async function orderIn(status: OrderStatus) {
  const order = await insertOrder(t.database.db, buyer.user.id, [{ productId: kelly, variantId: kellyVariant }]);
  await t.database.db.update(orders).set({ status }).where(eq(orders.id, order.id));
  return order.id;
}

describe('the order state machine', () => {
  it('walks a paid order through processing, shipping and delivery, one tracking event per step', async () => {
    const { orderId } = await buyByCard(t, buyer.headers, [{ productId: kelly, quantity: 1 }]);
    expect(t.mailer.lastTo('dr.ayesha@example.com')?.subject).toMatch(/confirmed/);
    expect((await advance(orderId, 'processing')).json<{ order: Order }>().order.status).toBe('processing');
    const shipped = (await ship(orderId)).json<{ order: Order }>().order;
    expect(shipped).toMatchObject({ status: 'shipped', canCancel: false });
    expect(shipped.shipments).toMatchObject([{ carrierName: 'TCS', trackingNumber: 'TCS-55501' }]);
    expect(t.mailer.lastTo('dr.ayesha@example.com')?.text).toContain('TCS-55501');
    const withEvent = (await post(`/api/staff/orders/${orderId}/events/`, { description: 'Arrived at Lahore hub', location: 'Lahore' }))
      .json<{ order: Order }>().order;
    expect(withEvent.status).toBe('shipped');
    const delivered = (await advance(orderId, 'delivered')).json<{ order: Order }>().order;
    expect(delivered.trackingEvents.map((e) => e.status)).toEqual(['delivered', 'shipped', 'shipped', 'processing', 'confirmed', 'pending']);
    expect(delivered.trackingEvents[1]).toMatchObject({ description: 'Arrived at Lahore hub', location: 'Lahore' });
    expect(delivered.trackingEvents.every((e) => e.timestamp && e.description)).toBe(true);
    expect(t.mailer.lastTo('dr.ayesha@example.com')?.subject).toMatch(/delivered/);
  });

  it('refuses every transition the machine does not allow with 409', async () => {
    const all: OrderStatus[] = ['pending', 'confirmed', 'processing', 'partly_shipped', 'shipped', 'delivered', 'cancelled'];
    for (const from of all) {
      for (const to of all) {
        if (NEXT_STATUSES[from].includes(to)) continue;
        const id = await orderIn(from);
        const response = to === 'shipped' ? await ship(id) : await advance(id, to);
        expect(response.statusCode, `${from} → ${to}`).toBe(409);
        expect((await t.database.db.select().from(orders).where(eq(orders.id, id)))[0].status).toBe(from);
      }
    }
  });

  it('allows every legal transition', async () => {
    for (const [from, targets] of Object.entries(NEXT_STATUSES) as [OrderStatus, OrderStatus[]][]) {
      for (const to of targets) {
        const id = await orderIn(from);
        if (from === 'pending') await reserve(t.database.db, { variantId: kellyVariant, quantity: 1 });
        // Shipments ship an order (shipments.test.ts covers partly_shipped).
        if (to === 'partly_shipped') continue;
        const response = to === 'shipped' ? await ship(id) : await advance(id, to);
        expect(response.statusCode, `${from} → ${to}`).toBe(to === 'shipped' ? 201 : 200);
        expect(response.json<{ order: Order }>().order.status).toBe(to);
      }
    }
  });

  it('ships only through a shipment', async () => {
    const id = await orderIn('processing');
    expect((await advance(id, 'shipped')).statusCode).toBe(409);
    expect((await advance(id, 'partly_shipped')).statusCode).toBe(409);
    const [stored] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(stored.status).toBe('processing');
  });

  it('sends no order mail to a buyer who turned email notifications off', async () => {
    const quiet = await createTestUser(t.database.db, { email: 'quiet@example.com' });
    await t.database.db.update(users).set({ notifications: { email: false, sms: false, push: false, cartReminders: false } }).where(eq(users.id, quiet.user.id));
    const { orderId } = await buyByCard(t, quiet.headers, [{ productId: kelly, quantity: 1 }]);
    await advance(orderId, 'processing');
    await ship(orderId);
    await advance(orderId, 'delivered');
    expect(t.mailer.sent).toHaveLength(0);
  });
});

describe('cancelling', () => {
  it('puts a paid order’s stock back and refunds what was charged through the refund path', async () => {
    const before = await stockLevel(t.database.db, mayoVariant);
    const { orderId, orderNumber } = await buyByCard(t, buyer.headers, [{ productId: mayo, quantity: 3 }]);
    expect((await stockLevel(t.database.db, mayoVariant)).currentStock).toBe(before.currentStock - 3);
    const response = await post(`/api/orders/${orderId}/cancel/`, {}, buyer.headers);
    expect(response.json<{ order: Order }>().order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', canCancel: false });
    expect(await stockLevel(t.database.db, mayoVariant)).toMatchObject({ currentStock: before.currentStock, reservedStock: before.reservedStock });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment.status).toBe('refunded');
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(refund).toMatchObject({ paymentId: payment.id, amountMinor: payment.amountMinor + payment.feeMinor, status: 'manual', createdBy: buyer.user.id });
    expect(response.json<{ order: Order }>().order.refunds).toEqual([expect.objectContaining({ id: refund.id, status: 'manual' })]);
    expect(t.mailer.lastTo('dr.ayesha@example.com')?.subject).toBe(`Sialkot Surgical: Refund for order ${orderNumber}`);
    expect((await post(`/api/orders/${orderId}/cancel/`, {}, buyer.headers)).statusCode).toBe(409);
  });

  it('releases a pending order’s reservation', async () => {
    const id = await orderIn('pending');
    await reserve(t.database.db, { variantId: kellyVariant, quantity: 1 });
    const before = await stockLevel(t.database.db, kellyVariant);
    expect((await post(`/api/orders/${id}/cancel/`, {}, buyer.headers)).json<{ order: Order }>().order.status).toBe('cancelled');
    expect(await stockLevel(t.database.db, kellyVariant)).toMatchObject({ currentStock: before.currentStock, reservedStock: before.reservedStock - 1 });
  });

  it('lets staff cancel a processing order, but the buyer only a pending or confirmed one', async () => {
    const id = await orderIn('processing');
    expect((await post(`/api/orders/${id}/cancel/`, {}, buyer.headers)).statusCode).toBe(409);
    const before = await stockLevel(t.database.db, kellyVariant);
    const cancelled = await post(`/api/staff/orders/${id}/cancel/`, { reason: 'Customer asked by phone' });
    expect(cancelled.json<{ order: Order }>().order.trackingEvents[0]).toMatchObject({ status: 'cancelled', description: 'Customer asked by phone' });
    expect((await stockLevel(t.database.db, kellyVariant)).currentStock).toBe(before.currentStock + 1);
  });
});
