import { staffAccess } from '#contracts/staff-roles';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { endFlashSale, type StaffFlashSale } from '#contracts/flash-sales';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { isApiError } from '../lib/api.ts';
import { StaffOnly } from '../staff/staff-only.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { FlashSaleForm } from './flash-sale-form.tsx';
import { staffFlashSalesQuery, useEndFlashSale } from './flash-sales.api.ts';
import { useErrorText } from '../lib/error-text.ts';

const STATE_TONES = { running: 'success', scheduled: 'brand', ended: 'neutral' } as const;

function SaleRow({ sale, onEdit }: { sale: StaffFlashSale; onEdit: () => void }) {
  const { t } = useTranslation('flash-sales');
  const errorText = useErrorText();
  const f = useFormat();
  const end = useEndFlashSale();
  const endNow = () => end.mutate(sale.id, {
    onSuccess: (answer) => notify.success(answer.sale ? t('endedToast') : t('withdrawnToast'), sale.productName),
    onError: (error) => notify.error(t('endFailed'), isApiError(error, endFlashSale, 'FLASH_SALE_ENDED') ? t('alreadyEnded') : errorText(error)),
  });
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="flash-sale-row">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <DataText as="h3" className="font-bold text-slate-900">
            {sale.variantLabel ? `${sale.productName} — ${sale.variantLabel}` : sale.productName}
          </DataText>
          <Badge tone={STATE_TONES[sale.state]}>{t(sale.state)}</Badge>
        </div>
        <p className="text-sm text-slate-600"><bdi>{sale.productModel}</bdi> · {t('prices', { sale: f.price(sale.salePrice), list: f.price(sale.listPrice) })}</p>
        <p className="text-sm text-slate-600">{t('window', { start: f.dateTime(sale.startsAt), end: f.dateTime(sale.endsAt) })}</p>
        <p className="text-sm font-medium text-slate-800" data-testid="flash-sale-counts">
          {t('counts', { sold: f.number(sale.soldCount), left: f.number(sale.availableStock) })} · {sale.units === null ? t('whileStockLasts') : t('allocation', { count: sale.units })}
        </p>
      </div>
      {sale.state !== 'ended' && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onEdit}>{t('edit')}</Button>
          <Button size="sm" variant="secondary" className="text-red-700" disabled={end.isPending} onClick={endNow}>{end.isPending ? t('ending') : t('endNow')}</Button>
        </div>
      )}
    </Card>
  );
}

function FlashSaleManagement() {
  const { t } = useTranslation('flash-sales');
  const sales = useQuery(staffFlashSalesQuery());
  const [editing, setEditing] = useState<StaffFlashSale | null>(null);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('heading')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
      </div>
      <FlashSaleForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <section aria-labelledby="flash-sales-heading" className="space-y-3">
        <h2 id="flash-sales-heading" className="text-lg font-bold text-slate-900">{t('listHeading')}</h2>
        {sales.isPending ? <Skeleton className="h-24 w-full" /> : sales.isError ? (
          <ErrorState title={t('loadFailed')} error={sales.error} onRetry={() => void sales.refetch()} retrying={sales.isFetching} />
        ) : sales.data.sales.length === 0 ? (
          <p className="text-sm text-slate-600">{t('none')}</p>
        ) : (
          <ul className="space-y-3">
            {sales.data.sales.map((sale) => (
              <li key={sale.id}>
                <SaleRow sale={sale} onEdit={() => {
                  setEditing(sale);
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /staff/flash-sales (inside the sign-in guard): staff and superusers only; everyone else is sent home. */
export function StaffFlashSalesPage() {
  const { t } = useTranslation('flash-sales');
  return <StaffOnly access={staffAccess.catalogue} reason={t('staffOnly')}><FlashSaleManagement /></StaffOnly>;
}
