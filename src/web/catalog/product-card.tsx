import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { ProductListItem } from '#contracts/catalog';
import { Badge } from '../components/ui/badge.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { cx } from '../lib/class-names.ts';
import type { CatalogView } from './catalog-query.ts';
import { PriceTag } from './price-tag.tsx';
import { ProductImage } from './product-image.tsx';
import { RatingSummary } from './star-rating.tsx';
import { CARD_LOW_STOCK_THRESHOLD, StockIndicator } from './stock-indicator.tsx';
import { useTranslated } from '../i18n/translated.ts';
import { HandlingBadges } from '../lots/handling-badges.tsx';
import { LicenceRequiredBadge } from '../licences/licence-required.tsx';
import { descriptionText } from './description-html.ts';

/** A product's page, opened on one of its variants when `variantId` is given. */
export const productPath = (slug: string, variantId?: number | null) =>
  `/products/${encodeURIComponent(slug)}${variantId ? `?variant=${variantId}` : ''}`;

/** A card's picture: half the screen on a phone, a third or a quarter of the grid on wider screens. */
const GRID_IMAGE_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 33vw, 50vw';
const LIST_IMAGE_SIZES = '(min-width: 640px) 224px, 112px';

/**
 * One product in a grid or a list. `actions` holds the buying buttons (Add to Cart, Notify When Available),
 * which the cart feature supplies.
 */
/** `priority`: one of the first cards of a page, whose picture may be its largest paint. */
export function ProductCard({ product, view = 'grid', actions, priority = false }: {
  product: ProductListItem;
  view?: CatalogView;
  actions?: ReactNode;
  priority?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const categoryName = useTranslated();
  const href = productPath(product.slug);
  const titleId = `product-${product.id}`;
  const list = view === 'list';

  return (
    <article
      aria-labelledby={titleId}
      className={cx(
        'group flex h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-brand-300 hover:shadow-md',
        list ? 'flex-row' : 'flex-col',
      )}
    >
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className={cx(
          'relative block shrink-0 bg-gradient-to-br from-slate-50 to-brand-50/60',
          list ? 'w-28 sm:w-56' : 'aspect-[4/3]',
        )}
      >
        <ProductImage
          src={product.main_image}
          srcset={product.image_srcset}
          sizes={list ? LIST_IMAGE_SIZES : GRID_IMAGE_SIZES}
          alt=""
          priority={priority}
          className="h-full w-full p-2 sm:p-4"
        />
        <span className="absolute top-2 start-2 flex flex-col items-start gap-1 sm:top-3 sm:start-3">
          {!product.is_in_stock && (
            <Badge tone="danger" className="whitespace-nowrap">
              {t('outOfStock')}
            </Badge>
          )}
          {product.certifications[0] && !list && (
            <Badge tone="brand" className="bg-white/90">
              {product.certifications[0]}
            </Badge>
          )}
        </span>
      </Link>

      <div className={cx('flex min-w-0 flex-1 flex-col', list ? 'p-3 sm:p-5' : 'p-3 sm:p-4')}>
        <div className="flex items-center justify-between gap-2">
          <DataText as="p" className="truncate text-xs font-semibold tracking-wider text-brand-700 uppercase">
            {categoryName(product.category_name, product.category_name_translations)}
          </DataText>
          {list && product.certifications[0] && (
            <Badge tone="brand" className="shrink-0">
              {product.certifications[0]}
            </Badge>
          )}
        </div>
        <DataText as="h3" id={titleId} className="mt-1 line-clamp-2 font-semibold text-slate-900 group-hover:text-brand-800">
          <Link to={href} className="focus-visible:underline">
            {product.name}
          </Link>
        </DataText>
        <DataText as="p" className="mt-1 line-clamp-2 hidden text-sm text-slate-600 sm:block">
          {product.short_description || descriptionText(product.description)}
        </DataText>
        <RatingSummary rating={product.average_rating} count={product.review_count} className="mt-2" />
        <HandlingBadges flags={product.handling} className="mt-2" />
        {product.licence_required && <LicenceRequiredBadge className="mt-2 self-start" />}

        <div className={cx('mt-auto pt-3', list && 'sm:flex sm:items-end sm:justify-between sm:gap-6')}>
          <div>
            <PriceTag price={product.price} originalPrice={product.original_price} from={product.price_max !== product.price} />
            <p className="mt-0.5 text-xs text-slate-500">
              <span className="sr-only">{t('brandLabel')}</span>
              <DataText as="span" className="block truncate">{product.brand}</DataText>
            </p>
            {product.variant_count > 1 && <p className="mt-0.5 text-xs font-medium text-slate-700">{t('variantCount', { count: product.variant_count })}</p>}
          </div>
          <div className={cx('mt-2 sm:mt-3', list && 'sm:mt-0 sm:w-56')}>
            <StockIndicator
              reading={{
                state: 'loaded',
                available: product.stock_quantity,
                current: product.stock_quantity,
                threshold: CARD_LOW_STOCK_THRESHOLD,
              }}
            />
            <div className="mt-2 flex flex-wrap gap-2 sm:mt-3">
              {actions}
              {/* On a phone's half-width card the link is its arrow alone; its name stays for screen readers. */}
              <Link
                to={href}
                className={buttonClasses({ variant: 'secondary', size: 'sm', className: actions ? 'px-2.5 sm:flex-1 sm:px-3' : 'w-full' })}
              >
                <span className="sr-only sm:not-sr-only">{t('viewDetails')}</span>
                <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
                <span className="sr-only">: {product.name}</span>
              </Link>
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton({ view = 'grid' }: { view?: CatalogView }) {
  const list = view === 'list';
  return (
    <div
      data-testid="product-card-skeleton"
      className={cx('flex overflow-hidden rounded-xl border border-slate-200 bg-white', list ? 'flex-row' : 'flex-col')}
    >
      <Skeleton className={cx('shrink-0 rounded-none', list ? 'w-28 sm:w-56' : 'aspect-[4/3]')} />
      <div className="flex-1 space-y-3 p-4">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-9 w-full" />
      </div>
    </div>
  );
}
