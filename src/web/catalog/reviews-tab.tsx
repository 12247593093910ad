import { useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, MessageSquareText, Star } from 'lucide-react';
import { createReview, REVIEW_BODY_MAX, REVIEW_TITLE_MAX, type Review } from '#contracts/reviews';
import { firstFieldErrors } from '../auth/field-errors.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { controlClasses, FieldMessage, FormField } from '../components/ui/form-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { ApiError, apiFetch } from '../lib/api.ts';
import { cx } from '../lib/class-names.ts';
import { productQuery, reviewsQuery } from './catalog.api.ts';
import { StarRating } from './star-rating.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { useFormat } from '../i18n/use-format.ts';
import { catalogMessages } from './messages.ts';

function ReviewItem({ review }: { review: Review }) {
  const t = useMessages(catalogMessages);
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
            <BadgeCheck aria-hidden="true" className="h-3 w-3" /> {t.verifiedPurchase}
          </Badge>
        )}
      </p>
    </li>
  );
}

function ReviewForm({ slug }: { slug: string }) {
  const queryClient = useQueryClient();
  const t = useMessages(catalogMessages);
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const submit = useMutation({
    mutationFn: () => apiFetch(createReview, { params: { slug }, body: { rating, title, body } }),
    onSuccess: () => {
      notify.success(t.reviewSubmitted, t.reviewThanks);
      setRating(0);
      setTitle('');
      setBody('');
      void queryClient.invalidateQueries({ queryKey: reviewsQuery(slug).queryKey });
      void queryClient.invalidateQueries({ queryKey: productQuery(slug).queryKey });
    },
  });
  const errors = firstFieldErrors(submit.error);
  const refusal = submit.error instanceof ApiError && submit.error.status !== 400 ? submit.error.message : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit.mutate();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4 sm:p-5">
      <h4 className="font-semibold text-slate-900">{t.writeReview}</h4>
      {refusal && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refusal}
        </p>
      )}
      <fieldset aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
        <legend className="text-sm font-semibold text-slate-800">{t.yourRating}</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer">
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} className="peer sr-only" />
              <Star
                aria-hidden="true"
                className={cx(
                  'h-7 w-7 rounded peer-focus-visible:ring-2 peer-focus-visible:ring-brand-300',
                  n <= rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300',
                )}
              />
              <span className="sr-only">{t.stars(n)}</span>
            </label>
          ))}
        </div>
        <FieldMessage id="review-rating-error" error={errors.rating} />
      </fieldset>
      <TextField label={t.reviewTitle} maxLength={REVIEW_TITLE_MAX} value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
      <FormField label={t.reviewBody} error={errors.body}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={REVIEW_BODY_MAX}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            className={controlClasses(Boolean(errors.body), 'py-2')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={submit.isPending}>
        {submit.isPending ? t.submitting : t.submitReview}
      </Button>
    </form>
  );
}

export function ReviewsTab({ slug }: { slug: string }) {
  const { user } = useCurrentUser();
  const reviews = useInfiniteQuery(reviewsQuery(slug));
  const t = useMessages(catalogMessages);
  const f = useFormat();

  const first = reviews.data?.pages[0];
  const items = reviews.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div>
        {reviews.isPending ? (
          <div role="status" aria-label={t.loadingReviews} className="space-y-4">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : reviews.isError ? (
          <ErrorState title={t.reviewsError} error={reviews.error} onRetry={() => reviews.refetch()} retrying={reviews.isFetching} />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
            <MessageSquareText aria-hidden="true" className="h-8 w-8 text-slate-400" />
            <p className="mt-3 text-slate-700">{t.beFirst}</p>
          </div>
        ) : (
          <>
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <StarRating rating={first!.average_rating} />
              <span className="font-semibold text-slate-900">{t.outOf5(f.number(first!.average_rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }))}</span>
              <span>· {t.reviewCount(first!.review_count)}</span>
            </p>
            <ul className="divide-y divide-slate-200">
              {items.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </ul>
            {reviews.hasNextPage && (
              <Button variant="secondary" onClick={() => reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
                {reviews.isFetchingNextPage ? t.loading : t.showMoreReviews}
              </Button>
            )}
          </>
        )}
      </div>
      <div>
        {user ? (
          <ReviewForm slug={slug} />
        ) : (
          <p className="rounded-xl border border-slate-200 bg-slate-50/60 p-4 text-sm text-slate-600">
            {t.onlyBuyersReview}
          </p>
        )}
      </div>
    </div>
  );
}
