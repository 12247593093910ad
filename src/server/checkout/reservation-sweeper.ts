import { and, eq, lte } from 'drizzle-orm';
import { orders } from '../db/schema/orders.ts';
import { shopEvent } from '../orders/order-event-text.ts';
import { releaseOrderStock, type ReleaseDeps } from '../orders/release-order.ts';

const BATCH = 100;

/** Cancels pending orders whose 15-minute reservation has run out and gives their stock back; answers how many. */
export async function expireReservations(deps: ReleaseDeps, now = new Date()): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await deps.db.select({ id: orders.id }).from(orders)
      .where(and(eq(orders.status, 'pending'), lte(orders.reservationExpiresAt, now))).limit(BATCH);
    for (const order of due) {
      const cancelled = await releaseOrderStock(deps, order.id, {
        failureMessage: 'Payment was not completed within 15 minutes.',
        event: shopEvent('reservation_expired'),
        expiredBy: now,
      });
      if (cancelled) expired++;
    }
    if (due.length < BATCH) return expired;
  }
}
