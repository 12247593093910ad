import { useTranslation } from 'react-i18next';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, PackageOpen } from 'lucide-react';
import type { Order } from '#contracts/orders';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Tab, TabList, TabPanel, Tabs } from '../components/ui/tabs.tsx';
import { OrderCard } from './order-card.tsx';
import { NoOrderSelected, OrderDetails } from './order-details.tsx';
import { RecallBanners } from '../recalls/recall-banners.tsx';
import { OrderLookup } from './order-lookup.tsx';
import { saveInvoice, ordersQuery, useBuyAgain, useCancelOrder } from './orders.api.ts';
import { OrderFilters } from './order-filters.tsx';
import type { StatusFilter } from './order-status.ts';
import { useErrorText } from '../lib/error-text.ts';

type OrdersTab = 'orders' | 'details';

/** /orders: the buyer's orders, Quick Order Lookup and one order's details with its tracking timeline. */
export function OrdersPage() {
  // Loaded with the page, not when the orders, a recall notice or an order's details arrive (which would blank it and
  // the lookup being typed): the recall notices, the breakdowns, the tracking events and the returns.
  const { t } = useTranslation(['orders', 'recalls', 'orders-breakdown', 'order-events', 'organisations', 'returns']);
  const errorText = useErrorText();
  const invoice = (order: Order) => saveInvoice(order.id, order.orderNumber, t);
  const [tab, setTab] = useState<OrdersTab>('orders');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Order | null>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const orders = useQuery(ordersQuery({ page, status, search: deferredSearch || undefined }));
  const cancel = useCancelOrder();
  const buyAgain = useBuyAgain();
  const totalPages = orders.data?.totalPages ?? 1;

  useEffect(() => {
    if (orders.isError) notify.error(t('loadFailed'), t('loadFailedText'));
  }, [orders.isError, orders.errorUpdatedAt]); // eslint-disable-line react-hooks/exhaustive-deps -- once per failure, not per language change

  function show(order: Order) {
    setSelected(order);
    setTab('details');
  }

  function cancelSelected(order: Order) {
    cancel.mutate(order.id, {
      onSuccess: ({ order: updated }) => {
        setSelected(updated);
        notify.success(t('cancelled'), t('cancelledText', { number: updated.orderNumber }));
      },
      onError: (error) => notify.error(t('cancelFailed'), errorText(error)),
    });
  }

  const goTo = (next: number) => setPage(Math.min(Math.max(next, 1), totalPages));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('heading')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
      <RecallBanners className="mt-6" />

      <div className="mt-6">
        <OrderLookup onFound={show} />
      </div>

      <Tabs value={tab} onValueChange={(next) => setTab(next as OrdersTab)}>
        <TabList look="underline" aria-label={t('tabsLabel')} className="mt-6">
          <Tab value="orders" look="underline">{t('myOrdersTab')}</Tab>
          <Tab value="details" look="underline" disabled={!selected}>{t('detailsTab')}</Tab>
        </TabList>

        <TabPanel value="orders" className="mt-6">
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

          {orders.isError ? (
            <div className="mt-6">
              <ErrorState title={t('loadFailed')} message={t('loadFailedText')} error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
            </div>
          ) : orders.isPending ? (
            <p role="status" className="mt-6 text-sm text-slate-600">
              {t('loading')}
            </p>
          ) : (
            <>
              <p className="mt-4 text-sm text-slate-600" aria-live="polite">
                {t('ordersFound', { n: orders.data.count })}
              </p>
              {orders.data.orders.length === 0 ? (
                <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
                  <PackageOpen aria-hidden="true" className="h-10 w-10 text-slate-400" />
                  <h2 className="mt-3 text-lg font-semibold text-slate-900">{t('noneFound')}</h2>
                  <p className="mt-1 text-sm text-slate-600">
                    {status === 'all' && !deferredSearch ? t('noOrdersYet') : t('noMatch')}
                  </p>
                  <Link to="/products" className={buttonClasses({ className: 'mt-5' })}>
                    {t('browseProducts')}
                  </Link>
                </div>
              ) : (
                <div className="mt-4 space-y-4">
                  {orders.data.orders.map((order) => (
                    <OrderCard key={order.id} order={order} onView={show} onTrack={show} onInvoice={invoice} />
                  ))}
                </div>
              )}
              {totalPages > 1 && (
                <nav aria-label={t('pagesLabel')} className="mt-6 flex items-center justify-center gap-3">
                  <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                    <ChevronLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
                    {t('previous')}
                  </Button>
                  <span className="text-sm text-slate-700">
                    {t('pageOf', { page, total: totalPages })}
                  </span>
                  <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => goTo(page + 1)}>
                    {t('next')}
                    <ChevronRight aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
                  </Button>
                </nav>
              )}
            </>
          )}
        </TabPanel>
        <TabPanel value="details" className="mt-6">
          {selected ? (
            <OrderDetails order={selected} onInvoice={() => invoice(selected)} onCancel={() => cancelSelected(selected)} cancelling={cancel.isPending}
              buyAgain={{
                onBuyAgain: () => buyAgain.mutate(selected.orderNumber, { onError: (error) => notify.error(t('buyAgainFailed'), errorText(error)) }),
                pending: buyAgain.isPending,
                // What it put into the cart belongs to the order it was asked for.
                lines: buyAgain.data && buyAgain.variables === selected.orderNumber ? buyAgain.data.lines : null,
              }} />
          ) : (
            <NoOrderSelected onRefresh={() => void orders.refetch()} />
          )}
        </TabPanel>
      </Tabs>
    </div>
  );
}
