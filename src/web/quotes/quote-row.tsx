import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { Quote } from '#contracts/quotes';
import { useFormat } from '../i18n/use-format.ts';
import { calendarDay } from './quote-dates.ts';
import { QuoteStatusBadge } from './quote-status-badge.tsx';

/** One quote in a list, linking to its page; staff also see who asked. */
export function QuoteRow({ quote, to }: { quote: Quote; to: string }) {
  const { t } = useTranslation('quotes');
  const f = useFormat();
  return (
    <li>
      <Link
        to={to}
        className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:bg-brand-50/40"
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-bold text-slate-900">{quote.number}</span>
            <QuoteStatusBadge status={quote.status} />
          </div>
          {quote.buyer && (
            <p className="mt-1 truncate text-sm font-medium text-slate-800">
              {[quote.buyer.hospital_name, quote.buyer.name, quote.buyer.email].filter(Boolean).join(' · ')}
            </p>
          )}
          <p className="mt-1 truncate text-sm text-slate-600">
            {quote.lines.map((line) => `${line.quantity} × ${line.product_name}`).join(', ')}
          </p>
          <p className="mt-1 text-xs text-slate-500">
            {[
              t('requestedOn', { date: f.date(quote.created_at) }),
              t('productCount', { count: quote.lines.length }),
              t('deliveryTo', { city: quote.delivery_city }),
              quote.valid_until && t('validUntil', { date: f.date(calendarDay(quote.valid_until)) }),
            ].filter(Boolean).join(' · ')}
          </p>
        </div>
        {quote.totals && <span className="hidden font-bold text-slate-900 sm:block">{f.money(quote.totals.grand_total, 'USD')}</span>}
        <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-400 rtl:-scale-x-100" />
      </Link>
    </li>
  );
}
