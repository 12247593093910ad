import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { cx } from '../lib/class-names.ts';
import { movementsQuery } from './inventory.api.ts';
import { useFormat } from '../i18n/use-format.ts';

/** Every change to the stock of one product's variants, newest first, ten at a time, each naming its variant. */
export function MovementHistory({ productId }: { productId: number }) {
  const { t } = useTranslation('inventory');
  const [page, setPage] = useState(1);
  const f = useFormat();
  const movements = useQuery(movementsQuery(productId, page));

  if (movements.isPending) return <Skeleton className="mt-4 h-24 w-full" />;
  if (movements.isError) {
    return (
      <div className="mt-4">
        <ErrorState title={t('historyFailed')} error={movements.error} onRetry={() => void movements.refetch()} />
      </div>
    );
  }
  const { movements: rows, pagination } = movements.data;
  return (
    <section aria-label={t('movementHistory')} className="mt-4 border-t border-slate-200 pt-4">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('noMovements')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {rows.map((m) => (
            <li key={m.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2">
              <span className="w-20 font-semibold text-slate-900">{t('kind', { context: m.kind })}</span>
              <span className={cx('w-14 font-mono font-semibold', m.quantity < 0 ? 'text-red-700' : 'text-emerald-700')}>
                {m.quantity > 0 ? `+${m.quantity}` : m.quantity}
              </span>
              <span className="min-w-0 flex-1 text-slate-600">
                {m.variantLabel && <span className="font-medium text-slate-900">{m.variantLabel} · </span>}
                {m.reason || '—'}
                {m.user && <span className="text-slate-500"> · {m.user}</span>}
              </span>
              <time dateTime={m.createdAt} className="text-xs text-slate-500">
                {f.dateTime(m.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
      {pagination.totalPages > 1 && (
        <div className="mt-2 flex items-center justify-between text-xs text-slate-600">
          <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('newer')}
          </Button>
          <span>
            {t('pageOf', { page: pagination.page, total: pagination.totalPages })}
          </span>
          <Button variant="ghost" size="sm" disabled={page >= pagination.totalPages} onClick={() => setPage(page + 1)}>
            {t('older')}
          </Button>
        </div>
      )}
    </section>
  );
}
