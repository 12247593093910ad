import { useTranslation } from 'react-i18next';
import { MapPin } from 'lucide-react';
import type { TrackingEvent } from '#contracts/orders';
import { cx } from '../lib/class-names.ts';
import { useFormat } from '../i18n/use-format.ts';
import { OrderEventText } from './order-event-text.tsx';

/** An order's timeline, newest first: each step's status, when, what happened and where. */
export function OrderTimeline({ events }: { events: TrackingEvent[] }) {
  const { t } = useTranslation('orders');
  const f = useFormat();
  return (
    <ol aria-label={t('trackingTimeline')} className="space-y-4">
      {events.map((event, index) => (
        <li key={event.id} className="flex gap-3">
          <span
            aria-hidden="true"
            className={cx('mt-1.5 h-3 w-3 shrink-0 rounded-full', index === 0 ? 'bg-brand-600 ring-4 ring-brand-100' : 'bg-slate-300')}
          />
          <div className={cx('min-w-0 flex-1 rounded-lg px-3 py-2', index === 0 && 'bg-brand-50')}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="font-semibold text-slate-900">{t('statusName', { context: event.status })}</p>
              <time dateTime={event.timestamp} className="text-xs text-slate-600">
                {f.dateTime(event.timestamp)}
              </time>
            </div>
            <OrderEventText event={event} className="text-sm text-slate-700" />
            {event.location && (
              <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-600">
                <MapPin aria-hidden="true" className="h-3 w-3" />
                {event.location}
              </p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
