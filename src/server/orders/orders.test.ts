import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderList } from '#contracts/orders';
import { orders } from '../db/schema/orders.ts';
import { shipments } from '../db/schema/shipments.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import type { CommerceTestApp } from '../test/commerce-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { staffApp } from '../test/staff-app.ts';

let t: CommerceTestApp;
let buyer: Record<string, string>;
let other: Record<string, string>;
let staff: Record<string, string>;
let productId: number;
let otherOrder: { id: string; orderNumber: string };

beforeAll(async () => {
  let buyerId: string;
  ({ t, kelly: productId, buyer, buyerId, staff: { owner: staff } } = await staffApp(['owner'], { priceCents: 1_800, stock: 100 }));
  const { db } = t.database;
  const otherUser = await createTestUser(db, { email: 'other@example.com' });
  other = otherUser.headers;
  // 12 orders for the buyer, a minute apart, the newest last; three have tracking numbers and two are delivered.
  for (let i = 0; i < 12; i++) {
    const order = await insertOrder(db, buyerId, [{ productId, quantity: 1 + (i % 3) }]);
    await db.update(orders).set({
      createdAt: new Date(Date.UTC(2026, 0, 1, 10, i)),
      ...(i < 3 ? { status: 'shipped' } : {}),
      ...(i === 3 || i === 4 ? { status: 'delivered' } : {}),
    }).where(eq(orders.id, order.id));
    if (i < 3) {
      await db.insert(shipments).values({ orderId: order.id, number: `${order.orderNumber}-1`, carrier: 'tcs', carrierName: 'TCS', trackingNumber: `TCS-${1000 + i}` });
    }
  }
  otherOrder = await insertOrder(db, otherUser.user.id, [{ productId }]);
  await db.insert(shipments).values({ orderId: otherOrder.id, number: `${otherOrder.orderNumber}-1`, carrier: 'leopards', carrierName: 'Leopards', trackingNumber: 'LEO-777' });
});
afterAll(() => t.close());

const get = (url: string, headers = buyer) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/orders/', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/' })).statusCode).toBe(401);
  });

  it('pages the buyer’s own orders newest first, ten a page, in the spec’s shape', async () => {
    const first = (await get('/api/orders/')).json<OrderList>();
    expect(first.totalPages).toBe(2);
    expect(first.count).toBe(12);
    expect(first.orders).toHaveLength(10);
    expect(first.orders.map((o) => o.createdAt)).toEqual([...first.orders.map((o) => o.createdAt)].sort().reverse());
    expect(first.orders.some((o) => o.id === otherOrder.id)).toBe(false);
    const order = first.orders[0];
    expect(order).toMatchObject({
      status: 'confirmed', currency: 'USD', paymentStatus: 'paid', orderType: 'individual', canCancel: true,
      shippingAddress: { name: 'Test Buyer', address: '1 Hospital Road', city: 'Lahore 54000', phone: '03001234567', email: 'buyer@example.com' },
    });
    expect(order.items[0]).toMatchObject({ productId, name: `Product ${productId}`, price: 10, category: 'Test' });
    expect(typeof order.total).toBe('number');
    const second = (await get('/api/orders/?page=2')).json<OrderList>();
    expect(second.orders).toHaveLength(2);
    expect(new Set([...first.orders, ...second.orders].map((o) => o.id)).size).toBe(12);
  });

  it('filters by status and treats all as no filter', async () => {
    const shipped = (await get('/api/orders/?status=shipped')).json<OrderList>();
    expect(shipped.count).toBe(3);
    expect(shipped.totalPages).toBe(1);
    expect(shipped.orders.every((o) => o.status === 'shipped' && o.shipments[0].trackingNumber && o.shipments[0].carrierName === 'TCS' && !o.canCancel)).toBe(true);
    expect((await get('/api/orders/?status=delivered')).json<OrderList>().count).toBe(2);
    expect((await get('/api/orders/?status=all')).json<OrderList>().count).toBe(12);
    expect((await get('/api/orders/?status=lost')).statusCode).toBe(400);
  });

  it('searches order numbers, tracking numbers and item names', async () => {
    const all = [...(await get('/api/orders/')).json<OrderList>().orders];
    const number = all[4].orderNumber;
    expect((await get(`/api/orders/?search=${number.toLowerCase()}`)).json<OrderList>().orders.map((o) => o.orderNumber)).toEqual([number]);
    expect((await get('/api/orders/?search=tcs-1001')).json<OrderList>().orders.map((o) => o.shipments[0].trackingNumber)).toEqual(['TCS-1001']);
    expect((await get(`/api/orders/?search=product ${productId}`)).json<OrderList>().count).toBe(12);
    expect((await get('/api/orders/?search=LEO-777')).json<OrderList>().count).toBe(0);
    expect((await get('/api/orders/?search=%25')).json<OrderList>().count).toBe(0);
  });

  it('answers an empty page past the end with the real page count', async () => {
    const body = (await get('/api/orders/?page=9')).json<OrderList>();
    expect(body).toMatchObject({ orders: [], totalPages: 2 });
  });
});

describe('GET /api/orders/track/{reference}', () => {
  it('finds the buyer’s order by order number or tracking number', async () => {
    const { orders: list } = (await get('/api/orders/?status=shipped')).json<OrderList>();
    const byNumber = (await get(`/api/orders/track/${list[0].orderNumber}`)).json<{ order: Order }>();
    expect(byNumber.order.id).toBe(list[0].id);
    const byTracking = (await get(`/api/orders/track/${list[0].shipments[0].trackingNumber}`)).json<{ order: Order }>();
    expect(byTracking.order.id).toBe(list[0].id);
  });

  it('answers 404 alike for another user’s order and for an unknown one; staff see any order', async () => {
    const foreign = await get(`/api/orders/track/${otherOrder.orderNumber}`);
    const foreignTracking = await get('/api/orders/track/LEO-777');
    const unknown = await get('/api/orders/track/SS-NOSUCH00');
    expect([foreign.statusCode, foreignTracking.statusCode, unknown.statusCode]).toEqual([404, 404, 404]);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await get('/api/orders/track/LEO-777', staff)).json<{ order: Order }>().order.id).toBe(otherOrder.id);
  });
});

describe('ownership', () => {
  it('another user’s order is 404 for the invoice and for cancelling', async () => {
    expect((await get(`/api/orders/${otherOrder.id}/invoice.pdf`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${otherOrder.id}/cancel/`, headers: buyer })).statusCode).toBe(404);
    expect((await get(`/api/orders/${otherOrder.id}/invoice.pdf`, other)).statusCode).toBe(200);
    expect((await get(`/api/orders/${otherOrder.id}/invoice.pdf`, staff)).statusCode).toBe(200);
    expect((await get('/api/orders/not-a-uuid/invoice.pdf')).statusCode).toBe(400);
  });

  it('the staff API is for staff only', async () => {
    expect((await get('/api/staff/orders/', buyer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/orders/' })).statusCode).toBe(401);
    const all = (await get('/api/staff/orders/?search=LEO', staff)).json<OrderList>();
    expect(all.orders.map((o) => o.id)).toEqual([otherOrder.id]);
    expect((await t.app.inject({
      method: 'POST', url: `/api/staff/orders/${otherOrder.id}/status/`, headers: buyer, payload: { status: 'processing' },
    })).statusCode).toBe(403);
  });
});
