import { and, eq, inArray, isNotNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderEdits } from '../db/schema/order-edits.ts';
import { orders } from '../db/schema/orders.ts';
import { refunds } from '../db/schema/refunds.ts';
import { storeCreditEntries } from '../db/schema/returns.ts';

/**
 * An order that counts as a sale, on the day it was placed: paid (whether refunded since or not), or confirmed on
 * payment terms or cash on delivery and not cancelled. A checkout still waiting for its gateway, a refused payment
 * and an order cancelled before it was paid are not sales. Its value is `orders.total_cents` (USD), store credit
 * spent on it included.
 */
export const countedSale = or(
  inArray(orders.paymentStatus, ['paid', 'refunded']),
  and(eq(orders.paymentStatus, 'awaiting_payment'), ne(orders.status, 'cancelled')),
)!;

/**
 * What a sale gave back, on the day it was given, in US cents, per order:
 * - refunds taken by the gateway or made by staff by transfer (a pending or refused one gave nothing yet), but not
 *   the refund of an order edited before it shipped: its total_cents is already the smaller one (nor the store
 *   credit such an edit gave back, an 'adjustment');
 * - store credit a return credited;
 * - store credit paid towards a counted order and released when it was cancelled.
 * Reports and a customer's lifetime value both subtract exactly these. `pkrMinor` is what a refund paid in rupees gave
 * back, in paisa (null for the rest, which were given in dollars).
 */
export function givenBack(db: Db) {
  const refunded = db.select({
    orderId: refunds.orderId, cents: refunds.amountUsdCents, at: refunds.createdAt,
    pkrMinor: sql<number | null>`case when ${refunds.currency} = 'PKR' then ${refunds.amountMinor} end`.as('pkr_minor'),
  })
    .from(refunds).where(and(inArray(refunds.status, ['succeeded', 'manual']),
      notInArray(refunds.id, db.select({ id: sql<string>`${orderEdits.refundId}` }).from(orderEdits).where(isNotNull(orderEdits.refundId)))));
  const credited = db.select({ orderId: sql<string>`${storeCreditEntries.orderId}`.as('order_id'), cents: storeCreditEntries.amountCents, at: storeCreditEntries.createdAt,
    pkrMinor: sql<number | null>`null::bigint`.as('pkr_minor') })
    .from(storeCreditEntries).innerJoin(orders, eq(orders.id, storeCreditEntries.orderId))
    .where(or(eq(storeCreditEntries.kind, 'return'), and(eq(storeCreditEntries.kind, 'released'), countedSale)));
  return refunded.unionAll(credited).as('given_back');
}
