import { useTranslation } from 'react-i18next';
import { useController } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { createReview, REVIEW_BODY_MAX, REVIEW_TITLE_MAX, reviewBody, type ReviewBody } from '#contracts/reviews';
import { Button } from '../components/ui/button.tsx';
import { controlClasses, FieldMessage, FormField } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { ApiError, apiFetch } from '../lib/api.ts';
import { useErrorText } from '../lib/error-text.ts';
import { cx } from '../lib/class-names.ts';
import { productQuery, reviewsQuery } from './catalog.api.ts';

const STARS = [1, 2, 3, 4, 5];

/** A signed-in customer's review of the product: stars, a title and a text. */
export function ReviewForm({ slug }: { slug: string }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('catalog');
  const failureText = useErrorText();
  const form = useContractForm(reviewBody, {
    defaultValues: { rating: 0, title: '', body: '' },
    overrides: { rating: t('chooseRating') },
  });
  const { register, errorText } = form;
  // Held by a controller: react-hook-form reads a radio group as text, and the contract's rating is a number.
  const { field: rating } = useController({ control: form.control, name: 'rating' });
  const send = useMutation({
    mutationFn: (body: ReviewBody) => apiFetch(createReview, { params: { slug }, body }),
    onSuccess: () => {
      notify.success(t('reviewSubmitted'), t('reviewThanks'));
      form.reset();
      void queryClient.invalidateQueries({ queryKey: reviewsQuery(slug).queryKey });
      void queryClient.invalidateQueries({ queryKey: productQuery(slug).queryKey });
    },
  });

  const submit = form.handleSubmit((body) => send.mutate(body, {
    // A 403 is someone who has not bought the product (the route's only refusal without a code).
    onError: (error) => {
      const refusal = error instanceof ApiError && error.status === 403 ? t('onlyBuyersReview') : failureText(error);
      if (!form.setServerErrors(error)) form.setError('root', { type: 'refused', message: refusal });
    },
  }));
  const refused = form.formState.errors.root?.message;

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4 sm:p-5">
      <h4 className="font-semibold text-slate-900">{t('writeReview')}</h4>
      {refused && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refused}
        </p>
      )}
      <fieldset aria-describedby={errorText('rating') ? 'review-rating-error' : undefined}>
        <legend className="text-sm font-semibold text-slate-800">{t('yourRating')}</legend>
        <div className="mt-1 flex gap-1">
          {STARS.map((n) => (
            <label key={n} className="cursor-pointer">
              <input
                type="radio"
                name={rating.name}
                value={n}
                checked={rating.value === n}
                onChange={() => rating.onChange(n)}
                onBlur={rating.onBlur}
                ref={n === 1 ? rating.ref : undefined}
                className="peer sr-only"
              />
              <Star
                aria-hidden="true"
                className={cx(
                  'h-7 w-7 rounded peer-focus-visible:ring-2 peer-focus-visible:ring-brand-300',
                  n <= rating.value ? 'fill-amber-400 text-amber-400' : 'text-slate-300',
                )}
              />
              <span className="sr-only">{t('stars', { count: n })}</span>
            </label>
          ))}
        </div>
        <FieldMessage id="review-rating-error" error={errorText('rating')} />
      </fieldset>
      <TextField label={t('reviewTitle')} maxLength={REVIEW_TITLE_MAX} {...register('title')} error={errorText('title')} />
      <FormField label={t('reviewBody')} error={errorText('body')}>
        {(control) => (
          <textarea {...control} {...register('body')} rows={4} maxLength={REVIEW_BODY_MAX} className={controlClasses(Boolean(errorText('body')), 'py-2')} />
        )}
      </FormField>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? t('submitting') : t('submitReview')}
      </Button>
    </form>
  );
}
