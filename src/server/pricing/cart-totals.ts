import { lineTotalCents, type PricedLine } from './unit-price.ts';

export interface DiscountTerms {
  kind: 'percent' | 'fixed';
  /** Basis points for percent, cents for fixed. */
  value: number;
}

export interface CartTotals {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  /** subtotal − discount + tax: the spec's total_amount. */
  totalCents: number;
  shippingCents: number;
  /** total + shipping. */
  grandTotalCents: number;
}

/** Half-up rounding of numerator / denominator for non-negative integers. */
const divideRounded = (numerator: number, denominator: number) => Math.floor((numerator * 2 + denominator) / (denominator * 2));

export function discountCents(subtotalCents: number, terms: DiscountTerms | null): number {
  if (!terms) return 0;
  const raw = terms.kind === 'percent' ? divideRounded(subtotalCents * terms.value, 10_000) : terms.value;
  return Math.min(raw, subtotalCents);
}

/** What the destination adds: its zone's tax rate and the chosen shipping method's price (see shipping/). */
export interface Charges {
  taxBasisPoints: number;
  shippingCents: number;
}

export const subtotalCents = (lines: readonly PricedLine[]): number => lines.reduce((sum, line) => sum + lineTotalCents(line), 0);

/**
 * Totals from database prices. Tax is charged on the discounted subtotal at the destination's rate, shipping is not
 * taxed; an empty cart ships nothing.
 */
export function cartTotals(lines: PricedLine[], discount: DiscountTerms | null, charges: Charges): CartTotals {
  const subtotal = subtotalCents(lines);
  const discounted = discountCents(subtotal, discount);
  const taxCents = divideRounded((subtotal - discounted) * charges.taxBasisPoints, 10_000);
  const totalCents = subtotal - discounted + taxCents;
  const shippingCents = lines.length === 0 ? 0 : charges.shippingCents;
  return { subtotalCents: subtotal, discountCents: discounted, taxCents, totalCents, shippingCents, grandTotalCents: totalCents + shippingCents };
}
