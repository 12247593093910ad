import { eq } from 'drizzle-orm';
import { centsToNumber, usdCentsToPkrMinor } from '#contracts/money';
import type { DbOrTx } from '../db/client.ts';
import { type payments } from '../db/schema/payments.ts';
import { shippingMethods } from '../db/schema/shipping.ts';
import { shopEvent, type OrderEventText } from '../orders/order-event-text.ts';
import { processPayment } from '#contracts/payment';
import { acceptQuote } from '#contracts/quotes';
import { apiError, badRequest } from '../lib/errors.ts';
import { message } from '#contracts/issues';

/** The routes that place an order, paid in cash on delivery among other ways. */
const PLACING = [processPayment, acceptQuote] as const;

export interface CashOnDeliveryApproval {
  /** The courier's fee, USD cents, charged as the order's fee. */
  feeCents: number;
}

const CHOOSE_COD_METHOD = message('required', 'Choose a shipping method that takes cash on delivery.');
const CHOOSE_METHOD = message('required', 'Choose a shipping method.');

/** Minor units as '31,470.00'. */
const grouped = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "USD 120.00 (PKR 33,420.00)": an amount as the buyer reads it, in dollars and in the rupees they pay. */
const inDollarsAndRupees = (cents: number, rate: string) => `USD ${grouped(cents)} (PKR ${grouped(usdCentsToPkrMinor(cents, rate))})`;

/**
 * Inside the transaction that places an order paid in cash on delivery: the chosen shipping method must be active and
 * take cash at the door, and the order's total before the courier's fee must be within its limit. Answers the fee.
 */
export async function approveCashOnDelivery(
  tx: DbOrTx, shippingOptionId: number | null, totalCents: number, rate: string,
): Promise<CashOnDeliveryApproval> {
  if (shippingOptionId === null) {
    throw badRequest({ 'orderDetails.shippingOptionId': [CHOOSE_COD_METHOD] });
  }
  const [method] = await tx.select().from(shippingMethods).where(eq(shippingMethods.id, shippingOptionId));
  if (!method || !method.active) throw badRequest({ 'orderDetails.shippingOptionId': [CHOOSE_METHOD] });
  if (!method.codAllowed) {
    throw apiError(PLACING, 'COD_NOT_ALLOWED', 409, `${method.name} does not take cash on delivery. Choose another payment or shipping method.`);
  }
  if (method.codLimitCents !== null && totalCents > method.codLimitCents) {
    throw apiError(PLACING, 'COD_LIMIT_EXCEEDED', 409,
      `Cash on delivery with ${method.name} is for orders up to ${inDollarsAndRupees(method.codLimitCents, rate)}; `
        + `this order is ${inDollarsAndRupees(totalCents, rate)}. Choose another payment method.`,
      { limit: centsToNumber(method.codLimitCents), amount: centsToNumber(totalCents) });
  }
  return { feeCents: method.codFeeCents };
}

/** What the buyer pays the courier: the order total and the courier's fee, in the payment's currency ('PKR 31,470'). */
export const cashDue = (attempt: Pick<typeof payments.$inferSelect, 'amountMinor' | 'feeMinor' | 'currency'>): string =>
  `${attempt.currency} ${grouped(attempt.amountMinor + attempt.feeMinor)}`;

/** The timeline entry of an order confirmed to be paid in cash at the door. */
export const cashOnDeliveryConfirmationEvent = (attempt: Parameters<typeof cashDue>[0]): OrderEventText =>
  shopEvent('confirmed_cash_on_delivery', { amount: cashDue(attempt) });
