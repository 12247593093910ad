import type { ShippingOption } from '#contracts/shipping';
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

export type PaymentField = 'mobile' | 'cnic' | 'pin' | 'accountNumber' | 'bankPin' | 'cardNumber' | 'expiry' | 'cvv' | 'cardName';
export type PaymentDetails = Partial<Record<PaymentField, string>>;

/** The spec's payment method data, per method. */
export const METHOD_FIELDS: Record<PaymentMethod, readonly PaymentField[]> = {
  store_credit: [],
  jazzcash: ['mobile', 'cnic', 'pin'],
  easypaisa: ['mobile', 'pin'],
  hbl_pay: ['accountNumber', 'bankPin'],
  credit_card: ['cardNumber', 'expiry', 'cvv', 'cardName'],
  invoice: [],
  cash_on_delivery: [],
};

/**
 * How the details are given: `typed` on this page (the sandbox's spec widget), `phone` (a wallet's mobile number
 * alone, the payment approved in its app) or `hosted` (on the gateway's own page: nothing is typed here).
 */
export type PaymentWay = 'typed' | 'phone' | 'hosted';

const WALLETS: ReadonlySet<PaymentMethod> = new Set(['jazzcash', 'easypaisa']);

/**
 * The ways `method` may be paid, the first one chosen until the buyer picks another: with `direct` details the buyer
 * may still pay on the gateway's page; without, a wallet takes only its mobile number and anything else its page.
 */
export function waysFor(method: PaymentMethod, direct: boolean): readonly PaymentWay[] {
  if (method === 'invoice' || method === 'cash_on_delivery') return ['typed'];
  if (direct) return WALLETS.has(method) ? ['typed', 'phone', 'hosted'] : ['typed', 'hosted'];
  return WALLETS.has(method) ? ['phone'] : ['hosted'];
}

export function fieldsFor(method: PaymentMethod, way: PaymentWay): readonly PaymentField[] {
  if (way === 'hosted') return [];
  return way === 'phone' ? METHOD_FIELDS[method].filter((field) => field !== 'pin') : METHOD_FIELDS[method];
}

export function missingDetails(fields: readonly PaymentField[], details: PaymentDetails): boolean {
  return fields.some((field) => !details[field]?.trim());
}

type DetailsSchema = z.ZodType<{ paymentData: PaymentDetails }, { paymentData?: PaymentDetails }>;

const NOTHING_TYPED: DetailsSchema = z.object({ paymentData: z.object({}).optional().transform(() => ({})) });

/** Each method's `paymentData` as typed at checkout, checked by the server's own rules under the names it reports. */
const typedSchemas = new Map<PaymentMethod, DetailsSchema>(
  Object.entries(DIRECT_PAYMENT_DATA).map(([method, data]) => [method as PaymentMethod, z.object({ paymentData: data })] as const),
);
/** A wallet approved in its app: its details without the PIN, which the buyer gives there. */
const withoutPin = {
  jazzcash: z.object({ paymentData: DIRECT_PAYMENT_DATA.jazzcash.omit({ pin: true }) }),
  easypaisa: z.object({ paymentData: DIRECT_PAYMENT_DATA.easypaisa.omit({ pin: true }) }),
} as Partial<Record<PaymentMethod, DetailsSchema>>;

function detailsSchema(method: PaymentMethod | null, way: PaymentWay): DetailsSchema {
  if (way === 'phone') return (method && withoutPin[method]) || NOTHING_TYPED;
  return (method && way === 'typed' && typedSchemas.get(method)) || NOTHING_TYPED;
}

const NO_DETAILS = Object.fromEntries(Object.values(METHOD_FIELDS).flat().map((field) => [field, ''])) as PaymentDetails;

/**
 * The chosen method's details as the chosen way takes them, checked by the server's own rules for that method
 * (nothing is asked before a method is chosen, for an invoice, or for the gateway's page). They live in this form's
 * state only: never stored, logged or kept in the URL.
 */
export const usePaymentDetailsForm = (method: PaymentMethod | null, way: PaymentWay) =>
  useContractForm(detailsSchema(method, way), { defaultValues: { paymentData: NO_DETAILS } });

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

/** The courier's fee for cash on delivery, as the chosen shipping option states it (USD and rupees). */
export type CashOnDeliveryFee = Pick<ShippingOption, 'cod_fee' | 'cod_fee_pkr'>;

export interface Charge {
  /** The order total in the payment currency, exactly as the server computed it. */
  amount: number;
  /** The part of it store credit pays, as the cart's answer splits it (0 without credit). */
  credit: number;
  fee: number;
  total: number;
  currency: PaymentCurrency;
}

export type ChargedCart = Pick<Cart, 'grand_total' | 'grand_total_pkr'> & Partial<Pick<Cart, 'store_credit'>>;

/** What the method pays: the total, or with store credit the rest the server's cart answer left, and the fee on that. */
export function chargeFor(
  cart: ChargedCart, method: PaymentMethod, currency: PaymentCurrency, codFee?: CashOnDeliveryFee, useCredit = false,
): Charge {
  const amountMinor = decimalToCents(currency === 'USD' ? cart.grand_total : cart.grand_total_pkr);
  const credit = useCredit ? cart.store_credit : null;
  const restMinor = credit ? decimalToCents(currency === 'USD' ? credit.rest : credit.rest_pkr) : amountMinor;
  const feeMinor = restMinor === 0 ? 0 : method === 'cash_on_delivery' && codFee
    ? decimalToCents(currency === 'USD' ? codFee.cod_fee : codFee.cod_fee_pkr) : processingFee(method, restMinor);
  return {
    amount: centsToNumber(amountMinor), credit: centsToNumber(amountMinor - restMinor), fee: centsToNumber(feeMinor),
    total: centsToNumber(restMinor + feeMinor), currency,
  };
}

/** Whether store credit, when used, pays the whole order: no method is charged then. */
export const creditCovers = (cart: ChargedCart, useCredit: boolean) => useCredit && cart.store_credit?.rest === '0.00';
