import { useTranslation } from 'react-i18next';
import type { TrackingEvent } from '#contracts/orders';
import { PAYMENT_TERMS, type PaymentTerms } from '#contracts/organisations';
import { DataText } from '../components/ui/data-text.tsx';
import { isRtl } from '../i18n/locale-store.ts';
import { useFormat } from '../i18n/use-format.ts';
import { calendarDay } from '../quotes/quote-dates.ts';

const isTerms = (value: string | undefined): value is PaymentTerms => (PAYMENT_TERMS as readonly string[]).includes(value ?? '');

/**
 * A timeline entry: what the shop wrote, in the visitor's language with its due date in their calendar; what staff
 * typed (no code), as typed.
 */
export function OrderEventText({ event, className }: { event: TrackingEvent; className?: string }) {
  const { t } = useTranslation('order-events');
  const { t: organisations } = useTranslation('organisations');
  const f = useFormat();
  if (!event.event) return <DataText as="p" className={className}>{event.description}</DataText>;
  // Carriers, tracking numbers and gateway messages are Latin text: isolated, they keep their own order in Urdu and Arabic.
  const data = (value: string) => (isRtl(f.locale) ? `\u2068${value}\u2069` : value);
  const { terms, dueDate } = event.params;
  return (
    <p className={className}>
      {t(event.event, {
        ...Object.fromEntries(Object.entries(event.params).map(([name, value]) => [name, data(value)])),
        ...(isTerms(terms) ? { terms: organisations(`terms_${terms}`) } : {}),
        ...(dueDate ? { dueDate: f.date(calendarDay(dueDate)) } : {}),
      })}
    </p>
  );
}
