import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { WishlistItem } from '#contracts/wishlist';
import { AddToCartButton } from '../cart/add-to-cart-button.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { productPath } from '../catalog/product-card.tsx';
import { ProductImage } from '../catalog/product-image.tsx';
import { StarRating } from '../catalog/star-rating.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { useTranslated } from '../i18n/translated.ts';
import { DataText } from '../components/ui/data-text.tsx';

function Rating({ rating }: { rating: number }) {
  const { t } = useTranslation('wishlist');
  if (rating <= 0) return <p className="text-sm text-slate-500">{t('noReviews')}</p>;
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-600">
      <StarRating rating={rating} />
      <span className="font-semibold text-slate-800">{rating.toFixed(1)}</span>
    </p>
  );
}

/**
 * What the cards show besides the wishlist's words (the star rating, the add-to-cart button and its licence note): a
 * page listing them asks for these with its own, so that the first list does not blank it.
 */
export const WISHLIST_CARD_NAMESPACES = ['catalog', 'cart', 'licences'] as const;

/** One saved variant of a product; `removeButton` is left out on the read-only shared page. */
export function WishlistCard({ item, removeButton }: { item: WishlistItem; removeButton?: ReactNode }) {
  const { t } = useTranslation('wishlist');
  const f = useFormat();
  const categoryName = useTranslated();
  const href = productPath(item.slug);
  const saving = item.originalPrice !== null && item.originalPrice > item.price ? item.originalPrice - item.price : 0;
  const titleId = `wishlist-item-${item.id}`;

  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[4/3] bg-gradient-to-br from-slate-50 to-brand-50/60">
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block h-full">
          <ProductImage src={item.image} alt="" className="h-full w-full p-4" />
        </Link>
        <span className="absolute top-3 start-3 flex flex-col items-start gap-1">
          {!item.inStock && <Badge tone="danger">{t('outOfStock')}</Badge>}
          {saving > 0 && <Badge tone="success">{t('save', { amount: f.price(saving) })}</Badge>}
        </span>
        {removeButton && <span className="absolute top-2 end-2">{removeButton}</span>}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <DataText as="p" className="truncate text-xs font-semibold tracking-wider text-brand-700 uppercase">
          {categoryName(item.category, item.category_translations)}
        </DataText>
        <DataText as="h2" id={titleId} className="mt-1 line-clamp-2 font-semibold text-slate-900">
          <Link to={href} className="hover:text-brand-800 focus-visible:underline">
            {item.name}
          </Link>
        </DataText>
        {item.variant_label && <DataText as="p" className="mt-1 text-sm text-slate-700">{item.variant_label}</DataText>}
        <div className="mt-2">
          <Rating rating={item.rating} />
        </div>
        <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
          <span className="text-xl font-bold text-slate-900">{f.price(item.price)}</span>
          {saving > 0 && (
            <s className="text-sm text-slate-500">
              <span className="sr-only">{t('was')}</span>
              {f.price(item.originalPrice ?? 0)}
            </s>
          )}
        </p>
        <p className="mt-1 text-xs text-slate-500">{t('addedOn', { date: f.date(item.addedAt) })}</p>
        <div className="mt-auto pt-4">
          <AddToCartButton productId={item.productId} variantId={item.variant_id} productName={item.name} inStock={item.inStock} className="w-full" />
        </div>
      </div>
    </article>
  );
}
