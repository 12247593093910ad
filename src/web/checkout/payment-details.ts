import { z } from 'zod';
import {
  DIRECT_PAYMENT_DATA,
  processingFee,
  type PaymentCurrency,
  type PaymentMethod,
} from '#contracts/payment';
import type { Cart } from '#contracts/cart';
import { centsToNumber, decimalToCents } from '#contracts/money';
import { useContractForm } from '../forms/use-contract-form.ts';

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

type DetailsSchema = z.ZodType<{ paymentData: PaymentDetails }, { paymentData?: PaymentDetails }>;

/** Each method's `paymentData` as typed at checkout, checked by the server's own rules under the names it reports. */
const detailsSchemas = new Map<PaymentMethod, DetailsSchema>([
  ...Object.entries(DIRECT_PAYMENT_DATA).map(([method, data]) => [method as PaymentMethod, z.object({ paymentData: data })] as const),
  ['invoice', z.object({ paymentData: z.object({}).optional().transform(() => ({})) })],
]);

const NO_DETAILS = Object.fromEntries(Object.values(METHOD_FIELDS).flat().map((field) => [field, ''])) as PaymentDetails;

/**
 * The chosen method's details, checked by the server's own rules for that method (nothing is asked before a method
 * is chosen, as for an invoice). They live in this form's state only: never stored, logged or kept in the URL.
 */
export const usePaymentDetailsForm = (method: PaymentMethod | null) =>
  useContractForm(detailsSchemas.get(method ?? 'invoice')!, { defaultValues: { paymentData: NO_DETAILS } });

export type PaymentDetailsFormApi = ReturnType<typeof usePaymentDetailsForm>;

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
