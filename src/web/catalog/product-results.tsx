import { useTranslation } from 'react-i18next';
import type { ProductList } from '#contracts/catalog';
import type { CatalogView } from './catalog-query.ts';
import { Pagination } from './pagination.tsx';
import { ProductGrid } from './product-grid.tsx';

/**
 * What the cards of a page of products show besides the catalogue's words (handling badges, licence notes, the buy and
 * wishlist buttons): a page listing them asks for these with its own, so that the first list does not blank it.
 */
export const PRODUCT_RESULTS_NAMESPACES = ['lots', 'licences', 'cart', 'wishlist'] as const;

/** A page of products under a heading that counts them (it keeps the cards' h3 below an h2), then pagination. */
export function ProductResults({ data, view, busy, hrefFor }: {
  data: ProductList;
  view: CatalogView;
  busy: boolean;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation('catalog');
  // Which of the matches this page holds: 'Showing 21–40 of 50 instruments' on page 2.
  const from = (data.page - 1) * data.page_size + 1;
  const to = from + data.results.length - 1;
  return (
    <>
      <h2 className="mb-4 text-sm font-normal text-slate-600" aria-live="polite">
        {from === to ? t('showingOne', { from, count: data.count }) : t('showingRange', { from, to, count: data.count })}
      </h2>
      <ProductGrid products={data.results} view={view} busy={busy} />
      <div className="mt-10">
        <Pagination current={data.page} total={data.total_pages} hrefFor={hrefFor} />
      </div>
    </>
  );
}
