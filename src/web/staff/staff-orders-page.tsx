import { staffAccess } from '#contracts/staff-roles';
import { createRefund } from '#contracts/staff-orders';
import { importCodRemittances, markShipmentRefused } from '#contracts/cod';
import { useTranslation } from 'react-i18next';
import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { StaffOnly } from './staff-only.tsx';
import { mayOpen } from './staff-pages.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { OrderFilters } from '../orders/order-filters.tsx';
import type { StatusFilter } from '../orders/order-status.ts';
import { staffOrdersQuery, useFulfilOrder, useMarkRefused, useRefundOrder, type FulfilmentAction } from './staff-orders.api.ts';
import { CodRemittanceImport } from './cod-remittance-import.tsx';
import { moreFiltersQuery, NO_MORE_FILTERS, StaffOrderFilters, type MoreFilters } from '../staff-orders/staff-order-filters.tsx';
import type { RefundHandler } from './refund-form.tsx';
import { StaffOrderRow } from './staff-order-row.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { StepPager } from '../components/ui/step-pager.tsx';
import { useErrorText } from '../lib/error-text.ts';

function OrderManagement() {
  const { t } = useTranslation('staff');
  const { t: statuses } = useTranslation('orders');
  const errorText = useErrorText();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [more, setMore] = useState<MoreFilters>(NO_MORE_FILTERS);
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search.trim());
  const orders = useQuery(staffOrdersQuery({ page, status, search: deferredSearch || undefined, ...moreFiltersQuery(more) }));
  const fulfil = useFulfilOrder();
  const totalPages = orders.data?.totalPages ?? 1;
  const { user } = useCurrentUser();
  const fulfils = mayOpen(user, staffAccess.fulfilment);
  const refundOrder = useRefundOrder();
  const refund: RefundHandler = (id, body, idempotencyKey) => refundOrder.mutateAsync({ id, body, idempotencyKey });
  const refused = useMarkRefused();
  const markRefused = (shipmentId: string) => refused.mutate(shipmentId, {
    onSuccess: (answer) => notify.success(t('refusedRecorded'), t('refusedRecordedText', { number: answer.order_number })),
    onError: (error) => notify.error(t('updateFailed'), errorText(error)),
  });

  function act(action: FulfilmentAction, onFailure?: (error: unknown) => void) {
    fulfil.mutate(action, {
      onSuccess: ({ order }) => notify.success(t('orderUpdated'), t('orderUpdatedText', { number: order.orderNumber, status: statuses('statusName', { context: order.status }) })),
      onError: (error) => {
        notify.error(t('updateFailed'), errorText(error));
        onFailure?.(error);
      },
    });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <PageHeader icon={ClipboardList} title={t('heading')} intro={t('intro')} />

      {mayOpen(user, importCodRemittances.staff) && <div className="mt-6"><CodRemittanceImport /></div>}

      <div className="mt-6">
        <OrderFilters
          status={status}
          search={search}
          placeholder={t('searchPlaceholder')}
          onChange={(filters) => {
            setStatus(filters.status);
            setSearch(filters.search);
            setPage(1);
          }}
        />
      </div>
      <div className="mt-3">
        <StaffOrderFilters filters={more} onChange={(filters) => {
          setMore(filters);
          setPage(1);
        }} />
      </div>

      {orders.isError ? (
        <div className="mt-6">
          <ErrorState title={t('loadFailed')} error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
        </div>
      ) : orders.isPending ? (
        <p role="status" className="mt-6 text-sm text-slate-600">
          {t('loading')}
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600">{t('ordersFound', { n: orders.data.count })}</p>
          <div className="mt-4 space-y-3">
            {orders.data.orders.map((order) => (
              <StaffOrderRow key={order.id} order={order} busy={fulfil.isPending || refused.isPending} onAction={fulfils ? act : undefined}
                onRefund={mayOpen(user, createRefund.staff) ? refund : undefined}
                onRefused={mayOpen(user, markShipmentRefused.staff) ? markRefused : undefined} />
            ))}
          </div>
          <StepPager page={page} pages={totalPages} onPage={setPage} className="mt-6 justify-center"
            texts={{ label: t('pagesLabel'), back: t('previous'), forward: t('next'), position: t('pageOf', { page, total: totalPages }) }} />
        </>
      )}
    </div>
  );
}

/** /staff/orders (inside the sign-in guard): staff and superusers only; everyone else is sent home. */
export function StaffOrdersPage() {
  const { t } = useTranslation('staff');
  return <StaffOnly access={staffAccess.ordersRead} reason={t('adminRequiredText')}><OrderManagement /></StaffOnly>;
}
