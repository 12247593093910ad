import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import { cx } from '../lib/class-names.ts';
import { useFormat } from '../i18n/use-format.ts';

/** Five stars filled to the rating (whole and half stars), with the rating spoken for screen readers. */
export function StarRating({ rating, className, size = 'h-4 w-4' }: { rating: number; className?: string; size?: string }) {
  const { t } = useTranslation('catalog');
  const f = useFormat();
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span className={cx('inline-flex items-center', className)} role="img" aria-label={t('rated', { rating: f.number(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={cx('relative', size)}>
          <Star aria-hidden="true" className={cx('absolute inset-0 text-slate-300', size)} />
          {rounded >= n - 0.5 && (
            <span className="absolute inset-0 overflow-hidden" style={{ width: rounded >= n ? '100%' : '50%' }}>
              <Star aria-hidden="true" className={cx('fill-amber-400 text-amber-400', size)} />
            </span>
          )}
        </span>
      ))}
    </span>
  );
}

/** Stars and review count, or 'No reviews yet': a product without reviews never shows a rating. */
export function RatingSummary({ rating, count, className }: { rating: number; count: number; className?: string }) {
  const { t } = useTranslation('catalog');
  const f = useFormat();
  if (count === 0) return <p className={cx('text-sm text-slate-500', className)}>{t('noReviewsYet')}</p>;
  return (
    <p className={cx('flex items-center gap-1.5 text-sm text-slate-600', className)}>
      <StarRating rating={rating} />
      <span className="font-semibold text-slate-800">{f.number(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}</span>
      <span>({t('reviewCount', { count })})</span>
    </p>
  );
}
