import { convertUsdCents, rateE4 } from '#contracts/money';
import type { PaymentCurrency } from '#contracts/payment';

/** How an order's dollars become the charged currency's minor units: as charged, at the order's stored rate. */
export interface ChargeCurrency {
  currency: PaymentCurrency;
  /** Units of `currency` per US dollar, as stored on the order. */
  exchangeRate: string;
}

/** US cents in the charged currency's minor units, to the paisa, half up. */
export const usdCentsToCharged = (cents: number, charge: ChargeCurrency): number =>
  charge.currency === 'USD' ? cents : convertUsdCents(cents, charge.exchangeRate);

/** Minor units of the charged currency in US cents, rounded up: the dollars that give back all of them. */
export function chargedToUsdCents(minor: number, charge: ChargeCurrency): number {
  if (charge.currency === 'USD') return minor;
  const rate = rateE4(charge.exchangeRate);
  return Math.ceil((minor * 10_000) / rate);
}

/**
 * What a refund of `cents` US cents takes from a payment with `remainingMinor` left, or null when that is more than is
 * left. Asking for exactly what is shown as left (`chargedToUsdCents(remainingMinor)`) takes all of it, whatever the
 * rounding of the conversion.
 */
export function refundMinor(cents: number, remainingMinor: number, charge: ChargeCurrency): number | null {
  const refundableCents = chargedToUsdCents(remainingMinor, charge);
  if (cents > refundableCents) return null;
  return cents === refundableCents ? remainingMinor : Math.min(usdCentsToCharged(cents, charge), remainingMinor);
}
