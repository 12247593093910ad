import { useTranslation } from 'react-i18next';
import type { Cart } from '#contracts/cart';
import { useFormat } from '../i18n/use-format.ts';

type Totals = Pick<
  Cart,
  'item_count' | 'subtotal' | 'discount_amount' | 'tax_rate' | 'tax_amount' | 'shipping_amount' | 'grand_total' | 'grand_total_pkr' | 'exchange_rate' | 'promo'
>;

function Row({ label, value, tone }: { label: string; value: string; tone?: 'discount' | 'free' }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className={tone === 'discount' ? 'font-semibold text-emerald-700' : tone === 'free' ? 'font-bold text-emerald-700' : 'font-semibold text-slate-900'}>
        {value}
      </dd>
    </div>
  );
}

/** The server's figures (dollars) in the visitor's currency, with what the total comes to in rupees. */
export function CartTotals({ cart }: { cart: Totals }) {
  const { t } = useTranslation('cart');
  const f = useFormat();
  const discount = Number(cart.discount_amount);
  const shipping = Number(cart.shipping_amount);
  return (
    <div>
      <dl className="space-y-2.5 text-sm">
        <Row label={t('subtotal', { count: cart.item_count })} value={f.price(cart.subtotal)} />
        {discount > 0 && <Row label={`${t('discount')}${cart.promo ? ` (${cart.promo.code})` : ''}`} value={`−${f.price(discount)}`} tone="discount" />}
        <Row label={t('shipping')} value={shipping === 0 ? t('free') : f.price(shipping)} tone={shipping === 0 ? 'free' : undefined} />
        <Row label={t('tax', { rate: f.percent(cart.tax_rate) })} value={f.price(cart.tax_amount)} />
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base">
          <dt className="font-bold text-slate-900">{t('total')}</dt>
          <dd className="font-bold text-slate-900">{f.price(cart.grand_total)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-end text-xs text-slate-500">
        {t('inRupees', { pkr: f.money(cart.grand_total_pkr, 'PKR'), rate: f.number(cart.exchange_rate, { minimumFractionDigits: 2 }) })}
      </p>
    </div>
  );
}
