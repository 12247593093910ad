import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { centsToDecimal } from '#contracts/money';
import { MANUAL_REFERENCE_REQUIRED } from '#contracts/refunds';
import { createRefund } from '#contracts/staff-orders';
import type { Actor } from '../audit/audit.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { refunds } from '../db/schema/refunds.ts';
import { apiError, badRequest, declaredCode, HttpError, notFound } from '../lib/errors.ts';
import { type OrderMailDeps, sendOrderMail } from '../orders/order-mail.ts';
import type { RefundOutcome } from '../payment/gateways/gateway.ts';
import { chargedToUsdCents, refundMinor, type ChargeCurrency } from './refund-amounts.ts';
import type { RefundThroughGateway } from './refund-gateway.ts';

export interface RefundDeps extends OrderMailDeps {
  db: Db;
  refundThroughGateway: RefundThroughGateway;
}

export type RefundRow = typeof refunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export interface RefundAsk {
  /** US cents; null: all the payment has left. */
  usdCents: number | null;
  reason: string;
  /** A staff member's transfer reference for a refund the gateway cannot make. */
  reference?: string;
  idempotencyKey: string | null;
  userId: string;
}

/** A refund written as pending against its payment; the gateway is asked once that is committed. */
export interface ReservedRefund {
  refund: RefundRow;
  payment: PaymentRow;
}

/** A payment that took the money: refunds are made from it (a refunded one may have been refunded in part). */
export const CAPTURED = ['succeeded', 'refunded'] as const;

export const captured = (payment: Pick<PaymentRow, 'amountMinor' | 'feeMinor'>) => payment.amountMinor + payment.feeMinor;

/**
 * The order's captured payment that refunds take from, with all of them locked (the refunds of an order are counted
 * and written one at a time): the newest with something left, or the newest. An order paid in parts (a deposit, then
 * its balance) gives back the balance first, then the deposit, each never beyond what it took.
 */
async function lockCapturedPayment(tx: DbOrTx, orderId: string): Promise<PaymentRow | undefined> {
  const captures = await tx.select().from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, CAPTURED)))
    .orderBy(desc(payments.createdAt), desc(payments.id)).for('update');
  for (const payment of captures) if (captured(payment) > await refundedMinor(tx, payment.id)) return payment;
  return captures[0];
}

/** What the payment's refunds took so far, failed ones aside, in its minor units. */
async function refundedMinor(tx: DbOrTx, paymentId: string): Promise<number> {
  const [row] = await tx.select({ total: sql<string>`coalesce(sum(${refunds.amountMinor}), 0)` }).from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), ne(refunds.status, 'failed')));
  return Number(row.total);
}

/**
 * Writes a pending refund of `ask` against the order's captured payment, inside `tx`. Null when there is nothing to
 * refund and `ask` takes whatever is left (a cancellation); for an amount, 409 when nothing was captured or it is more
 * than is left. A key already used by this staff member answers that refund again (422 for another request).
 */
