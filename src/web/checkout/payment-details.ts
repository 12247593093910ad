import {
  processingFee,
  processPaymentBody,
  type PaymentCurrency,
  type PaymentMethod,
} from '#contracts/payment';
import type { Cart } from '#contracts/cart';
import { centsToNumber, decimalToCents } from '#contracts/money';
import { firstIssues, type FormIssue } from './validation-messages.ts';

export type PaymentField = 'mobile' | 'pin' | 'accountNumber' | 'bankPin' | 'cardNumber' | 'expiry' | 'cvv' | 'cardName';
export type PaymentDetails = Partial<Record<PaymentField, string>>;
export type PaymentDetailErrors = Partial<Record<PaymentField, FormIssue>>;

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

/** The server's own per-field problems for the method's details; empty when they would be accepted. */
export function detailErrors(method: PaymentMethod, details: PaymentDetails): PaymentDetailErrors {
  const parsed = paymentDataSchemas.get(method)!.safeParse(details);
  return parsed.success ? {} : firstIssues<PaymentField>(parsed.error.issues);
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
  const amountMinor = decimalToCents(currency === 'USD' ? cart.grand_total : cart.grand_total_pkr);
  const feeMinor = processingFee(method, amountMinor);
  return { amount: centsToNumber(amountMinor), fee: centsToNumber(feeMinor), total: centsToNumber(amountMinor + feeMinor), currency };
}
