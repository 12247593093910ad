import { eq, sql } from 'drizzle-orm';
import type { Order } from '#contracts/orders';
import type { ReturnRequestBody, StaffReturnView } from '#contracts/returns';
import type { StaffRole } from '#contracts/staff-roles';
import { shipments } from '../db/schema/shipments.ts';
import { createTestUser } from './auth-fixtures.ts';
import { insertCatalogue } from './catalog-fixtures.ts';
import type { CommerceTestApp } from './commerce-fixtures.ts';
import { buyByCard } from './paid-order-fixture.ts';

type Headers = Record<string, string>;

/**
 * A shop selling a retractor in two sizes and a sterile drape, with a buyer and a staff member of each role: what a
 * return needs.
 */
export async function returnsShop(t: CommerceTestApp) {
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    {
      name: 'Senn Retractor', category: 'general-surgery', priceCents: 5_000, stock: 20,
      options: [{ name: 'Size', values: ['Small', 'Large'] }],
      variants: [{ options: { Size: 'Small' }, stock: 20 }, { options: { Size: 'Large' }, stock: 20 }],
    },
    { name: 'Sterile Drape', category: 'general-surgery', priceCents: 2_000, stock: 50 },
  ]);
  const [retractor, drape] = products;
  await db.execute(sql`insert into product_handling (product_id, sterile) values (${drape.id}, true)`);
  const buyer = await createTestUser(db, { email: 'buyer@example.com' });
  const other = await createTestUser(db, { email: 'other@example.com' });
  const staff = {} as Record<StaffRole, Headers>;
  for (const role of ['owner', 'sales', 'fulfilment', 'support', 'catalogue'] as const) {
    staff[role] = (await createTestUser(db, { email: `${role}@staff.example`, staffRole: role })).headers;
  }
  const [small, large] = retractor.variants.map((variant) => variant.id);
  return { retractor: retractor.id, drape: drape.id, small, large, buyer, other, staff };
}
export type ReturnsShop = Awaited<ReturnType<typeof returnsShop>>;

type Lines = { productId: number; variantId?: number; quantity: number }[];
type Buy = (t: CommerceTestApp, headers: Record<string, string>, lines: Lines) => Promise<{ orderId: string; orderNumber: string }>;

/** Buys (by card unless told), ships everything by hand and marks it delivered: an order a return may take. */
export async function deliveredOrder(t: CommerceTestApp, shop: ReturnsShop, lines: Lines, buy: Buy = buyByCard) {
  const { orderId, orderNumber } = await buy(t, shop.buyer.headers, lines);
  const placed = (await t.app.inject({ method: 'GET', url: `/api/orders/track/${orderNumber}`, headers: shop.buyer.headers })).json<{ order: Order }>();
  const shipped = await t.app.inject({
    method: 'POST', url: `/api/staff/orders/${orderId}/shipments/`, headers: shop.staff.owner,
    payload: {
      carrier: 'other', carrier_name: 'Rider', tracking_number: `R-${orderNumber}`,
      items: placed.order.items.map((item) => ({ order_item_id: item.id, quantity: item.quantity })),
    },
  });
  if (shipped.statusCode !== 201) throw new Error(`shipping failed: ${shipped.body}`);
  const delivered = await t.app.inject({
    method: 'POST', url: `/api/staff/orders/${orderId}/status/`, headers: shop.staff.owner, payload: { status: 'delivered' },
  });
  if (delivered.statusCode !== 200) throw new Error(`delivering failed: ${delivered.body}`);
  const order = delivered.json<{ order: Order }>().order;
  return { orderId, orderNumber, order, items: order.items };
}

/** Moves an order's deliveries `days` into the past. */
export const deliveredDaysAgo = (t: CommerceTestApp, orderId: string, days: number) =>
  t.database.db.update(shipments).set({ deliveredAt: new Date(Date.now() - days * 86_400_000) }).where(eq(shipments.orderId, orderId));

export function returnApi(t: CommerceTestApp, shop: ReturnsShop) {
  let key = 0;
  const step = (rma: string, action: string, payload: Record<string, unknown>, headers = shop.staff.owner, extra: Headers = {}) =>
    t.app.inject({ method: 'POST', url: `/api/staff/returns/${rma}/${action}/`, headers: { ...headers, ...extra }, payload });
  return {
    list: (orderNumber: string, headers = shop.buyer.headers) =>
      t.app.inject({ method: 'GET', url: `/api/orders/${orderNumber}/returns/`, headers }),
    request: (orderNumber: string, body: ReturnRequestBody, headers = shop.buyer.headers) =>
      t.app.inject({ method: 'POST', url: `/api/orders/${orderNumber}/returns/`, headers, payload: body as unknown as Record<string, unknown> }),
    approve: (rma: string, body: Record<string, unknown> = { method: 'drop_off', instructions: 'Leave it at our Lahore counter.' }, headers?: Headers) =>
      step(rma, 'approve', body, headers),
    reject: (rma: string, reason: string, headers?: Headers) => step(rma, 'reject', { reason }, headers),
    receive: (rma: string, items: Record<string, unknown>[], headers?: Headers) => step(rma, 'receive', { items }, headers),
    resolve: (rma: string, resolution: string, idempotencyKey = `resolve-${++key}`, headers?: Headers, extra: Record<string, unknown> = {}) =>
      step(rma, 'resolve', { resolution, ...extra }, headers, { 'idempotency-key': idempotencyKey }),
  };
}

export const staffReturnOf = (response: { json: <T>() => T }) => response.json<{ return: StaffReturnView }>().return;
