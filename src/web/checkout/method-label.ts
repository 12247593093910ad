import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '#contracts/payment';
import type { CheckoutMessages } from './messages.ts';

/** Wallet and bank names are brands and stay as they are; the generic methods are translated. */
export function methodLabel(method: PaymentMethod, t: CheckoutMessages): string {
  if (method === 'credit_card') return t.methodCard;
  if (method === 'invoice') return t.methodInvoice;
  return PAYMENT_METHOD_LABELS[method];
}
