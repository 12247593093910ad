import type { PaymentCurrency } from '#contracts/payment';

const formats: Record<PaymentCurrency, Intl.NumberFormat> = {
  USD: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
  PKR: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'PKR', currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** '$1,234.50' or 'PKR 343,799.50'; decimal strings from the wire are accepted as they are. */
export function formatMoney(amount: number | string, currency: PaymentCurrency = 'USD'): string {
  return formats[currency].format(Number(amount)).replace(/^PKR\s*/, 'PKR ');
}
