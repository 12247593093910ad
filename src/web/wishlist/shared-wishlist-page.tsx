import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Heart, Link2Off } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { EmptyState } from '../catalog/empty-state.tsx';
import { ApiError } from '../lib/api.ts';
import { sharedWishlistQuery } from './wishlist.api.ts';
import { WISHLIST_CARD_NAMESPACES, WishlistCard } from './wishlist-card.tsx';
import { WISHLIST_GRID } from './wishlist-page.tsx';
import { PageTitle } from '../layout/page-title.tsx';

function SharedWishlistNotFound() {
  const { t } = useTranslation('wishlist');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <PageTitle>{t('notFoundTitle')}</PageTitle>
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-slate-100">
        <Link2Off aria-hidden="true" className="h-7 w-7 text-slate-500" />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">{t('notFoundTitle')}</h1>
      <p className="mt-2 text-slate-600">{t('notFoundText')}</p>
      <Link to="/products" className={buttonClasses({ className: 'mt-6' })}>
        {t('browseProducts')}
      </Link>
    </div>
  );
}

/** A public, read-only view of someone's wishlist, reached through the link they shared. */
export function SharedWishlistPage() {
  const { t } = useTranslation(['wishlist', ...WISHLIST_CARD_NAMESPACES]);
  const { shareId = '' } = useParams();
  const { data, error, isPending, refetch, isRefetching } = useQuery(sharedWishlistQuery(shareId));

  if (error instanceof ApiError && error.status === 404) return <SharedWishlistNotFound />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PageTitle>{data ? t('ownersWishlist', { name: data.ownerFirstName }) : t('sharedWishlist')}</PageTitle>
      {isPending ? (
        <div role="status" aria-label={t('loadingShared')} className="space-y-6">
          <Skeleton className="h-9 w-64" />
          <div className={WISHLIST_GRID}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-96" />
            ))}
          </div>
        </div>
      ) : error ? (
        <ErrorState title={t('sharedLoadFailed')} error={error} onRetry={() => void refetch()} retrying={isRefetching} />
      ) : (
        <>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            <Heart aria-hidden="true" className="h-7 w-7 fill-rose-600 text-rose-600" /> {t('ownersWishlist', { name: data.ownerFirstName })}
          </h1>
          <p className="mt-1 text-slate-600">
            {t('itemsSaved', { count: data.items.length })}
          </p>
          <div className="mt-6">
            {data.items.length === 0 ? (
              <EmptyState title={t('sharedEmptyTitle')} text={t('sharedEmptyText')} />
            ) : (
              <ul className={WISHLIST_GRID}>
                {data.items.map((item) => (
                  <li key={item.id}>
                    <WishlistCard item={item} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </div>
  );
}
