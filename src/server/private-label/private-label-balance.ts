import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { centsToDecimal, centsToNumber, dollarsToCents } from '#contracts/money';
import { processingFee, type GatewayMethod, type PaymentSuccess, type PaymentWaiting, type ProcessPaymentInput } from '#contracts/payment';
import { payPrivateLabelBalance, type privateLabelBalanceBody } from '#contracts/private-label';
import { AnswerError } from '../checkout/answer-error.ts';
import { charge } from '../checkout/charge.ts';
import {
  checkIdempotencyKey, claimIdempotencyKey, recordAnswer, releaseIdempotencyKey, requestHash, type StoredAnswer,
} from '../checkout/idempotency.ts';
import { newTransactionId } from '../checkout/order-identifiers.ts';
import type { PaymentDeps } from '../checkout/payment-deps.ts';
import { answer, decline, paymentSuccess, wait } from '../checkout/payment-flow.service.ts';
import { payments } from '../db/schema/payments.ts';
import { apiError, badRequest, declaredCode } from '../lib/errors.ts';
import { confirmOrder } from '../orders/confirm-order.ts';
import { lockOrder } from '../orders/order-transitions.ts';
import type { PlacedOrder } from '../orders/place-order.ts';
import { maskInstrument } from '../payment/masked-instrument.ts';
import { decidingAccess, findRequest } from './private-label-access.ts';
import { illegalTransition } from './private-label-status.ts';

export const BALANCE_PAID_MESSAGE = 'Payment successful. The balance is paid: your order can now ship.';

type BalanceBody = z.output<typeof privateLabelBalanceBody>;

/**
 * One short transaction, with the request and its order locked: the balance payment written as pending, for exactly
 * the balance due in the order's currency, before any gateway is asked. 409 unless the request is ready to ship with
 * a balance due and no other balance payment under way; nothing is written when a check fails.
 */
async function startBalancePayment(deps: PaymentDeps, organisationId: string, id: number, userId: string, body: BalanceBody): Promise<PlacedOrder> {
  return deps.db.transaction(async (tx) => {
    const request = await findRequest(tx, organisationId, id, true);
    if (request.status !== 'ready_to_ship' || !request.orderId) throw illegalTransition('The balance is paid once the goods are ready to ship.');
    const order = await lockOrder(tx, request.orderId);
    if (order.balanceDueMinor === 0) throw illegalTransition('Nothing is left to pay on this order.');
    if (body.currency !== order.currency) throw badRequest({ currency: [`Pay the balance in ${order.currency}, as the deposit was paid.`] });
    const [open] = await tx.select({ id: payments.id }).from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.covers, 'balance'), inArray(payments.status, ['pending', 'requires_action'])));
    if (open) throw apiError(payPrivateLabelBalance, 'PAYMENT_IN_PROGRESS', 409, 'A payment of this balance is in progress.');
    const amountMinor = order.balanceDueMinor;
    if (dollarsToCents(body.amount) !== amountMinor) {
      throw new AnswerError(409, {
        detail: `The balance due is ${order.currency} ${centsToDecimal(amountMinor)}. Please review it and pay again.`,
        code: declaredCode(payPrivateLabelBalance, 'AMOUNT_MISMATCH'),
        params: { amount: centsToNumber(amountMinor), currency: order.currency },
        amount: centsToNumber(amountMinor),
        currency: order.currency,
      });
    }
    const feeMinor = processingFee(body.paymentMethod, amountMinor);
    const transactionId = newTransactionId();
    await tx.insert(payments).values({
      transactionId, orderId: order.id, userId, method: body.paymentMethod, covers: 'balance', amountMinor, currency: order.currency, feeMinor,
      ...maskInstrument(body as ProcessPaymentInput),
    });
    return { orderId: order.id, orderNumber: order.orderNumber, transactionId, lines: [], method: body.paymentMethod, amountMinor, feeMinor, email: order.email };
  });
}

/** The answer once the gateway took the balance: the order has nothing left to pay (confirmOrder, once, whoever calls). */
async function settle(deps: PaymentDeps, placed: PlacedOrder, body: BalanceBody, reference: string): Promise<StoredAnswer> {
  await confirmOrder(deps, placed.transactionId, { gatewayReference: reference || undefined });
  return { status: 201, body: paymentSuccess(placed, body.currency, BALANCE_PAID_MESSAGE) };
}

/**
 * The buyer pays the balance of the request's order through a gateway, as every payment is made: the
 * Idempotency-Key claimed first (a repeat gets the first answer, so nobody is charged twice), the attempt written
 * before the gateway is asked, and its answer applied by confirmOrder like a gateway's later report would be.
 */
export async function payBalance(
  deps: PaymentDeps, userId: string, keyHeader: string | string[] | undefined, body: BalanceBody, id: number,
): Promise<PaymentSuccess | PaymentWaiting> {
  const key = checkIdempotencyKey(keyHeader);
  const { organisationId } = await decidingAccess(deps.db, userId);
  // The same fingerprint as any payment's, for this balance only.
  const payment = body as ProcessPaymentInput;
  const replay = await claimIdempotencyKey(deps.db, userId, key, `${requestHash(payment)}:private-label-balance:${id}`);
  if (replay) return answer(replay) as PaymentSuccess | PaymentWaiting;
  let placed: PlacedOrder;
  try {
    placed = await startBalancePayment(deps, organisationId, id, userId, body);
  } catch (error) {
    await releaseIdempotencyKey(deps.db, userId, key);
    throw error;
  }
  const result = await charge(deps, placed, payment);
  const outcome = await (result.status === 'succeeded' ? settle(deps, placed, body, result.reference)
    : result.status === 'failed' ? decline(deps, placed, result) : wait(deps, placed, payment, result))
    .catch((error: unknown) => {
      deps.log.error({ err: error, transactionId: placed.transactionId, orderNumber: placed.orderNumber, charge: result.status },
        'balance charged but not recorded');
      throw error;
    });
  await recordAnswer(deps.db, userId, key, outcome);
  deps.log.info({ transactionId: placed.transactionId, orderNumber: placed.orderNumber, method: placed.method as GatewayMethod, status: result.status },
    'balance payment processed');
  return answer(outcome) as PaymentSuccess | PaymentWaiting;
}
