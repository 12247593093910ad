import {
  processingFee,
  processPaymentBody,
  type PaymentCurrency,
  type PaymentMethod,
} from '#contracts/payment';
import type { Cart } from '#contracts/cart';

export type PaymentField = 'mobile' | 'pin' | 'accountNumber' | 'bankPin' | 'cardNumber' | 'expiry' | 'cvv' | 'cardName';
export type PaymentDetails = Partial<Record<PaymentField, string>>;

/** The spec's payment method data, per method. */
export const METHOD_FIELDS: Record<PaymentMethod, readonly PaymentField[]> = {
  jazzcash: ['mobile', 'pin'],
  easypaisa: ['mobile', 'pin'],
  hbl_pay: ['accountNumber', 'bankPin'],
  credit_card: ['cardNumber', 'expiry', 'cvv', 'cardName'],
  invoice: [],
};

export function missingDetails(method: PaymentMethod, details: PaymentDetails): boolean {
  return METHOD_FIELDS[method].some((field) => !details[field]?.trim());
}

const paymentDataSchemas = new Map(processPaymentBody.options.map((option) => [option.shape.paymentMethod.value, option.shape.paymentData]));

/** The server's own per-field messages for the method's details; empty when they would be accepted. */
export function detailErrors(method: PaymentMethod, details: PaymentDetails): PaymentDetails {
  const parsed = paymentDataSchemas.get(method)!.safeParse(details);
  const errors: PaymentDetails = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as PaymentField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Digits in groups of four, as printed on the card. */
export function formatCardNumber(value: string): string {
  return value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY, the slash added once the month is typed. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export interface Charge {
  /** The order total in the payment currency, exactly as the server computed it. */
  amount: number;
  fee: number;
  total: number;
  currency: PaymentCurrency;
}

export function chargeFor(cart: Pick<Cart, 'grand_total' | 'grand_total_pkr'>, method: PaymentMethod, currency: PaymentCurrency): Charge {
  const amountMinor = Math.round(Number(currency === 'USD' ? cart.grand_total : cart.grand_total_pkr) * 100);
  const feeMinor = processingFee(method, amountMinor);
  return { amount: amountMinor / 100, fee: feeMinor / 100, total: (amountMinor + feeMinor) / 100, currency };
}
