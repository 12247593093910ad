import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cx } from '../lib/class-names.ts';

export type PageItem = number | '…';

/**
 * The page numbers to show: always the first and last page and the current one with a neighbour each side,
 * with '…' standing for the pages left out. The list keeps the same length while paging so the bar doesn't jump.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 7) return Array.from({ length: Math.max(total, 0) }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), total);
  if (page <= 4) return [1, 2, 3, 4, 5, '…', total];
  if (page >= total - 3) return [1, '…', total - 4, total - 3, total - 2, total - 1, total];
  return [1, '…', page - 1, page, page + 1, '…', total];
}

const ITEM = 'inline-flex h-9 min-w-9 items-center justify-center rounded-lg text-sm font-semibold';

/** Its texts are the shell's (`components`), loaded before any page: a pager never holds back the list it pages. */
export function Pagination({ current, total, hrefFor }: { current: number; total: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation('components');
  if (total <= 1) return null;
  const edge = cx(ITEM, 'gap-1 border border-slate-300 bg-white px-2.5 text-slate-700 sm:px-3');

  return (
    <nav aria-label={t('pagination')} className="flex items-center justify-center gap-1 sm:gap-2">
      {current > 1 ? (
        <Link to={hrefFor(current - 1)} rel="prev" className={cx(edge, 'hover:border-brand-300 hover:bg-brand-50')}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
          <span className="sr-only sm:not-sr-only">{t('previous')}</span>
        </Link>
      ) : (
        <button type="button" disabled className={cx(edge, 'opacity-50')}>
          <ChevronLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
          <span className="sr-only sm:not-sr-only">{t('previous')}</span>
        </button>
      )}

      <ol className="flex items-center gap-1">
        {pageItems(current, total).map((item, index) =>
          item === '…' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="w-6 text-center text-slate-400">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-label={t('page', { n: item })}
                aria-current={item === current ? 'page' : undefined}
                className={cx(
                  ITEM,
                  'px-2',
                  item === current ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ol>

      {current < total ? (
        <Link to={hrefFor(current + 1)} rel="next" className={cx(edge, 'hover:border-brand-300 hover:bg-brand-50')}>
          <span className="sr-only sm:not-sr-only">{t('next')}</span>
          <ChevronRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
        </Link>
      ) : (
        <button type="button" disabled className={cx(edge, 'opacity-50')}>
          <span className="sr-only sm:not-sr-only">{t('next')}</span>
          <ChevronRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
        </button>
      )}
    </nav>
  );
}
