import { useTranslation } from 'react-i18next';
import { cx } from '../lib/class-names.ts';
import { useFormat } from '../i18n/use-format.ts';

/** The price, with the original struck through when it is higher. */
export function PriceTag({ price, originalPrice, size = 'md', from = false }: {
  price: string; originalPrice: string | null; size?: 'md' | 'lg';
  /** The lowest of several prices (a product whose sizes cost different amounts): "from $12.50". */
  from?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const { price: format } = useFormat();
  const amount = Number(price);
  const original = originalPrice === null ? null : Number(originalPrice);
  const reduced = original !== null && original > amount;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={cx('font-bold text-slate-900', size === 'lg' ? 'text-3xl' : 'text-xl')}>
        {reduced && <span className="sr-only">{t('now')}</span>}
        {from ? t('fromPrice', { price: format(amount) }) : format(amount)}
      </span>
      {reduced && (
        <s className={cx('text-slate-500', size === 'lg' ? 'text-lg' : 'text-sm')}>
          <span className="sr-only">{t('was')}</span>
          {format(original)}
        </s>
      )}
    </p>
  );
}
