import { eq, inArray, sql } from 'drizzle-orm';
import { createShipment } from '#contracts/shipments';
import type { PaymentCurrency } from '#contracts/payment';
import { payPrivateLabelBalance } from '#contracts/private-label';
import type { DbOrTx } from '../db/client.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { apiError } from '../lib/errors.ts';
import { chargedToUsdCents } from '../refunds/refund-amounts.ts';
import { CAPTURED } from '../refunds/refunds.service.ts';
import { shopEvent } from './order-event-text.ts';

type Attempt = typeof payments.$inferSelect;

/** What an order's gateway payments took of its total and what is still due, in minor units of its currency, fees aside. */
export interface OrderBalance {
  currency: PaymentCurrency;
  paidMinor: number;
  dueMinor: number;
  /** Placed on payment terms: the invoice holds the whole total, and nothing is paid through a gateway. */
  onTerms: boolean;
}

/** The balance of each of these orders, by id: what the buyer is shown, and what paying the balance charges. */
export async function orderBalances(db: DbOrTx, orderIds: string[]): Promise<Map<string, OrderBalance>> {
  if (orderIds.length === 0) return new Map();
  const [rows, paid] = await Promise.all([
    db.select({ id: orders.id, currency: orders.currency, dueMinor: orders.balanceDueMinor }).from(orders).where(inArray(orders.id, orderIds)),
    db.select({
      orderId: payments.orderId,
      paidMinor: sql<string>`coalesce(sum(${payments.amountMinor}) filter (where ${inArray(payments.status, CAPTURED)}), 0)`,
      onTerms: sql<boolean>`bool_or(${payments.method} = 'invoice')`,
    }).from(payments).where(inArray(payments.orderId, orderIds)).groupBy(payments.orderId),
  ]);
  return new Map(rows.map((row) => {
    const payment = paid.find((p) => p.orderId === row.id);
    return [row.id, { currency: row.currency, paidMinor: Number(payment?.paidMinor ?? 0), dueMinor: row.dueMinor, onTerms: payment?.onTerms === true }];
  }));
}

/** 409 while the order's balance is unpaid: an order placed for a deposit does not ship before the rest is paid. */
export function refuseWhileBalanceDue(order: Pick<typeof orders.$inferSelect, 'balanceDueMinor'>): void {
  if (order.balanceDueMinor > 0) {
    throw apiError([createShipment, payPrivateLabelBalance], 'BALANCE_DUE', 409,
      'The balance of this order is unpaid: it ships once the buyer has paid it.');
  }
}

/**
 * In confirmOrder's transaction, with the attempt locked: a balance payment the gateway took. The first report of it
 * records it as succeeded, adds it and its fee to what the order charged and leaves nothing due (`confirmed`); a later
 * one changes nothing (`already_confirmed`). Null for any other payment, and for one that landed after its order was
 * cancelled, which confirmOrder flags for a refund as any other.
 */
export async function settleBalancePayment(
  tx: DbOrTx, attempt: Attempt, reference: string | null, now: Date,
): Promise<{ result: 'confirmed' | 'already_confirmed'; orderNumber: string } | null> {
  if (attempt.covers !== 'balance') return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId));
  if (attempt.status === 'succeeded' || attempt.status === 'refunded') return { result: 'already_confirmed', orderNumber: order.orderNumber };
  if (order.status === 'cancelled') return null;
  await tx.update(payments).set({ status: 'succeeded', providerReference: reference ?? attempt.providerReference, failureMessage: null, updatedAt: now })
    .where(eq(payments.id, attempt.id));
  // The order's fee and total are in dollars: the balance's card fee counts at the order's rate.
  const feeCents = chargedToUsdCents(attempt.feeMinor, { currency: attempt.currency, exchangeRate: order.exchangeRate });
  await tx.update(orders).set({
    balanceDueMinor: 0,
    feeCents: sql`${orders.feeCents} + ${feeCents}`,
    totalCents: sql`${orders.totalCents} + ${feeCents}`,
    totalChargedMinor: sql`${orders.totalChargedMinor} + ${attempt.amountMinor + attempt.feeMinor}`,
    updatedAt: now,
  }).where(eq(orders.id, attempt.orderId));
  await tx.insert(orderEvents).values({ orderId: attempt.orderId, status: order.status, ...shopEvent('payment_received'), createdAt: now });
  return { result: 'confirmed', orderNumber: order.orderNumber };
}
