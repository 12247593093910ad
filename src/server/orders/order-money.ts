import { eq, inArray } from 'drizzle-orm';
import { centsToDecimal, centsToNumber, type MoneyBreakdown, rateDisplay } from '#contracts/money';
import type { OrderCharges } from '#contracts/payment';
import type { Db } from '../db/client.ts';
import type { orders } from '../db/schema/orders.ts';
import { promoCodes, promoRedemptions } from '../db/schema/promo.ts';
import { formatUsd } from '../promo/promo.service.ts';

type OrderMoneyRow = Pick<typeof orders.$inferSelect,
  'subtotalCents' | 'discountCents' | 'shippingCents' | 'taxCents' | 'feeCents' | 'totalCents' | 'currency' | 'exchangeRate' | 'totalChargedMinor'>;

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

/** An amount in minor units of `currency`: '$387.48', 'PKR 108,000.00'. */
export const formatCharged = (minor: number, currency: string): string => currency === 'USD' ? formatUsd(minor)
  : `${currency} ${centsToNumber(minor).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export interface MoneyLine {
  label: string;
  value: string;
  /** The totals a reader looks for: the total in dollars and the amount charged. */
  strong?: boolean;
}

/**
 * The breakdown as the mail and the invoice print it: a discount (with its code) and a card fee only when there is
 * one, shipping 'Free' at 0, and the amount charged with its rate when not in dollars. `charged` names the last line
 * ('Charged', or 'Amount due' on payment terms).
 */
export function breakdownLines(row: OrderMoneyRow, promoCode: string | null, charged = 'Charged'): MoneyLine[] {
  return [
    { label: 'Subtotal', value: formatUsd(row.subtotalCents) },
    ...(row.discountCents > 0
      ? [{ label: promoCode ? `Discount (${promoCode})` : 'Discount', value: `-${formatUsd(row.discountCents)}` }] : []),
    { label: 'Shipping', value: row.shippingCents === 0 ? 'Free' : formatUsd(row.shippingCents) },
    { label: 'Tax', value: formatUsd(row.taxCents) },
    ...(row.feeCents > 0 ? [{ label: 'Card processing fee', value: formatUsd(row.feeCents) }] : []),
    { label: 'Total (USD)', value: formatUsd(row.totalCents), strong: true },
    ...(row.currency === 'USD' ? [] : [{ label: 'Exchange rate', value: `${rateDisplay(row.exchangeRate)} ${row.currency} per USD` }]),
    { label: `${charged} (${row.currency})`, value: formatCharged(row.totalChargedMinor, row.currency), strong: true },
  ];
}
