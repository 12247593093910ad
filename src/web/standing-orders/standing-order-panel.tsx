import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import type { StandingOrder } from '#contracts/standing-orders';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { notify } from '../components/ui/notify.ts';
import { useErrorText } from '../lib/error-text.ts';
import { addressLine } from '../organisation-purchasing/address-line.ts';
import { useRunDay } from './run-day.ts';
import { StandingOrderForm } from './standing-order-form.tsx';
import { StandingOrderRuns } from './standing-order-runs.tsx';
import { standingOrderQuery, useSkipNextRun, useStopStandingOrder } from './standing-orders.api.ts';


/** The schedule as it stands: the next run (or that it is skipped), where it ships, and skipping or stopping it. */
function Schedule({ listId, order, onEdit }: { listId: number; order: StandingOrder; onEdit: () => void }) {
  const { t } = useTranslation('standing-orders');
  const runDay = useRunDay();
  const errorText = useErrorText();
  const skip = useSkipNextRun(listId);
  const stop = useStopStandingOrder(listId);
  const failed = (error: unknown) => notify.error(t('changeFailed'), errorText(error));
  const toggleSkip = () => skip.mutate(!order.next_run_skipped, {
    onSuccess: ({ standing_order: next }) => notify.success(next.next_run_skipped
      ? t('skippedText', { date: runDay(next.next_run_on), next: runDay(next.following_run_on) })
      : t('unskippedText', { date: runDay(next.next_run_on) })),
    onError: failed,
  });
  const stopIt = () => stop.mutate(undefined, { onSuccess: () => notify.success(t('stopped')), onError: failed });
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-500">{t('nextRun')}</dt>
        <dd className="font-semibold text-slate-900" data-testid="next-run">
          {order.next_run_skipped
            ? t('nextRunSkipped', { date: runDay(order.next_run_on), next: runDay(order.following_run_on) })
            : runDay(order.next_run_on)}
        </dd>
        <dt className="text-slate-500">{t('frequency')}</dt>
        <dd className="text-slate-900">{t(`frequency_${order.frequency}`)}</dd>
        <dt className="text-slate-500">{t('shipTo')}</dt>
        <dd className="text-slate-900" dir="auto">{addressLine(order.shipping_address)}</dd>
        {order.po_number && <><dt className="text-slate-500">{t('poNumber')}</dt><dd className="text-slate-900" dir="auto">{order.po_number}</dd></>}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={toggleSkip} disabled={skip.isPending}>
          {order.next_run_skipped ? t('unskip') : t('skip')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onEdit}>{t('change')}</Button>
        <Button variant="ghost" size="sm" onClick={stopIt} disabled={stop.isPending}>{t('stop')}</Button>
      </div>
    </div>
  );
}

/** On a reorder list: its standing order, set up, shown, skipped or stopped, with the runs so far. */
export function StandingOrderPanel({ listId }: { listId: number }) {
  const { t } = useTranslation('standing-orders');
  const errorText = useErrorText();
  const query = useQuery(standingOrderQuery(listId));
  const [editing, setEditing] = useState(false);
  const refused = query.data?.refused ?? null;
  const order = query.data?.standing_order ?? null;

  return (
    <Card className="mt-6">
      <div className="space-y-4 p-4">
        <div className="flex items-start gap-3">
          <CalendarClock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <div>
            <h2 className="text-lg font-semibold text-slate-900">{t('heading')}</h2>
            <p className="text-sm text-slate-600">{t('intro')}</p>
          </div>
        </div>
        {refused ? <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{t(`refused_${refused}`)}</p>
          : query.isError ? <p role="alert" className="text-sm text-red-700">{errorText(query.error)}</p>
            : query.isPending ? <p role="status" className="text-sm text-slate-600">{t('loading')}</p>
              : order && !editing ? <Schedule listId={listId} order={order} onEdit={() => setEditing(true)} />
                : <StandingOrderForm listId={listId} current={order} onDone={() => setEditing(false)} />}
        {!refused && !query.isPending && <StandingOrderRuns listId={listId} />}
      </div>
    </Card>
  );
}
