import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ProductStatus, StaffProductListItem } from '#contracts/staff-products';
import { categoriesQuery } from '../catalog/catalog.api.ts';
import { ProductImage } from '../catalog/product-image.tsx';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { useCategoryText } from '../i18n/translated.ts';
import { useFormat } from '../i18n/use-format.ts';
import { cx } from '../lib/class-names.ts';

export const STATUS_TONES: Record<ProductStatus, BadgeTone> = { draft: 'warning', active: 'success', archived: 'neutral' };

/** Below the md breakpoint each row is a card: the header goes, the photo and checkbox stand beside the details. */
const CELL = 'px-3 py-1 md:py-3 md:align-middle max-md:col-start-3';

function StockText({ product }: { product: StaffProductListItem }) {
  const { t } = useTranslation('staff-products');
  if (product.available_stock <= 0) return <span className="font-semibold text-red-700">{t('outOfStock')}</span>;
  const available = t('available', { count: product.available_stock });
  return product.low_stock ? <span className="font-semibold text-amber-800">{t('lowStock', { available })}</span> : <span>{available}</span>;
}

/**
 * A page of products: a table on wide screens, cards on a phone (the same rows, so the roles are given explicitly
 * for screen readers). Each row has its checkbox for the bulk actions.
 */
export function ProductTable({ products, selected, onSelect, onSelectAll }: {
  products: StaffProductListItem[];
  selected: ReadonlySet<number>;
  onSelect: (id: number, on: boolean) => void;
  onSelectAll: (on: boolean) => void;
}) {
  const { t } = useTranslation('staff-products');
  const f = useFormat();
  const usd = (amount: string) => f.money(amount, 'USD');
  const categories = useQuery(categoriesQuery());
  const categoryText = useCategoryText();
  /** The category in the visitor's language, once the shop's categories (the filter's list) have arrived. */
  const categoryName = ({ id, name }: StaffProductListItem['category']) => {
    const known = categories.data?.find((category) => category.id === id);
    return known ? categoryText(known).name : name;
  };
  const allChosen = products.length > 0 && products.every((product) => selected.has(product.id));

  return (
    <table role="table" className="w-full text-sm max-md:block">
      <thead role="rowgroup" className="max-md:sr-only">
        <tr role="row" className="border-b border-slate-200 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <th role="columnheader" className="w-10 px-3 py-2">
            <input type="checkbox" checked={allChosen} onChange={(event) => onSelectAll(event.target.checked)} aria-label={t('selectAll')}
              className="h-4 w-4 accent-brand-700" />
          </th>
          <th role="columnheader" className="w-16 px-3 py-2"><span className="sr-only">{t('photo')}</span></th>
          <th role="columnheader" className="px-3 py-2 text-start">{t('product')}</th>
          <th role="columnheader" className="px-3 py-2 text-start">{t('status')}</th>
          <th role="columnheader" className="px-3 py-2 text-end">{t('price')}</th>
          <th role="columnheader" className="px-3 py-2 text-end">{t('variants')}</th>
          <th role="columnheader" className="px-3 py-2 text-end">{t('stock')}</th>
        </tr>
      </thead>
      <tbody role="rowgroup" className="max-md:block max-md:space-y-3">
        {products.map((product) => {
          const chosen = selected.has(product.id);
          return (
            <tr key={product.id} role="row" data-testid="staff-product-row"
              className={cx(
                'border-slate-200 md:border-b',
                'max-md:grid max-md:grid-cols-[auto_4rem_1fr] max-md:rounded-xl max-md:border max-md:bg-white max-md:py-3 max-md:shadow-sm',
                chosen && 'bg-brand-50/60',
              )}>
              <td role="cell" className="px-3 md:py-3 max-md:row-span-5">
                <input type="checkbox" checked={chosen} onChange={(event) => onSelect(product.id, event.target.checked)}
                  aria-label={t('select', { name: product.name })} className="h-4 w-4 accent-brand-700" />
              </td>
              <td role="cell" className="md:py-2 max-md:row-span-5">
                <ProductImage src={product.image} alt="" className="h-14 w-14 rounded-lg bg-slate-50" />
              </td>
              <td role="cell" className={CELL}>
                <Link to={`/staff/products/${product.id}`} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">
                  <DataText>{product.name}</DataText>
                </Link>
                <p className="text-xs text-slate-600">
                  <DataText>{product.model_number}</DataText> · <DataText>{product.brand}</DataText> · {categoryName(product.category)}
                </p>
              </td>
              <td role="cell" className={CELL}>
                <Badge tone={STATUS_TONES[product.status]}>{t('statusName', { context: product.status })}</Badge>
              </td>
              <td role="cell" className={cx(CELL, 'md:text-end')}>
                {product.price === product.price_max ? usd(product.price) : t('priceRange', { low: usd(product.price), high: usd(product.price_max) })}
              </td>
              <td role="cell" className={cx(CELL, 'md:text-end')}>{t('variantCount', { count: product.variant_count })}</td>
              <td role="cell" className={cx(CELL, 'md:text-end')}><StockText product={product} /></td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
