import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import type { Order } from '#contracts/orders';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { ApiError } from '../lib/api.ts';
import { lookupOrder } from './orders.api.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { ordersMessages } from './messages.ts';

/** 'Quick Order Lookup': an order number or tracking ID, by button or Enter. */
export function OrderLookup({ onFound }: { onFound: (order: Order) => void }) {
  const t = useMessages(ordersMessages);
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = reference.trim();
    if (!value) {
      notify.error(t.enterOrderNumber);
      return;
    }
    setBusy(true);
    try {
      const { order } = await lookupOrder(value);
      notify.success(t.orderFound, t.statusIs(t.statusName(order.status)));
      onFound(order);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notify.error(t.orderNotFound, t.orderNotFoundText);
      else notify.error(t.trackingFailed, t.trackingFailedText);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <label htmlFor="order-lookup" className="text-base font-semibold text-slate-900">
        {t.quickLookup}
      </label>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          id="order-lookup"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          placeholder={t.lookupPlaceholder}
          className="h-10 w-full min-w-0 rounded-lg border border-slate-300 px-3 text-sm sm:flex-1 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <Button type="submit" disabled={busy}>
          <Search aria-hidden="true" className="h-4 w-4" />
          {busy ? t.tracking : t.trackOrder}
        </Button>
      </div>
    </form>
  );
}
