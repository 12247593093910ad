import { eq, inArray } from 'drizzle-orm';
import { centsToDecimal, type MoneyBreakdown, rateDisplay } from '#contracts/money';
import type { OrderCharges, PaymentMethod } from '#contracts/payment';
import type { Db } from '../db/client.ts';
import type { orders } from '../db/schema/orders.ts';
import { promoCodes, promoRedemptions } from '../db/schema/promo.ts';
import type { Texts } from '../lib/texts.ts';

type OrderMoneyRow = Pick<typeof orders.$inferSelect,
  'subtotalCents' | 'discountCents' | 'shippingCents' | 'taxCents' | 'feeCents' | 'totalCents' | 'currency' | 'exchangeRate' | 'totalChargedMinor'>;
type OrderPaidRow = OrderMoneyRow & Pick<typeof orders.$inferSelect, 'storeCreditCents'>;

/** The order's lines in US dollars, as stored: subtotal − discount + shipping + tax + fee = total. */
export function orderBreakdown(row: OrderMoneyRow): MoneyBreakdown {
  return {
    subtotal: centsToDecimal(row.subtotalCents),
    discount: centsToDecimal(row.discountCents),
    shipping: centsToDecimal(row.shippingCents),
    tax: centsToDecimal(row.taxCents),
    fee: centsToDecimal(row.feeCents),
    total: centsToDecimal(row.totalCents),
  };
}

/** The breakdown with what was charged for it, for the payment result and every order answer. */
export function orderCharges(row: OrderMoneyRow, promoCode: string | null): OrderCharges {
  return {
    breakdown: orderBreakdown(row),
    amountCharged: centsToDecimal(row.totalChargedMinor),
    currency: row.currency,
    exchangeRate: row.currency === 'USD' ? null : rateDisplay(row.exchangeRate),
    promoCode,
  };
}

/** The promo code each of these orders used, by order id (orders without one are left out). */
export async function promoCodesByOrder(db: Db, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select({ orderId: promoRedemptions.orderId, code: promoCodes.code }).from(promoRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
    .where(inArray(promoRedemptions.orderId, orderIds));
  return new Map(rows.map((row) => [row.orderId, row.code]));
}

export interface MoneyLine {
  label: string;
  value: string;
  /** The totals a reader looks for: the total in dollars and the amount charged. */
  strong?: boolean;
}

/** The rate a charge in another currency than dollars was made at ('278.50 PKR per USD'); none for dollars. */
export function exchangeRateLines(row: Pick<OrderMoneyRow, 'currency' | 'exchangeRate'>, texts: Texts): MoneyLine[] {
  if (row.currency === 'USD') return [];
  const rate = texts.number(Number(rateDisplay(row.exchangeRate)), { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: false });
  return [{ label: texts.invoice('exchangeRate'), value: texts.invoice('rate', { rate, currency: row.currency }) }];
}

/**
 * The breakdown as the mail and the invoice print it, in the reader's language: a discount (with its code) and a card
 * fee only when there is one (the courier's, paid in cash on delivery), shipping 'Free' at 0, and the amount charged
 * with its rate when not in dollars. The last line is 'Charged', or 'Amount due' for an order awaiting its payment.
 */
export function breakdownLines(
  row: OrderPaidRow, promoCode: string | null, texts: Texts, due = false, method: PaymentMethod | null = null,
): MoneyLine[] {
  const t = texts.invoice;
  const usd = (cents: number) => texts.money(cents, 'USD');
  return [
    { label: t('subtotal'), value: usd(row.subtotalCents) },
    ...(row.discountCents > 0
      ? [{ label: promoCode ? t('discountWithCode', { code: promoCode }) : t('discount'), value: usd(-row.discountCents) }] : []),
    { label: t('shipping'), value: row.shippingCents === 0 ? t('free') : usd(row.shippingCents) },
    { label: t('tax'), value: usd(row.taxCents) },
    ...(row.feeCents > 0 ? [{ label: t(method === 'cash_on_delivery' ? 'codFee' : 'cardFee'), value: usd(row.feeCents) }] : []),
    { label: t('total'), value: usd(row.totalCents), strong: true },
    // The method was charged the rest.
    ...(row.storeCreditCents > 0 ? [{ label: t('storeCredit'), value: usd(-row.storeCreditCents) }] : []),
    ...exchangeRateLines(row, texts),
    { label: t(due ? 'amountDue' : 'charged', { currency: row.currency }), value: texts.money(row.totalChargedMinor, row.currency), strong: true },
  ];
}
