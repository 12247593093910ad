import { cx } from '../lib/class-names.ts';
import { formatPrice } from '../lib/format-price.ts';

/** The price, with the original struck through when it is higher. */
export function PriceTag({ price, originalPrice, size = 'md' }: { price: string; originalPrice: string | null; size?: 'md' | 'lg' }) {
  const amount = Number(price);
  const original = originalPrice === null ? null : Number(originalPrice);
  const reduced = original !== null && original > amount;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={cx('font-bold text-slate-900', size === 'lg' ? 'text-3xl' : 'text-xl')}>
        {reduced && <span className="sr-only">Now </span>}
        {formatPrice(amount)}
      </span>
      {reduced && (
        <s className={cx('text-slate-500', size === 'lg' ? 'text-lg' : 'text-sm')}>
          <span className="sr-only">Was </span>
          {formatPrice(original)}
        </s>
      )}
    </p>
  );
}
