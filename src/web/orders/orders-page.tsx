import { useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, PackageOpen } from 'lucide-react';
import type { Order } from '#contracts/orders';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { cx } from '../lib/class-names.ts';
import { OrderCard } from './order-card.tsx';
import { NoOrderSelected, OrderDetails } from './order-details.tsx';
import { OrderLookup } from './order-lookup.tsx';
import { saveInvoice, ordersQuery, useCancelOrder } from './orders.api.ts';
import { OrderFilters } from './order-filters.tsx';
import type { StatusFilter } from './order-status.ts';

type Tab = 'orders' | 'details';

const LOAD_FAILED = 'Unable to retrieve your orders. Please try again.';

const invoice = (order: Order) => saveInvoice(order.id, order.orderNumber);

/** /orders: the buyer's orders, Quick Order Lookup and one order's details with its tracking timeline. */
export function OrdersPage() {
  const [tab, setTab] = useState<Tab>('orders');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Order | null>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const orders = useQuery(ordersQuery({ page, status, search: deferredSearch || undefined }));
  const cancel = useCancelOrder();
  const totalPages = orders.data?.totalPages ?? 1;

  useEffect(() => {
    if (orders.isError) notify.error('Failed to load orders', LOAD_FAILED);
  }, [orders.isError, orders.errorUpdatedAt]);

  function show(order: Order) {
    setSelected(order);
    setTab('details');
  }

  function cancelSelected(order: Order) {
    cancel.mutate(order.id, {
      onSuccess: ({ order: updated }) => {
        setSelected(updated);
        notify.success('Order cancelled', `Order ${updated.orderNumber} has been cancelled.`);
      },
      onError: (error) => notify.error('Cancellation failed', error.message),
    });
  }

  const goTo = (next: number) => setPage(Math.min(Math.max(next, 1), totalPages));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <title>My Orders — Sialkot Surgical</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Orders</h1>
      <p className="mt-1 text-sm text-slate-600">Track your orders, see their timeline and download invoices.</p>

      <div className="mt-6">
        <OrderLookup onFound={show} />
      </div>

      <div role="tablist" aria-label="Orders" className="mt-6 flex gap-1 border-b border-slate-200">
        {(
          [
            ['orders', 'My Orders'],
            ['details', 'Order Details'],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`orders-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`orders-panel-${id}`}
            disabled={id === 'details' && !selected}
            onClick={() => setTab(id)}
            className={cx(
              '-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-50',
              tab === id ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {label}
          </button>
        ))}
      </div>

      {tab === 'orders' ? (
        <div role="tabpanel" id="orders-panel-orders" aria-labelledby="orders-tab-orders" className="mt-6">
          <OrderFilters
            status={status}
            search={search}
            placeholder="Search by order number, tracking number or item"
            onChange={(filters) => {
              setStatus(filters.status);
              setSearch(filters.search);
              setPage(1);
            }}
          />

          {orders.isError ? (
            <div className="mt-6">
              <ErrorState title="Failed to load orders" message={LOAD_FAILED} error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
            </div>
          ) : orders.isPending ? (
            <p role="status" className="mt-6 text-sm text-slate-600">
              Loading your orders…
            </p>
          ) : (
            <>
              <p className="mt-4 text-sm text-slate-600" aria-live="polite">
                {orders.data.count} orders found
              </p>
              {orders.data.orders.length === 0 ? (
                <div className="mt-4 flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
                  <PackageOpen aria-hidden="true" className="h-10 w-10 text-slate-400" />
                  <h2 className="mt-3 text-lg font-semibold text-slate-900">No orders found</h2>
                  <p className="mt-1 text-sm text-slate-600">
                    {status === 'all' && !deferredSearch ? 'You have not placed any orders yet.' : 'No orders match these filters.'}
                  </p>
                  <Link to="/products" className={buttonClasses({ className: 'mt-5' })}>
                    Browse Products
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
                <nav aria-label="Orders pages" className="mt-6 flex items-center justify-center gap-3">
                  <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                    <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                    Previous
                  </Button>
                  <span className="text-sm text-slate-700">
                    Page {page} of {totalPages}
                  </span>
                  <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => goTo(page + 1)}>
                    Next
                    <ChevronRight aria-hidden="true" className="h-4 w-4" />
                  </Button>
                </nav>
              )}
            </>
          )}
        </div>
      ) : (
        <div role="tabpanel" id="orders-panel-details" aria-labelledby="orders-tab-details" className="mt-6">
          {selected ? (
            <OrderDetails order={selected} onInvoice={() => invoice(selected)} onCancel={() => cancelSelected(selected)} cancelling={cancel.isPending} />
          ) : (
            <NoOrderSelected onRefresh={() => void orders.refetch()} />
          )}
        </div>
      )}
    </div>
  );
}
