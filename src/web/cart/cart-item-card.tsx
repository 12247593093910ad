import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Clock, FileSignature, LoaderCircle, Trash2, TriangleAlert } from 'lucide-react';
import type { CartItem } from '#contracts/cart';
import { productPath } from '../catalog/product-card.tsx';
import { ProductImage } from '../catalog/product-image.tsx';
import { cx } from '../lib/class-names.ts';
import { CartQuantityStepper } from './cart-quantity-stepper.tsx';
import { itemStockMessage } from './stock-issues.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useTranslated } from '../i18n/translated.ts';
import { LicenceLineNote } from '../licences/licence-required.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { VariantLabel } from './variant-label.tsx';
import { LinePriceText } from '../pricing/line-price-text.tsx';

export function CartItemCard({
  item,
  busy,
  onQuantityChange,
  onRemove,
  readOnly = false,
}: {
  item: CartItem;
  busy: boolean;
  /** A punchout opened to inspect: the line as sent, without stepper or remove. */
  readOnly?: boolean;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('cart');
  const f = useFormat();
  const categoryName = useTranslated();
  const href = productPath(item.product_slug);
  const issue = itemStockMessage(item, t);
  const titleId = `cart-item-${item.id}`;

  return (
    <article
      aria-labelledby={titleId}
      aria-busy={busy}
      className={cx('rounded-xl border bg-white p-4 shadow-sm sm:p-5', issue ? 'border-red-200' : 'border-slate-200')}
    >
      <div className="flex gap-4">
        <Link to={href} tabIndex={-1} aria-hidden="true" className="h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-slate-50 sm:h-24 sm:w-24">
          <ProductImage src={item.product_image} alt="" className="h-full w-full p-1.5" />
        </Link>
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <DataText as="p" className="truncate text-xs font-semibold tracking-wider text-brand-700 uppercase">
                {categoryName(item.product_category, item.product_category_translations)}
              </DataText>
              <DataText as="h3" id={titleId} className="mt-0.5 line-clamp-2 font-semibold text-slate-900">
                <Link to={href} className="hover:text-brand-800 hover:underline">
                  {item.product_name}
                </Link>
              </DataText>
              <VariantLabel label={item.variant_label} className="mt-0.5 text-sm" />
              <DataText as="p" className="mt-0.5 text-sm text-slate-500">{item.product_brand}</DataText>
              {item.contract_number && (
                <p data-testid="line-contract" className="mt-1 inline-flex items-center gap-1 rounded bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                  <FileSignature aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
                  {t('contract')} <bdi dir="ltr">{item.contract_number}</bdi>
                </p>
              )}
            </div>
            {!readOnly && <button
              type="button"
              onClick={onRemove}
              disabled={busy}
              aria-label={t('remove', { name: item.product_name })}
              className="-mt-1 -me-1 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-40"
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>}
          </div>

          <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
            <div className="flex items-center gap-3">
              {readOnly
                ? <p className="text-sm font-medium text-slate-700">{t('quantityShown', { quantity: item.quantity })}</p>
                : <CartQuantityStepper value={item.quantity} onChange={onQuantityChange} disabled={busy} label={t('quantityOf', { name: item.product_name })} />}
              {busy && <LoaderCircle aria-label={t('updating')} className="h-4 w-4 animate-spin text-brand-700 motion-reduce:animate-none" />}
            </div>
            <div className="text-end">
              <p className="text-lg font-bold text-slate-900">{f.price(item.total_price)}</p>
              <p data-testid="line-price" className="text-xs text-slate-600">
                <LinePriceText line={item} />
                {item.original_price !== null && (
                  <s className="ms-1.5 text-slate-500">
                    <span className="sr-only">{t('was')}</span>
                    {f.price(item.original_price)}
                  </s>
                )}
              </p>
            </div>
          </div>
        </div>
      </div>
      {issue && (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {issue}
        </p>
      )}
      {item.licence_issue && <LicenceLineNote reason={item.licence_issue} />}
      {item.price_notice && (
        <p role="status" data-testid="price-notice" className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {t('flashSaleEnded', { price: f.price(item.price_notice.price) })}
        </p>
      )}
    </article>
  );
}
