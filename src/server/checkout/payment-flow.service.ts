import { centsToNumber } from '#contracts/money';
import {
  throughGateway, type ApprovalPending, type GatewayMethod, type PaymentMethod, type PaymentSuccess, type PaymentWaiting,
  type ProcessPaymentInput,
} from '#contracts/payment';
import { and, eq, inArray } from 'drizzle-orm';
import { payments } from '../db/schema/payments.ts';
import { declaredCode } from '../lib/errors.ts';
import { maskInstrument } from '../payment/masked-instrument.ts';
import type { ChargeResult } from '../payment/providers/payment-provider.ts';
import { confirmOrder } from '../orders/confirm-order.ts';
import { failPayment } from '../orders/fail-payment.ts';
import type { OrderSource } from '../orders/order-source.ts';
import { placeOrder, PLACING, type PlacedOrder } from '../orders/place-order.ts';
import { logLicenceBlock } from '../licences/licence-gate.ts';
import { AnswerError } from './answer-error.ts';
import { charge } from './charge.ts';
import { cashDue } from '../cod/cod-terms.ts';
import {
  checkIdempotencyKey, claimIdempotencyKey, recordAnswer, releaseIdempotencyKey, requestHash, type StoredAnswer,
} from './idempotency.ts';
import type { PaymentDeps } from './payment-deps.ts';

export const PAYMENT_SUCCESS_MESSAGE = 'Payment successful. Your order has been placed.';
export const INVOICE_ORDER_MESSAGE = 'Your order has been placed on payment terms. Pay the invoice by its due date.';
/**
 * Pay by invoice, cash on delivery and an order store credit paid in full ask no gateway: the order was accepted on its
 * terms, or paid, when it was placed (what the buyer is told of an unpaid one is unpaidOrderMessage's).
 */
const NO_GATEWAY: ChargeResult = { status: 'succeeded', reference: '', message: '' };

/** What the buyer is told of an order confirmed before its money arrives; null for one paid through a gateway. */
export function unpaidOrderMessage(method: PaymentMethod, attempt: Parameters<typeof cashDue>[0]): string | null {
  if (method === 'cash_on_delivery') return `Your order is confirmed. Pay ${cashDue(attempt)} in cash on delivery.`;
  return method === 'invoice' ? INVOICE_ORDER_MESSAGE : null;
}

/** The answer once the charge succeeded: the order confirmed (by this call or another), or the money due back. */
async function settle(deps: PaymentDeps, placed: PlacedOrder, body: ProcessPaymentInput, result: ChargeResult): Promise<StoredAnswer> {
  const confirmation = await confirmOrder(deps, placed.transactionId, { gatewayReference: result.reference || undefined });
  if (confirmation?.result === 'refund_due' || confirmation?.result === 'refunded') {
    // The sweeper gave the stock back while the gateway was still answering, and it is gone: the money goes back too.
    return {
      status: 409,
      body: {
        detail: 'Your reservation expired before the payment completed. The payment will be refunded.',
        code: declaredCode(PLACING, 'RESERVATION_EXPIRED'),
        transactionId: placed.transactionId,
      },
    };
  }
  const message = unpaidOrderMessage(placed.method, { ...placed, currency: body.currency }) ?? PAYMENT_SUCCESS_MESSAGE;
  return { status: 201, body: paymentSuccess(placed, body.currency, message) };
}

/** The answer for a payment the gateway took (or an order placed unpaid, as `message` says). */
export const paymentSuccess = (placed: PlacedOrder, currency: PaymentSuccess['currency'], message: string): PaymentSuccess => ({
  success: true,
  message,
  transactionId: placed.transactionId,
  orderId: placed.orderId,
  orderNumber: placed.orderNumber,
  paymentMethod: placed.method,
  amount: centsToNumber(placed.amountMinor),
  currency,
  fee: centsToNumber(placed.feeMinor),
  totalCharged: centsToNumber(placed.amountMinor + placed.feeMinor),
});

