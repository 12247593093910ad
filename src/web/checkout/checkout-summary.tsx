import { useTranslation } from 'react-i18next';
import type { Cart } from '#contracts/cart';
import { Card } from '../components/ui/card.tsx';
import { ProductImage } from '../catalog/product-image.tsx';
import { CartTotals } from '../cart/cart-totals.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { DataText } from '../components/ui/data-text.tsx';
import { VariantLabel } from '../cart/variant-label.tsx';
import { isSaleSplit, LinePriceText } from '../pricing/line-price-text.tsx';

/** The credit the server's cart answer applies and what is left to pay, once the buyer chose to use it. */
function CreditLines({ credit }: { credit: NonNullable<Cart['store_credit']> }) {
  const { t } = useTranslation('checkout');
  const f = useFormat();
  return (
    <dl className="mt-3 space-y-2 border-t border-slate-200 pt-3 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t('storeCreditApplied')}</dt>
        <dd className="font-semibold text-emerald-700">−{f.price(credit.applied)}</dd>
      </div>
      <div className="flex justify-between gap-4 text-base">
        <dt className="font-bold text-slate-900">{t('remainingToPay')}</dt>
        <dd className="font-bold text-slate-900">{f.price(credit.rest)}</dd>
      </div>
    </dl>
  );
}

export function CheckoutSummary({ cart, useCredit = false }: { cart: Cart; useCredit?: boolean }) {
  const { t } = useTranslation('checkout');
  const f = useFormat();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">{t('orderSummary')}</h2>
      <ul className="mt-4 divide-y divide-slate-100" aria-label={t('itemsInOrder')}>
        {cart.items.map((item) => (
          <li key={item.id} className="flex gap-3 py-3 first:pt-0">
            <span className="relative h-14 w-14 shrink-0 rounded-lg bg-slate-50">
              <ProductImage src={item.product_image} alt="" className="h-full w-full p-1" />
              <span className="absolute -top-1.5 -end-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-slate-700 px-1 text-[11px] font-bold text-white">
                <span className="sr-only">{t('quantity')}</span>
                {item.quantity}
              </span>
            </span>
            <div className="min-w-0 flex-1">
              <DataText as="p" className="line-clamp-2 text-sm font-semibold text-slate-900">{item.product_name}</DataText>
              <VariantLabel label={item.variant_label} className="text-xs" />
              <p className="text-xs text-slate-500">
                {isSaleSplit(item) ? <LinePriceText line={item} /> : `${item.quantity} × ${f.price(item.unit_price)}`}
              </p>
            </div>
            <p className="text-sm font-semibold text-slate-900">{f.price(item.total_price)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-3 border-t border-slate-200 pt-4">
        <CartTotals cart={cart} />
        {useCredit && cart.store_credit && <CreditLines credit={cart.store_credit} />}
      </div>
    </Card>
  );
}
