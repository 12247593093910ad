import { useTranslation } from 'react-i18next';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, Clock, FileX, TriangleAlert } from 'lucide-react';
import type { AcceptQuantities, Quote, QuoteTotals } from '#contracts/quotes';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { ApiError } from '../lib/api.ts';
import { calendarDay } from './quote-dates.ts';
import { QuoteLines, QuoteTotalsList } from './quote-lines.tsx';
import { QuotePayment } from './quote-payment.tsx';
import { QuoteStatusBadge } from './quote-status-badge.tsx';
import { ReasonForm } from './reason-form.tsx';
import { myQuoteQuery, useDeclineQuote } from './quotes.api.ts';
import { useErrorText } from '../lib/error-text.ts';

function Banner({ icon: Icon, tone, children }: { icon: typeof Clock; tone: 'info' | 'success' | 'warning'; children: ReactNode }) {
  const tones = { info: 'border-brand-200 bg-brand-50 text-brand-900', success: 'border-emerald-200 bg-emerald-50 text-emerald-900', warning: 'border-amber-200 bg-amber-50 text-amber-900' };
  return (
    <div className={`flex items-start gap-3 rounded-xl border p-4 text-sm ${tones[tone]}`}>
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0 space-y-2">{children}</div>
    </div>
  );
}

/**
 * What accepting the quote takes now: every line in full while the shop has it, else what is in stock (at the quoted
 * prices, totalled by the server); null when nothing is in stock, or there are no prices to pay.
 */
function acceptance(quote: Quote): { quantities: AcceptQuantities; totals: QuoteTotals } | null {
  if (!quote.totals) return null;
  if (quote.lines.every((line) => line.available >= line.quantity)) return { quantities: 'quoted', totals: quote.totals };
  return quote.available_totals && { quantities: 'available', totals: quote.available_totals };
}

function QuoteDecision({ quote }: { quote: Quote }) {
  const { t } = useTranslation('quotes');
  const errorText = useErrorText();
  const f = useFormat();
  const decline = useDeclineQuote();
  const [mode, setMode] = useState<'idle' | 'declining' | AcceptQuantities>('idle');
  const plan = acceptance(quote);
  const day = (value: string) => f.date(calendarDay(value));
  const reason = quote.decision_reason && <p>{t('reason', { reason: quote.decision_reason })}</p>;

  switch (quote.status) {
    case 'requested':
    case 'priced':
      return <Banner icon={Clock} tone="info"><p>{t('beingPriced')}</p></Banner>;
    case 'accepted':
      return (
        <Banner icon={CheckCircle2} tone="success">
          <p>{t('acceptedText', { order: quote.order?.order_number ?? '' })}</p>
          <Link to="/orders" className="font-semibold underline">{t('viewOrders')}</Link>
        </Banner>
      );
    case 'declined':
      return <Banner icon={FileX} tone="warning"><p>{t('declinedText')}</p>{reason}</Banner>;
    case 'withdrawn':
      return <Banner icon={FileX} tone="warning"><p>{t('withdrawnText')}</p>{reason}</Banner>;
    case 'expired':
      return <Banner icon={FileX} tone="warning"><p>{t('expiredText', { date: day(quote.valid_until!) })}</p></Banner>;
    case 'sent':
      // Paying for what was chosen while it is still what accepting takes: a change in stock shows the choice again.
      if (plan && mode === plan.quantities) return <QuotePayment quote={quote} {...plan} />;
      return (
        <div className="space-y-4">
          <Banner icon={Clock} tone="info"><p>{t('readyText', { date: day(quote.valid_until!) })}</p></Banner>
          {plan?.quantities === 'available' && (
            <Banner icon={TriangleAlert} tone="warning"><p>{t('shortText', { total: f.money(plan.totals.grand_total, 'USD') })}</p></Banner>
          )}
          {!plan && <Banner icon={TriangleAlert} tone="warning"><p>{t('noneInStockText')}</p></Banner>}
          {mode === 'declining' ? (
            <ReasonForm
              label={t('declineReason')}
              hint={t('declineHint')}
              confirm={t('confirmDecline')}
              busy={decline.isPending}
              onCancel={() => setMode('idle')}
              onConfirm={(text) => decline.mutate({ id: quote.id, reason: text }, {
                onSuccess: () => notify.success(t('declinedToast')),
                onError: (error) => notify.error(t('updateFailed'), errorText(error)),
              })}
            />
          ) : (
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setMode('declining')}>{t('decline')}</Button>
              {plan && (
                <Button size="lg" onClick={() => setMode(plan.quantities)}>
                  {plan.quantities === 'available' ? t('acceptAvailable') : t('acceptAndPay')}
                </Button>
              )}
            </div>
          )}
        </div>
      );
  }
}

/** /profile/quotes/:id: the buyer's quote, to accept (and pay) or decline once it is sent. */
export function QuotePage() {
  // Loaded with the page, not when Accept is pressed (which would blank it): the acceptance's checkout words.
  const { t } = useTranslation(['quotes', 'checkout']);
  const f = useFormat();
  const { id = '' } = useParams();
  const quote = useQuery(myQuoteQuery(id));

  let content;
  if (quote.isPending) {
    content = <Skeleton className="h-96" />;
  } else if (quote.isError) {
    content = quote.error instanceof ApiError && (quote.error.status === 404 || quote.error.status === 400) ? (
      <Card className="p-8 text-center"><h2 className="text-lg font-bold text-slate-900">{t('notFound')}</h2></Card>
    ) : (
      <ErrorState title={t('loadFailed')} error={quote.error} onRetry={() => void quote.refetch()} retrying={quote.isFetching} />
    );
  } else {
    const q = quote.data;
    content = (
      <div className="space-y-6">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('quoteTitle', { number: q.number })}</h1>
          <QuoteStatusBadge status={q.status} />
        </div>
        <p className="text-sm text-slate-600">
          {[t('requestedOn', { date: f.date(q.created_at) }), t('deliveryTo', { city: q.delivery_city }), q.valid_until && t('validUntil', { date: f.date(calendarDay(q.valid_until)) })]
            .filter(Boolean).join(' · ')}
        </p>
        <Card className="space-y-5 p-5 sm:p-6">
          <QuoteLines quote={q} showStock={q.status === 'sent'} />
          {q.totals && <QuoteTotalsList totals={q.totals} />}
          {q.notes && (
            <div className="text-sm">
              <h2 className="font-semibold text-slate-900">{t('yourNotes')}</h2>
              <p className="mt-1 whitespace-pre-wrap text-slate-700">{q.notes}</p>
            </div>
          )}
          {q.staff_note && (
            <div className="text-sm">
              <h2 className="font-semibold text-slate-900">{t('noteFromUs')}</h2>
              <p className="mt-1 whitespace-pre-wrap text-slate-700">{q.staff_note}</p>
            </div>
          )}
        </Card>
        <QuoteDecision key={q.status} quote={q} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{quote.data ? t('quotePageTitle', { number: quote.data.number }) : t('myQuotesPageTitle')}</title>
      <Link to="/profile/quotes" className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'mb-4 -ms-3' })}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" /> {t('allQuotes')}
      </Link>
      {content}
    </div>
  );
}
