import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_CENTS } from '#contracts/cart';
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

/**
 * Totals from database prices. Tax is charged on the discounted subtotal, shipping is not taxed, and free shipping
 * is decided by the subtotal before the discount (as the cart's 'Add $X more for FREE shipping' banner shows it).
 */
export function cartTotals(lines: PricedLine[], discount: DiscountTerms | null, taxBasisPoints: number): CartTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
  const discounted = discountCents(subtotalCents, discount);
  const taxCents = divideRounded((subtotalCents - discounted) * taxBasisPoints, 10_000);
  const totalCents = subtotalCents - discounted + taxCents;
  const shippingCents = lines.length === 0 || subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : SHIPPING_CENTS;
  return { subtotalCents, discountCents: discounted, taxCents, totalCents, shippingCents, grandTotalCents: totalCents + shippingCents };
}
