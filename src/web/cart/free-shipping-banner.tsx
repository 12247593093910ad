import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Truck } from 'lucide-react';
import type { Cart } from '#contracts/cart';
import { formatPrice } from '../i18n/format.ts';
import { type Format, useFormat } from '../i18n/use-format.ts';

const inDollars: Format['price'] = (usd) => formatPrice(usd, 'en', 'USD', undefined);

export function freeShippingText(amountToFreeShipping: string, t: TFunction<'cart'>, price = inDollars): string {
  return Number(amountToFreeShipping) > 0
    ? t('addForFreeShipping', { amount: price(amountToFreeShipping) })
    : t('freeShippingReached');
}

/** Progress towards free shipping, measured on the subtotal before any discount, as the server does. */
export function FreeShippingBanner({ cart }: { cart: Pick<Cart, 'subtotal' | 'free_shipping_threshold' | 'amount_to_free_shipping'> }) {
  const { t } = useTranslation('cart');
  const { price } = useFormat();
  if (cart.free_shipping_threshold === null || cart.amount_to_free_shipping === null) return null;
  const threshold = Number(cart.free_shipping_threshold);
  const percent = threshold > 0 ? Math.min(100, Math.round((Number(cart.subtotal) / threshold) * 100)) : 100;
  const reached = Number(cart.amount_to_free_shipping) <= 0;

  return (
    <div className={reached ? 'rounded-xl border border-emerald-200 bg-emerald-50 p-4' : 'rounded-xl border border-brand-200 bg-brand-50 p-4'}>
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Truck aria-hidden="true" className={reached ? 'h-5 w-5 text-emerald-700' : 'h-5 w-5 text-brand-700'} />
        {freeShippingText(cart.amount_to_free_shipping, t, price)}
      </p>
      <div
        role="progressbar"
        aria-label={t('freeShippingProgress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-2 overflow-hidden rounded-full bg-white ring-1 ring-slate-200 ring-inset"
      >
        <div className={reached ? 'h-full rounded-full bg-emerald-500' : 'h-full rounded-full bg-brand-600'} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
