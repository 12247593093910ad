import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Heart, Link2Off, Share2, Trash2 } from 'lucide-react';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { EmptyState } from '../catalog/empty-state.tsx';
import {
  useRemoveWishlistItem, useShareWishlist, useStopSharingWishlist, wishlistQuery, wishlistShareQuery,
} from './wishlist.api.ts';
import { WISHLIST_CARD_NAMESPACES, WishlistCard } from './wishlist-card.tsx';
import { PageTitle } from '../layout/page-title.tsx';
import { useErrorText } from '../lib/error-text.ts';

export const WISHLIST_GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

function ShareControls() {
  const { t } = useTranslation('wishlist');
  const errorText = useErrorText();
  const { data } = useQuery(wishlistShareQuery());
  const share = useShareWishlist();
  const stop = useStopSharingWishlist();

  const onShare = () =>
    share.mutate(undefined, {
      onSuccess: async ({ url }) => {
        const link = new URL(url, window.location.origin).toString();
        try {
          await navigator.clipboard.writeText(link);
          notify.success(t('linkCopied'), link);
        } catch {
          notify.info(t('shared'), t('copyThisLink', { link }));
        }
      },
      onError: (error) => notify.error(t('sharingFailed'), errorText(error)),
    });
  const onStop = () =>
    stop.mutate(undefined, {
      onSuccess: () => notify.success(t('unshared'), t('unsharedText')),
      onError: (error) => notify.error(t('updateFailed'), errorText(error)),
    });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button onClick={onShare} disabled={share.isPending}>
        <Share2 aria-hidden="true" className="h-4 w-4" /> {t('shareWishlist')}
      </Button>
      {data?.share && (
        <Button variant="secondary" onClick={onStop} disabled={stop.isPending}>
          <Link2Off aria-hidden="true" className="h-4 w-4" /> {t('stopSharing')}
        </Button>
      )}
    </div>
  );
}

export function WishlistPage() {
  const { t } = useTranslation(['wishlist', ...WISHLIST_CARD_NAMESPACES]);
  const errorText = useErrorText();
  const { data, error, isPending, refetch, isRefetching } = useQuery(wishlistQuery());
  const remove = useRemoveWishlistItem();
  const items = data?.items ?? [];

  const onRemove = (id: number, name: string) =>
    remove.mutate(id, {
      onSuccess: () => notify.success(t('removed'), name),
      onError: (failure) => notify.error(t('notUpdated'), errorText(failure)),
    });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PageTitle>{t('heading')}</PageTitle>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            <Heart aria-hidden="true" className="h-7 w-7 fill-rose-600 text-rose-600" /> {t('heading')}
          </h1>
          {data && <p className="mt-1 text-slate-600">{t('itemsSaved', { count: items.length })}</p>}
        </div>
        {items.length > 0 && <ShareControls />}
      </div>

      <div className="mt-6">
        {isPending ? (
          <div role="status" aria-label={t('loading')} className={WISHLIST_GRID}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-96" />
            ))}
          </div>
        ) : error ? (
          <ErrorState title={t('loadFailed')} error={error} onRetry={() => void refetch()} retrying={isRefetching} />
        ) : items.length === 0 ? (
          <EmptyState
            title={t('emptyTitle')}
            text={t('emptyText')}
            action={
              <Link to="/products" className={buttonClasses()}>
                {t('browseProducts')}
              </Link>
            }
          />
        ) : (
          <ul className={WISHLIST_GRID}>
            {items.map((item) => (
              <li key={item.id}>
                <WishlistCard
                  item={item}
                  removeButton={
                    <Button
                      variant="secondary"
                      size="icon"
                      className="bg-white/90"
                      aria-label={`${t('removeLabel')}: ${item.name}`}
                      disabled={remove.isPending && remove.variables === item.id}
                      onClick={() => onRemove(item.id, item.name)}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4 text-red-600" />
                    </Button>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
