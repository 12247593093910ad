import { useTranslation } from 'react-i18next';
import type { ProductListItem } from '#contracts/catalog';
import { ProductBuyButton } from '../cart/product-buy-button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { cx } from '../lib/class-names.ts';
import { WishlistButton } from '../wishlist/wishlist-button.tsx';
import type { CatalogView } from './catalog-query.ts';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

export const SKELETON_COUNT = 8;

/** Two compact cards side by side on phones, so twenty products are not a 14,000 px page. */
const LAYOUT: Record<CatalogView, string> = {
  grid: 'grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4',
  list: 'grid gap-4',
};

/** A phone's first row: the pictures most likely to be the page's largest paint. */
const PRIORITY_CARDS = 2;

export function ProductGrid({ products, view, busy }: { products: ProductListItem[]; view: CatalogView; busy?: boolean }) {
  return (
    <ul className={cx(LAYOUT[view], busy && 'opacity-60 transition-opacity')} aria-busy={busy}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            view={view}
            priority={index < PRIORITY_CARDS}
            actions={
              <>
                <ProductBuyButton product={product} />
                <WishlistButton product={product} className="order-last" />
              </>
            }
          />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ view, label }: { view: CatalogView; label: string }) {
  return (
    <div role="status" aria-label={label} className={LAYOUT[view]}>
      {Array.from({ length: SKELETON_COUNT }, (_, i) => (
        <ProductCardSkeleton key={i} view={view} />
      ))}
    </div>
  );
}

/** The spec's 'Error loading products' / 'Failed to load products' state, with Try Again refetching the list. */
export function ProductsLoadError({ query }: { query: { error: unknown; isFetching: boolean; refetch: () => unknown } }) {
  const { t } = useTranslation('catalog');
  return (
    <ErrorState
      title={t('errorLoadingProducts')}
      message={t('failedToLoadProducts')}
      error={query.error}
      onRetry={() => query.refetch()}
      retrying={query.isFetching}
    />
  );
}