/** The answer after a declined charge: the order is cancelled, its stock and promo use given back; the cart stays. */
export async function decline(deps: PaymentDeps, placed: PlacedOrder, result: Extract<ChargeResult, { status: 'failed' }>): Promise<StoredAnswer> {
  const message = result.message || 'Payment failed.';
  await failPayment(deps, placed.transactionId, { reason: message, gatewayReference: result.reference || undefined });
  return {
    status: 402,
    body: { detail: message, code: declaredCode(PLACING, 'PAYMENT_DECLINED'), params: { reason: result.reason }, transactionId: placed.transactionId },
  };
}

type Waiting = Extract<ChargeResult, { status: 'pending' | 'requires_action' }>;

/**
 * The answer while the gateway has not settled: the buyer approves on the phone, pays on the gateway's page, or the
 * gateway has not answered in time (it may have charged). The order stays pending with its stock reserved; its
 * return, notification or inquiry confirms or fails it.
 */
export async function wait(deps: PaymentDeps, placed: PlacedOrder, body: ProcessPaymentInput, result: Waiting): Promise<StoredAnswer> {
  await deps.db.update(payments)
    .set({ status: result.status, providerReference: result.reference || null, updatedAt: new Date() })
    .where(and(eq(payments.transactionId, placed.transactionId), inArray(payments.status, ['pending', 'requires_action'])));
  const waiting: PaymentWaiting = {
    success: false,
    status: result.status,
    message: result.status === 'pending' ? result.message : 'Continue to the payment page.',
    transactionId: placed.transactionId,
    orderId: placed.orderId,
    orderNumber: placed.orderNumber,
    paymentMethod: body.paymentMethod as GatewayMethod,
    ...(result.status === 'requires_action' ? { next_action: result.nextAction } : {}),
  };
  return { status: 202, body: waiting };
}

export function answer(stored: StoredAnswer): PaymentSuccess | ApprovalPending | PaymentWaiting {
  if (stored.status === 201) return stored.body as PaymentSuccess;
  if (stored.status === 202) return stored.body as ApprovalPending | PaymentWaiting;
  throw new AnswerError(stored.status, stored.body as AnswerError['body']);
}

/**
 * Places and pays for an order from `source`: POST /api/payment/process (the cart), a quote's acceptance, an approved
 * request. Above a spending limit of the buyer's organisation (for a source with a hold) the answer is a request for
 * approval (202) and nothing is charged. The idempotency key is claimed first; refusals before any charge free it
 * again, while every answer after a charge is kept and repeated for the same key, so nobody is charged twice.
 */
export async function processPayment(
  deps: PaymentDeps, userId: string, keyHeader: string | string[] | undefined, body: ProcessPaymentInput, source: OrderSource,
): Promise<PaymentSuccess | ApprovalPending | PaymentWaiting> {
  const key = checkIdempotencyKey(keyHeader);
  const hash = requestHash(body) + (source.scope ? `:${source.scope}` : '');
  const replay = await claimIdempotencyKey(deps.db, userId, key, hash);
  if (replay) return answer(replay);

  let placed: PlacedOrder;
  try {
    const outcome = await placeOrder(deps, userId, key, body, source, new Date());
    if ('held' in outcome) {
      await recordAnswer(deps.db, userId, key, { status: 202, body: outcome.held });
      return outcome.held;
    }
    placed = outcome;
  } catch (error) {
    await logLicenceBlock(deps.db, error);
    await releaseIdempotencyKey(deps.db, userId, key);
    throw error;
  }
  const result = throughGateway(placed.method) ? await charge(deps, placed, body) : NO_GATEWAY;
  const outcome = await (result.status === 'succeeded' ? settle(deps, placed, body, result)
    : result.status === 'failed' ? decline(deps, placed, result) : wait(deps, placed, body, result))
    .catch((error: unknown) => {
      // The key stays claimed, so a retry cannot charge again; staff settle the order from this line.
      deps.log.error({ err: error, transactionId: placed.transactionId, orderNumber: placed.orderNumber, charge: result.status },
        'payment charged but not recorded');
      throw error;
    });
  await recordAnswer(deps.db, userId, key, outcome);
  deps.log.info({
    transactionId: placed.transactionId, orderNumber: placed.orderNumber, method: placed.method, status: result.status,
    ...maskInstrument(body),
  }, 'payment processed');
  return answer(outcome);
}
