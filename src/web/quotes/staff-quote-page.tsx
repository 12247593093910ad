import { staffAccess } from '#contracts/staff-roles';
import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Save, Send, TriangleAlert } from 'lucide-react';
import type { Quote } from '#contracts/quotes';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { controlClasses, FieldMessage, FormField } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { ApiError } from '../lib/api.ts';
import { useErrorText } from '../lib/error-text.ts';
import { serverIssueErrors, useIssueText } from '../lib/issue-text.ts';
import { calendarDay } from './quote-dates.ts';
import { QuoteLines, QuoteTotalsList } from './quote-lines.tsx';
import { ReasonForm } from './reason-form.tsx';
import { QuoteStatusBadge } from './quote-status-badge.tsx';
import { staffQuoteQuery, usePriceQuote, useSendQuote, useWithdrawQuote } from './quotes.api.ts';
import { StaffOnly } from '../staff/staff-only.tsx';

const DEFAULT_VALIDITY_DAYS = 14;
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function PriceInput({ label, name, value, error, onChange }: {
  label: string; name: string; value: string; error?: string; onChange: (value: string) => void;
}) {
  const errorId = useId();
  return (
    <div className="w-28 sm:ms-auto">
      <input
        aria-label={label}
        inputMode="decimal"
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={controlClasses(Boolean(error), 'h-10 text-end')}
      />
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

/** Says when a line asks for more than is in stock now, and what the buyer can do about it. */
function ShortStockNote({ quote }: { quote: Quote }) {
  const { t } = useTranslation('quotes');
  if (quote.lines.every((line) => line.available >= line.quantity)) return null;
  return (
    <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" /> {t('staffShortText')}
    </p>
  );
}

function PricingForm({ quote }: { quote: Quote }) {
  const { t } = useTranslation('quotes');
  const errorText = useErrorText();
  const issueText = useIssueText();
  const price = usePriceQuote();
  const send = useSendQuote();
  const [prices, setPrices] = useState<string[]>(() => quote.lines.map((line) => line.unit_price ?? ''));
  const [validUntil, setValidUntil] = useState(quote.valid_until ?? dayFromToday(DEFAULT_VALIDITY_DAYS));
  const [note, setNote] = useState(quote.staff_note);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const saved = quote.status === 'priced' && quote.lines.every((line, index) => line.unit_price !== null && Number(line.unit_price) === Number(prices[index]))
    && quote.valid_until === validUntil && quote.staff_note === note.trim();

  const save = () => {
    const body = { lines: quote.lines.map((line, index) => ({ id: line.id, unit_price: prices[index] })), valid_until: validUntil, staff_note: note };
    price.mutate({ id: quote.id, body }, {
      onSuccess: () => {
        setErrors({});
        notify.success(t('savedToast'));
      },
      onError: (error) => {
        setErrors(Object.fromEntries(Object.entries(serverIssueErrors(error)).map(([field, issue]) => [field, issueText(issue)])));
        notify.error(t('updateFailed'), error instanceof ApiError && error.status === 400 ? t('fixErrors') : errorText(error));
      },
    });
  };

  return (
    <Card className="space-y-5 p-5 sm:p-6">
      <h2 className="text-base font-bold text-slate-900">{t('prices')}</h2>
      {errors.lines && <p className="text-sm font-medium text-red-700">{errors.lines}</p>}
      <ShortStockNote quote={quote} />
      <QuoteLines
        quote={quote}
        showStock
        priceCell={(line, index) => (
          <PriceInput
            label={t('unitPriceFor', { name: line.product_name })}
            name={`lines.${index}.unit_price`}
            value={prices[index]}
            error={errors[`lines.${index}.unit_price`]}
            onChange={(value) => setPrices(prices.map((current, i) => (i === index ? value : current)))}
          />
        )}
      />
      {quote.totals && <QuoteTotalsList totals={quote.totals} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('validUntilLabel')} type="date" name="valid_until" required value={validUntil} error={errors.valid_until}
          onChange={(event) => setValidUntil(event.target.value)} />
      </div>
      <FormField label={t('staffNote')} error={errors.staff_note}>
        {(control) => (
          <textarea {...control} rows={3} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} className={controlClasses(Boolean(errors.staff_note), 'py-2')} />
        )}
      </FormField>
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-xs text-slate-500 sm:me-auto">{t('sendHint')}</p>
        <Button variant="secondary" onClick={save} disabled={price.isPending}>
          <Save aria-hidden="true" className="h-4 w-4" /> {t('savePrices')}
        </Button>
        <Button
          disabled={!saved || send.isPending}
          onClick={() => send.mutate(quote.id, {
            onSuccess: (sent) => notify.success(t('sentToast'), t('sentToastText', { email: sent.buyer?.email ?? '' })),
            onError: (error) => notify.error(t('updateFailed'), errorText(error)),
          })}
        >
          <Send aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" /> {t('sendQuote')}
        </Button>
      </div>
    </Card>
  );
}

function StaffQuote({ quote }: { quote: Quote }) {
  const { t } = useTranslation('quotes');
  const errorText = useErrorText();
  const f = useFormat();
  const withdraw = useWithdrawQuote();
  const [withdrawing, setWithdrawing] = useState(false);
  const editable = quote.status === 'requested' || quote.status === 'priced';
  const open = editable || quote.status === 'sent';

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('quoteTitle', { number: quote.number })}</h1>
        <QuoteStatusBadge status={quote.status} />
      </div>
      <Card className="grid gap-4 p-5 text-sm sm:grid-cols-2 sm:p-6">
        {quote.buyer && (
          <div>
            <h2 className="font-semibold text-slate-900">{t('buyer')}</h2>
            <p className="mt-1 text-slate-700">{quote.buyer.name}{quote.buyer.hospital_name && ` · ${quote.buyer.hospital_name}`}</p>
            <a href={`mailto:${quote.buyer.email}`} className="text-brand-700 hover:underline">{quote.buyer.email}</a>
          </div>
        )}
        <div className="text-slate-700">
          <p>{t('requestedOn', { date: f.dateTime(quote.created_at) })}</p>
          <p>{t('deliveryTo', { city: quote.delivery_city })}</p>
          {quote.valid_until && <p>{t('validUntil', { date: f.date(calendarDay(quote.valid_until)) })}</p>}
          {quote.order && <p>{t('acceptedText', { order: quote.order.order_number })}</p>}
          {quote.decision_reason && <p>{t('reason', { reason: quote.decision_reason })}</p>}
        </div>
        {quote.notes && (
          <div className="sm:col-span-2">
            <h2 className="font-semibold text-slate-900">{t('notes')}</h2>
            <p className="mt-1 whitespace-pre-wrap text-slate-700">{quote.notes}</p>
          </div>
        )}
      </Card>
      {editable ? (
        <PricingForm key={quote.status} quote={quote} />
      ) : (
        <Card className="space-y-5 p-5 sm:p-6">
          {open && <ShortStockNote quote={quote} />}
          <QuoteLines quote={quote} showStock={open} />
          {quote.totals && <QuoteTotalsList totals={quote.totals} />}
          {quote.staff_note && <p className="text-sm whitespace-pre-wrap text-slate-700">{quote.staff_note}</p>}
        </Card>
      )}
      {open && (withdrawing ? (
        <ReasonForm
          label={t('withdrawReason')}
          confirm={t('confirmWithdraw')}
          busy={withdraw.isPending}
          onCancel={() => setWithdrawing(false)}
          onConfirm={(reason) => withdraw.mutate({ id: quote.id, reason }, {
            onSuccess: () => notify.success(t('withdrawnToast')),
            onError: (error) => notify.error(t('updateFailed'), errorText(error)),
          })}
        />
      ) : (
        <div className="flex justify-end">
          <Button variant="ghost" onClick={() => setWithdrawing(true)}>{t('withdraw')}</Button>
        </div>
      ))}
    </div>
  );
}

/** /staff/quotes/:id: price each line, set the validity date and send; or withdraw. */
export function StaffQuotePage() {
  const { t } = useTranslation('quotes');
  const { id = '' } = useParams();
  const quote = useQuery(staffQuoteQuery(id));
  return (
    <StaffOnly access={staffAccess.sales} reason={t('staffOnly')}>
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
        <title>{quote.data ? t('quotePageTitle', { number: quote.data.number }) : t('staffPageTitle')}</title>
        <Link to="/staff/quotes" className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'mb-4 -ms-3' })}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" /> {t('backToQuotes')}
        </Link>
        {quote.isPending ? (
          <Skeleton className="h-96" />
        ) : quote.isError ? (
          <ErrorState title={t('loadFailed')} error={quote.error} onRetry={() => void quote.refetch()} retrying={quote.isFetching} />
        ) : (
          <StaffQuote quote={quote.data} />
        )}
      </div>
    </StaffOnly>
  );
}