export async function reserveRefund(tx: DbOrTx, orderId: string, ask: RefundAsk): Promise<ReservedRefund | { replay: RefundRow } | null> {
  const [order] = await tx.select({ exchangeRate: orders.exchangeRate }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found.');
  const payment = await lockCapturedPayment(tx, orderId);
  if (ask.idempotencyKey !== null) {
    const [earlier] = await tx.select().from(refunds)
      .where(and(eq(refunds.createdBy, ask.userId), eq(refunds.idempotencyKey, ask.idempotencyKey)));
    if (earlier) return { replay: sameRequest(earlier, orderId, ask) };
  }
  if (!payment) {
    if (ask.usdCents === null) return null;
    throw apiError(createRefund, 'NOT_REFUNDABLE', 409, 'This order has no captured payment to refund.');
  }
  const remaining = captured(payment) - await refundedMinor(tx, payment.id);
  const charge: ChargeCurrency = { currency: payment.currency, exchangeRate: order.exchangeRate };
  const refundableCents = chargedToUsdCents(remaining, charge);
  const usdCents = ask.usdCents ?? refundableCents;
  const amountMinor = refundMinor(usdCents, remaining, charge);
  if (amountMinor === null || amountMinor === 0) {
    if (ask.usdCents === null) return null;
    throw new RefundExceedsCaptured(centsToDecimal(refundableCents));
  }
  const [refund] = await tx.insert(refunds).values({
    orderId, paymentId: payment.id, amountMinor, currency: payment.currency, amountUsdCents: usdCents, status: 'pending',
    reason: ask.reason, idempotencyKey: ask.idempotencyKey, createdBy: ask.userId,
  }).returning();
  return { refund, payment };
}

/** 409 REFUND_EXCEEDS_CAPTURED, with what is left to refund in US dollars. */
class RefundExceedsCaptured extends HttpError {
  constructor(readonly refundable: string) {
    super(409, `Only $${refundable} is left to refund on this order.`, undefined, declaredCode(createRefund, 'REFUND_EXCEEDS_CAPTURED'));
  }

  override toBody() {
    return { ...super.toBody(), refundable: this.refundable };
  }
}

function sameRequest(earlier: RefundRow, orderId: string, ask: RefundAsk): RefundRow {
  if (earlier.orderId !== orderId || earlier.amountUsdCents !== ask.usdCents || earlier.reason !== ask.reason) {
    throw apiError(createRefund, 'IDEMPOTENCY_KEY_REUSED', 422, 'Idempotency-Key reused with a different request.');
  }
  return answered(earlier);
}

/** A refund as its request is answered: a failed one is the gateway's refusal, every time it is asked again. */
function answered(refund: RefundRow): RefundRow {
  if (refund.status === 'failed') {
    throw apiError(createRefund, 'REFUND_FAILED', 409, `The gateway refused the refund: ${refund.failureMessage ?? 'no reason given'}.`);
  }
  return refund;
}

async function askGateway(deps: RefundDeps, { refund, payment }: ReservedRefund): Promise<RefundOutcome | null> {
  try {
    return await deps.refundThroughGateway(payment.method, {
      reference: payment.transactionId,
      gatewayReference: payment.providerReference ?? payment.transactionId,
      refundReference: refund.id,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      reason: refund.reason,
    });
  } catch (error) {
    // The gateway may have taken it: the refund stays pending (and counted) until someone looks.
    deps.log.error({ err: error, refundId: refund.id }, 'the gateway did not answer a refund; it stays pending');
    return null;
  }
}

export interface Settling {
  /** Records the staff member's write in the audit trail with the refund. */
  actor?: Actor;
  /** A manual refund without a reference is refused (400) rather than kept for staff to complete. */
  referenceRequired: boolean;
  /** The buyer was told of this refund already (a payment that came after its reservation ran out): no second mail. */
  buyerTold?: boolean;
}

/**
 * Asks the gateway for a reserved refund and records its answer: succeeded or pending with the gateway's reference,
 * failed with its reason, manual with the reference staff gave. When the gateway cannot refund and
 * no reference was given, the reservation is taken back and a 400 asks for one. A payment refunded in full reads as
 * refunded, and so does its order once all its payments do; the buyer is mailed unless told already.
 */
export async function settleRefund(deps: RefundDeps, reserved: ReservedRefund, ask: RefundAsk, settling: Settling): Promise<RefundRow> {
  const { refund, payment } = reserved;
  const outcome = await askGateway(deps, reserved);
  if (outcome?.status === 'manual' && !ask.reference && settling.referenceRequired) {
    await deps.db.delete(refunds).where(eq(refunds.id, refund.id));
    throw badRequest({ reference: [MANUAL_REFERENCE_REQUIRED] }, MANUAL_REFERENCE_REQUIRED);
  }
  const now = new Date();
  const change = outcome === null ? {}
    : outcome.status === 'failed' ? { status: 'failed' as const, failureMessage: outcome.reason }
      : outcome.status === 'manual' ? { status: 'manual' as const, manualReference: ask.reference || null }
        : { status: outcome.status, gatewayReference: outcome.gatewayReference };
  return deps.db.transaction(async (tx) => {
    await lockCapturedPayment(tx, refund.orderId);
    const [row] = await tx.update(refunds).set({ ...change, updatedAt: now }).where(eq(refunds.id, refund.id)).returning();
    if (row.status === 'failed') return row;
    if (await refundedMinor(tx, payment.id) >= captured(payment)) {
      await tx.update(payments).set({ status: 'refunded', updatedAt: now }).where(eq(payments.id, payment.id));
      // The order reads as refunded once none of its payments has anything left (a deposit may still have).
      const [left] = await tx.select({ id: payments.id }).from(payments)
        .where(and(eq(payments.orderId, refund.orderId), eq(payments.status, 'succeeded'))).limit(1);
      if (!left) await tx.update(orders).set({ paymentStatus: 'refunded', updatedAt: now }).where(eq(orders.id, refund.orderId));
    }
    if (settling.actor) {
      await recordAudit(tx, settling.actor, { action: 'order.refund', entity: 'order', entityId: refund.orderId, after: auditedRefund(row) });
    }
    if (!settling.buyerTold) await sendOrderMail(tx, deps, 'refunded', refund.orderId, row);
    return row;
  });
}

/** The refund as the trail keeps it: the money, its status and references, without the idempotency key. */
const auditedRefund = ({ idempotencyKey: _key, ...row }: RefundRow) => row;

/** A staff member's refund: reserved against the payment, then asked of its gateway. */
export async function refundOrder(deps: RefundDeps, orderId: string, ask: RefundAsk, actor: Actor): Promise<RefundRow> {
  const reserved = await deps.db.transaction((tx) => reserveRefund(tx, orderId, ask));
  if (reserved === null) throw new Error('a refund of an amount is refused, never empty');
  if ('replay' in reserved) return reserved.replay;
  return answered(await settleRefund(deps, reserved, ask, { actor, referenceRequired: true }));
}
