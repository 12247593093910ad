import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Radio, Search } from 'lucide-react';
import { INVENTORY_PAGE_SIZE, STOCK_STATUSES } from '#contracts/inventory';
import { EmptyState } from '../catalog/empty-state.tsx';
import { Pagination } from '../catalog/pagination.tsx';
import { Button } from '../components/ui/button.tsx';
import { controlClasses } from '../components/ui/form-field.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useUrlFilters } from '../lib/use-url-filters.ts';
import { InventoryItemCard } from './inventory-item-card.tsx';
import { itemsQuery } from './inventory.api.ts';
import type { ReceiveTarget } from './receive-stock-dialog.tsx';
import { useLiveInventory } from './use-live-stock.ts';

export function ItemsTab({ onReceive }: { onReceive: (product: ReceiveTarget) => void }) {
  const { t } = useTranslation('inventory');
  const { params, page, setFilters, hrefFor } = useUrlFilters<'search' | 'status'>();
  const search = params.get('search') ?? '';
  const statusParam = params.get('status');
  const status = STOCK_STATUSES.find((s) => s === statusParam);
  const [typed, setTyped] = useState(search);

  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => setFilters({ search: typed.trim() || undefined }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typing starts a new search
  }, [typed]);

  const items = useQuery(itemsQuery({ page, per_page: INVENTORY_PAGE_SIZE, search: search || undefined, status }));
  const live = useLiveInventory(items.data?.items.map((item) => item.productId) ?? []);

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex-1">
          <span className="mb-1.5 block text-sm font-medium text-slate-800">{t('searchInventory')}</span>
          <span className="relative block">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 start-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
            <input
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder={t('searchPlaceholder')}
              className={controlClasses(false, 'h-11 ps-9')}
            />
          </span>
        </label>
        <label className="sm:w-56">
          <span className="mb-1.5 block text-sm font-medium text-slate-800">{t('status')}</span>
          <select
            value={status ?? ''}
            onChange={(event) => setFilters({ status: event.target.value || undefined })}
            className={controlClasses(false, 'h-11')}
          >
            <option value="">{t('allStatuses')}</option>
            {STOCK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t('statusName', { context: s })}
              </option>
            ))}
          </select>
        </label>
      </div>

      {items.isPending ? (
        <div role="status" aria-label={t('loadingInventory')} className="grid gap-4 lg:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : items.isError ? (
        <ErrorState
          title={t('loadFailed')}
          error={items.error}
          onRetry={() => void items.refetch()}
          retrying={items.isFetching}
        />
      ) : items.data.items.length === 0 ? (
        <EmptyState
          title={t('noItems')}
          text={search || status ? t('tryAnother') : undefined}
          action={
            (search || status) && (
              <Button
                variant="secondary"
                onClick={() => {
                  setTyped('');
                  setFilters({ search: undefined, status: undefined });
                }}
              >
                {t('clearFilters')}
              </Button>
            )
          }
        />
      ) : (
        <>
          <div className="flex items-center justify-between text-sm text-slate-600">
            <p>
              {t('itemCount', { count: items.data.pagination.totalItems })}
            </p>
            {live && (
              <span className="inline-flex items-center gap-1 font-semibold text-emerald-700">
                <Radio aria-hidden="true" className="h-3.5 w-3.5" /> {t('live')}
              </span>
            )}
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            {items.data.items.map((item) => (
              <InventoryItemCard key={item.id} item={item} onReceive={onReceive} />
            ))}
          </div>
          {items.data.pagination.totalItems > INVENTORY_PAGE_SIZE && (
            <Pagination current={items.data.pagination.page} total={items.data.pagination.totalPages} hrefFor={hrefFor} />
          )}
        </>
      )}
    </div>
  );
}
