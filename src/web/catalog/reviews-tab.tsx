import { useTranslation } from 'react-i18next';
import { lazy, Suspense } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { BadgeCheck, MessageSquareText } from 'lucide-react';
import type { Review } from '#contracts/reviews';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { reviewsQuery } from './catalog.api.ts';
import { StarRating } from './star-rating.tsx';
import { useFormat } from '../i18n/use-format.ts';

/** Only a signed-in buyer writes a review: the form and its form library load for them alone. */
const ReviewForm = lazy(async () => ({ default: (await import('./review-form.tsx')).ReviewForm }));

function ReviewItem({ review }: { review: Review }) {
  const { t } = useTranslation('catalog');
  const f = useFormat();
  return (
    <li className="py-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating rating={review.rating} />
        <h4 className="font-semibold text-slate-900">{review.title}</h4>
      </div>
      <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{review.body}</p>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <span className="font-medium text-slate-700">{review.author}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={review.created_at}>{f.date(review.created_at)}</time>
        {review.verified_purchase && (
          <Badge tone="success">
            <BadgeCheck aria-hidden="true" className="h-3 w-3" /> {t('verifiedPurchase')}
          </Badge>
        )}
      </p>
    </li>
  );
}

export function ReviewsTab({ slug }: { slug: string }) {
  const { user } = useCurrentUser();
  const reviews = useInfiniteQuery(reviewsQuery(slug));
  const { t } = useTranslation('catalog');
  const f = useFormat();

  const first = reviews.data?.pages[0];
  const items = reviews.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div>
        {reviews.isPending ? (
          <div role="status" aria-label={t('loadingReviews')} className="space-y-4">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : reviews.isError ? (
          <ErrorState title={t('reviewsError')} error={reviews.error} onRetry={() => reviews.refetch()} retrying={reviews.isFetching} />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
            <MessageSquareText aria-hidden="true" className="h-8 w-8 text-slate-400" />
            <p className="mt-3 text-slate-700">{t('beFirst')}</p>
          </div>
        ) : (
          <>
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <StarRating rating={first!.average_rating} />
              <span className="font-semibold text-slate-900">{t('outOf5', { rating: f.number(first!.average_rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}</span>
              <span>· {t('reviewCount', { count: first!.review_count })}</span>
            </p>
            <ul className="divide-y divide-slate-200">
              {items.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </ul>
            {reviews.hasNextPage && (
              <Button variant="secondary" onClick={() => reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
                {reviews.isFetchingNextPage ? t('loading') : t('showMoreReviews')}
              </Button>
            )}
          </>
        )}
      </div>
      <div>
        {user ? (
          <Suspense fallback={<Skeleton className="h-64 w-full rounded-xl" />}>
            <ReviewForm slug={slug} />
          </Suspense>
        ) : (
          <p className="rounded-xl border border-slate-200 bg-slate-50/60 p-4 text-sm text-slate-600">
            {t('onlyBuyersReview')}
          </p>
        )}
      </div>
    </div>
  );
}
