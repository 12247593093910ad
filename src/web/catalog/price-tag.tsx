import { cx } from '../lib/class-names.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { useFormat } from '../i18n/use-format.ts';
import { catalogMessages } from './messages.ts';

/** The price, with the original struck through when it is higher. */
export function PriceTag({ price, originalPrice, size = 'md' }: { price: string; originalPrice: string | null; size?: 'md' | 'lg' }) {
  const t = useMessages(catalogMessages);
  const { price: format } = useFormat();
  const amount = Number(price);
  const original = originalPrice === null ? null : Number(originalPrice);
  const reduced = original !== null && original > amount;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={cx('font-bold text-slate-900', size === 'lg' ? 'text-3xl' : 'text-xl')}>
        {reduced && <span className="sr-only">{t.now}</span>}
        {format(amount)}
      </span>
      {reduced && (
        <s className={cx('text-slate-500', size === 'lg' ? 'text-lg' : 'text-sm')}>
          <span className="sr-only">{t.was}</span>
          {format(original)}
        </s>
      )}
    </p>
  );
}
