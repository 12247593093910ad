import { and, count, desc, eq, not, or, sql, type SQL } from 'drizzle-orm';
import { staffAccess, staffMayUse } from '#contracts/staff-roles';
import { ORDERS_PAGE_SIZE, type Order, type OrderList, type OrdersFilter } from '#contracts/orders';
import type { UserRow } from '../auth/user-view.ts';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { organisationOrders } from '../db/schema/organisation-purchasing.ts';
import { notFound } from '../lib/errors.ts';
import { membershipOf, ORGANISATION_ORDER_READERS } from '../organisation-members/membership.ts';
import { orderViews, type OrderRow } from './order-view.ts';
import { likePattern } from '../lib/like-pattern.ts';

export const ORDER_NOT_FOUND = 'Order not found.';

/** Orders whose number, a shipment's tracking number or a line's name holds the text. */
export function searchCondition(search: string): SQL {
  const pattern = likePattern(search);
  return sql`(${orders.orderNumber} ilike ${pattern}
    or exists (select 1 from shipments s where s.order_id = ${orders.id} and s.tracking_number ilike ${pattern})
    or exists (select 1 from order_items oi where oi.order_id = ${orders.id} and oi.name ilike ${pattern}))`;
}

/**
 * An order that was never paid and was cancelled for it: its payment declined (or the gateway gave up) or its
 * reservation ran out, with no charge taken. Not the orders a buyer or the shop cancelled, nor one charged late.
 */
const NEVER_PAID = sql`(${orders.status} = 'cancelled'
  and exists (select 1 from order_events e where e.order_id = ${orders.id} and e.event in ('payment_failed', 'reservation_expired'))
  and not exists (select 1 from payments p where p.order_id = ${orders.id} and p.status <> 'failed'))`;

/**
 * One page of orders, newest first: the user's own, without those never paid (a declined payment is an attempt, not
 * an order to the buyer), or everyone's when `userId` is null (staff), narrowed by `filters` too.
 */
export async function listOrders(db: Db, userId: string | null, query: OrdersFilter, filters: (SQL | undefined)[] = []): Promise<OrderList> {
  const conditions = [
    ...filters,
    userId ? and(eq(orders.userId, userId), not(NEVER_PAID)) : undefined,
    query.status && query.status !== 'all' ? eq(orders.status, query.status) : undefined,
    query.search ? searchCondition(query.search) : undefined,
  ];
  const where = and(...conditions);
  const { page } = query;
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  const rows = await db.select().from(orders).where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id)).limit(ORDERS_PAGE_SIZE).offset((page - 1) * ORDERS_PAGE_SIZE);
  return { orders: await orderViews(db, rows), totalPages: Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)), count: total };
}

/**
 * The order the user may see, or the same 404 whether it does not exist or is someone else's, so order numbers
 * and ids cannot be probed. Staff see every order.
 */
export async function findVisibleOrder(db: Db, user: UserRow, match: SQL, notFoundDetail = ORDER_NOT_FOUND): Promise<OrderRow> {
  const [row] = await db.select().from(orders)
    .where(and(match, staffMayUse(user.staffRole, staffAccess.ordersRead) ? undefined : eq(orders.userId, user.id))).limit(1);
  if (!row) throw notFound(notFoundDetail);
  return row;
}

export const byId = (id: string) => eq(orders.id, id);

/**
 * An order to read (its invoice): one the user may see, or one placed for their organisation by any member when they
 * read its orders (its admins, approvers and finance, as in its reports). A buyer of the organisation reads only their
 * own; someone removed from it, or of another organisation, gets the same 404 as for any order not theirs. A document
 * of the order (a credit note) names itself in the 404 (`notFoundDetail`), the same whether it exists or not.
 */
export async function findReadableOrder(db: Db, user: UserRow, id: string, notFoundDetail = ORDER_NOT_FOUND): Promise<OrderRow> {
  const membership = await membershipOf(db, user.id);
  if (membership && ORGANISATION_ORDER_READERS.includes(membership.role)) {
    const [row] = await db.select({ order: orders }).from(orders)
      .innerJoin(organisationOrders, eq(organisationOrders.orderId, orders.id))
      .where(and(byId(id), eq(organisationOrders.organisationId, membership.organisationId))).limit(1);
    if (row) return row.order;
  }
  return findVisibleOrder(db, user, byId(id), notFoundDetail);
}

/**
 * GET /api/orders/track/{reference}: order numbers are matched case-insensitively, the tracking numbers of its
 * shipments exactly.
 */
export async function trackOrder(db: Db, user: UserRow, reference: string): Promise<Order> {
  const match = or(
    eq(orders.orderNumber, reference.toUpperCase()),
    sql`exists (select 1 from shipments s where s.order_id = ${orders.id} and s.tracking_number = ${reference})`,
  )!;
  const row = await findVisibleOrder(db, user, match);
  return (await orderViews(db, [row]))[0];
}
