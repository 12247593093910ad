import type { TFunction } from 'i18next';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '#contracts/payment';

/** Wallet and bank names are brands and stay as they are; the generic methods are translated. */
export function methodLabel(method: PaymentMethod, t: TFunction<'checkout'>): string {
  if (method === 'credit_card') return t('methodCard');
  if (method === 'invoice') return t('methodInvoice');
  if (method === 'cash_on_delivery') return t('methodCashOnDelivery');
  return PAYMENT_METHOD_LABELS[method];
}
