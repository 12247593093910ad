import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '#contracts/orders';
import { orders } from '../db/schema/orders.ts';
import { reserve } from '../inventory/stock-ledger.ts';
import { paymentBody, TEST_CARD, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { staffApp } from '../test/staff-app.ts';

let t: CommerceTestApp;
let buyer: Record<string, string>;
let buyerId: string;
let staff: Record<string, string>;
let kelly: number;
let kellyVariant: number;

beforeAll(async () => {
  ({ t, kelly, kellyVariant, buyer, buyerId, staff: { owner: staff } } = await staffApp(['owner'], { priceCents: 1_800, stock: 100 }));
});
afterAll(() => t.close());

const post = async (url: string, payload: Record<string, unknown> = {}, headers = staff) =>
  (await t.app.inject({ method: 'POST', url, headers, payload })).json<{ order: Order }>().order;
/** The timeline oldest first, as [code, values, English]. */
const timeline = (order: Order) => order.trackingEvents.map((e) => [e.event, e.params, e.description]).reverse();

async function orderIn(status: OrderStatus) {
  const order = await insertOrder(t.database.db, buyerId, [{ productId: kelly, variantId: kellyVariant }]);
  await t.database.db.update(orders).set({ status }).where(eq(orders.id, order.id));
  return order.id;
}

describe('order timelines in codes', () => {
  it('codes placing, paying, each step and shipping with its carrier; a staff update stays as typed', async () => {
    const { orderId } = await buyByCard(t, buyer, [{ productId: kelly, quantity: 1 }]);
    await post(`/api/staff/orders/${orderId}/status/`, { status: 'processing' });
    const [line] = (await post(`/api/staff/orders/${orderId}/events/`, { description: 'Packed' })).items;
    await post(`/api/staff/orders/${orderId}/shipments/`, {
      items: [{ order_item_id: line.id, quantity: 1 }], carrier: 'other', carrier_name: 'TCS', tracking_number: 'TCS-55501',
    });
    await post(`/api/staff/orders/${orderId}/events/`, { description: 'Arrived at the Lahore sorting hub', location: 'Lahore' });
    const delivered = await post(`/api/staff/orders/${orderId}/status/`, { status: 'delivered' });

    expect(timeline(delivered)).toEqual([
      ['placed', {}, 'Order placed'],
      ['payment_received', {}, 'Payment received'],
      ['processing', {}, 'Order is being prepared for shipment'],
      [null, {}, 'Packed'],
      ['shipped', { carrier: 'TCS', trackingNumber: 'TCS-55501' }, 'Order shipped with TCS, tracking number TCS-55501'],
      [null, {}, 'Arrived at the Lahore sorting hub'],
      ['delivered', {}, 'Order delivered'],
    ]);
  });

  it('leaves a description staff give a status change uncoded', async () => {
    const id = await orderIn('confirmed');
    const order = await post(`/api/staff/orders/${id}/status/`, { status: 'processing', description: 'Packed, waiting for the courier' });
    expect(timeline(order).at(-1)).toEqual([null, {}, 'Packed, waiting for the courier']);
  });

  it('codes a cancellation by the buyer, paid or not yet paid, and by the shop; a reason staff give stays as typed', async () => {
    const { orderId } = await buyByCard(t, buyer, [{ productId: kelly, quantity: 1 }]);
    expect(timeline(await post(`/api/orders/${orderId}/cancel/`, {}, buyer)).at(-1))
      .toEqual(['cancelled_by_buyer', {}, 'Order cancelled by the buyer']);

    const pending = await orderIn('pending');
    await reserve(t.database.db, { variantId: kellyVariant, quantity: 1 });
    expect(timeline(await post(`/api/orders/${pending}/cancel/`, {}, buyer)).at(-1))
      .toEqual(['cancelled_by_buyer', {}, 'Order cancelled by the buyer']);

    expect(timeline(await post(`/api/staff/orders/${await orderIn('processing')}/cancel/`)).at(-1))
      .toEqual(['cancelled_by_shop', {}, 'Order cancelled by Sialkot Surgical']);
    expect(timeline(await post(`/api/staff/orders/${await orderIn('processing')}/cancel/`, { reason: 'Customer asked by phone' })).at(-1))
      .toEqual([null, {}, 'Customer asked by phone']);
  });

  it('codes a declined payment with the gateway’s reason', async () => {
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: kelly, quantity: 1 } });
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer })).json<{ grand_total: string }>();
    const declined = await t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...buyer, 'idempotency-key': 'declined-card' },
      payload: paymentBody('credit_card', Number(cart.grand_total), { paymentData: { ...TEST_CARD, cardNumber: '4000 0000 0000 0002' } }) as unknown as Record<string, unknown>,
    });
    expect(declined.statusCode).toBe(402);
    // The buyer's list leaves a declined order out; its number still opens it.
    const { transactionId } = declined.json<{ transactionId: string }>();
    const { orderNumber } = (await t.app.inject({ method: 'GET', url: `/api/payment/verify/${transactionId}`, headers: buyer })).json<{ orderNumber: string }>();
    const { order } = (await t.app.inject({ method: 'GET', url: `/api/orders/track/${orderNumber}`, headers: buyer })).json<{ order: Order }>();

    expect(timeline(order)).toEqual([
      ['placed', {}, 'Order placed'],
      ['payment_failed', { reason: 'Payment declined: your card was declined.' }, 'Payment failed: Payment declined: your card was declined.'],
    ]);
  });
});
