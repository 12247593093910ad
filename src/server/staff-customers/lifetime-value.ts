import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { countedSale, givenBack } from '../sales-reports/counted-sales.ts';

/**
 * Each buyer's lifetime value in US cents, as the sales reports count it: the totals of their orders that count as
 * sales, less everything those orders gave back (refunds, store credit for returns, credit released on cancelling).
 * A subquery of (user_id, lifetime_cents) for the buyers with at least one counted sale.
 */
export function lifetimeValues(db: Db) {
  const back = givenBack(db);
  const perOrder = db.select({ orderId: back.orderId, cents: sql<number>`sum(${back.cents})`.as('given_back_cents') })
    .from(back).groupBy(back.orderId).as('given_back_per_order');
  return db.select({
    userId: orders.userId,
    cents: sql<number>`sum(${orders.totalCents} - coalesce(${perOrder.cents}, 0))`.mapWith(Number).as('lifetime_cents'),
  }).from(orders).leftJoin(perOrder, eq(perOrder.orderId, orders.id)).where(countedSale).groupBy(orders.userId)
    .as('lifetime_values');
}
