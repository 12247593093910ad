import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../layout/page-title.tsx';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import {
  PRIVATE_LABEL_STATUSES, PRODUCTION_STEPS, type PrivateLabelRequest, type PrivateLabelStatus, type ProductionStep,
} from '#contracts/private-label';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { FilterChips } from '../components/ui/filter-chips.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextAreaField } from '../components/ui/text-area-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { useErrorText } from '../lib/error-text.ts';
import {
  staffRequestQuery, staffRequestsQuery, useDeclineRequest, useMoveProduction, useQuoteRequest, useSendProof,
} from './private-label.api.ts';
import { PrivateLabelStatusBadge, ProofList, RequestItems, RequestMarking, sectionClasses, Timeline } from './private-label-parts.tsx';
import { useFieldError } from './use-field-error.ts';

/** /staff/private-label: every request, newest first, by status. */
export function StaffPrivateLabelPage() {
  const { t } = useTranslation('private-label');
  const f = useFormat();
  const [search, setSearch] = useSearchParams();
  const status = (PRIVATE_LABEL_STATUSES as readonly string[]).includes(search.get('status') ?? '') ? search.get('status') as PrivateLabelStatus : undefined;
  const requests = useQuery(staffRequestsQuery(status));
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <PageTitle>{t('staffTitle')}</PageTitle>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('staffTitle')}</h1>
      <p className="mt-1 text-slate-600">{t('staffIntro')}</p>
      <FilterChips className="mt-4" label={t('staffTitle')} value={status ?? 'all'}
        options={[{ value: 'all', label: t('allStatuses') }, ...PRIVATE_LABEL_STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }))]}
        onChange={(next) => setSearch(next === 'all' ? {} : { status: next }, { replace: true })} />
      <div className="mt-6">
        {requests.isError ? <ErrorState title={t('loadFailed')} error={requests.error} onRetry={() => void requests.refetch()} retrying={requests.isFetching} />
          : requests.isPending ? <Skeleton className="h-40" />
            : requests.data.length === 0 ? <p className="text-slate-600">{t('noStaffRequests')}</p> : (
              <ul className="space-y-3">
                {requests.data.map((request) => (
                  <li key={request.id}>
                    <Link to={`/staff/private-label/${request.id}`}
                      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300">
                      <span className="min-w-0">
                        <span className="block font-semibold text-slate-900">{request.number} · {request.organisation.name}</span>
                        <span className="block text-sm text-slate-600">{request.items.map((item) => `${f.number(item.quantity)} × ${item.product_name}`).join(', ')}</span>
                        <span className="block text-xs text-slate-500">{t('requestedOn', { date: f.date(request.created_at) })}</span>
                      </span>
                      <PrivateLabelStatusBadge status={request.status} />
                    </Link>
                  </li>
                ))}
              </ul>
            )}
      </div>
    </div>
  );
}

function QuoteForm({ request }: { request: PrivateLabelRequest }) {
  const { t } = useTranslation('private-label');
  const f = useFormat();
  const errorText = useErrorText();
  const quote = useQuoteRequest();
  const fieldError = useFieldError(quote.error);
  const [prices, setPrices] = useState<Record<number, string>>(Object.fromEntries(request.items.map((item) => [item.id, item.unit_price ?? ''])));
  const [lead, setLead] = useState(String(request.lead_time_days ?? ''));
  const [deposit, setDeposit] = useState(String(request.deposit_percent ?? ''));
  const save = async () => {
    try {
      await quote.mutateAsync({ id: request.id, body: {
        items: request.items.map((item) => ({ id: item.id, unit_price: prices[item.id] ?? '' })), lead_time_days: Number(lead), deposit_percent: Number(deposit),
      } });
      notify.success(t('quoteSaved'));
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <section aria-labelledby="quote-heading" className={`${sectionClasses} space-y-3`}>
      <h2 id="quote-heading" className="text-lg font-bold text-slate-900">{t('quoteHeading')}</h2>
      {request.items.map((item, index) => (
        <TextField key={item.id} inputMode="decimal" value={prices[item.id] ?? ''} onChange={(event) => setPrices({ ...prices, [item.id]: event.target.value })}
          label={`${t('unitPrice')} · ${item.product_name}${item.variant_label ? ` · ${item.variant_label}` : ''} × ${f.number(item.quantity)}`}
          error={fieldError(`items.${index}.unit_price`)} />
      ))}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('leadTimeLabel')} inputMode="numeric" value={lead} onChange={(event) => setLead(event.target.value)} error={fieldError('lead_time_days')} />
        <TextField label={t('depositLabel')} inputMode="numeric" value={deposit} onChange={(event) => setDeposit(event.target.value)} error={fieldError('deposit_percent')} />
      </div>
      <Button onClick={() => void save()} disabled={quote.isPending}>{t('saveQuote')}</Button>
    </section>
  );
}

function ProofForm({ request }: { request: PrivateLabelRequest }) {
  const { t } = useTranslation('private-label');
  const f = useFormat();
  const errorText = useErrorText();
  const send = useSendProof();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const version = f.number((request.proofs.at(-1)?.version ?? 0) + 1);
  const submit = async () => {
    if (!file) return;
    try {
      await send.mutateAsync({ id: request.id, file, note });
      setNote('');
      setFile(null);
      notify.success(t('proofSent', { version }));
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <section aria-labelledby="proof-heading" className={`${sectionClasses} space-y-3`}>
      <h2 id="proof-heading" className="text-lg font-bold text-slate-900">{t('proofHeading')}</h2>
      <label className="block text-sm font-medium text-slate-900">
        {t('proofFile')}
        <input type="file" accept=".svg,.pdf,.png" onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="mt-1 block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800" />
      </label>
      <TextAreaField label={t('proofNote')} value={note} rows={2} onChange={(event) => setNote(event.target.value)} />
      <Button onClick={() => void submit()} disabled={!file || send.isPending}>{t('sendProof', { version })}</Button>
    </section>
  );
}

const NEXT_STEP: Partial<Record<PrivateLabelStatus, ProductionStep>> = {
  approved: 'in_production', in_production: 'quality_check', quality_check: 'ready_to_ship',
};

function Production({ request }: { request: PrivateLabelRequest }) {
  const { t } = useTranslation('private-label');
  const errorText = useErrorText();
  const move = useMoveProduction();
  const next = NEXT_STEP[request.status];
  if (!next) return null;
  return (
    <section aria-labelledby="production-heading" className={`${sectionClasses} space-y-3`}>
      <h2 id="production-heading" className="text-lg font-bold text-slate-900">{t('productionHeading')}</h2>
      <ol className="flex flex-wrap gap-2 text-sm">
        {PRODUCTION_STEPS.map((step) => <li key={step} className="rounded-full bg-slate-100 px-3 py-1">{t(`status_${step}`)}</li>)}
      </ol>
      <Button disabled={move.isPending}
        onClick={() => void move.mutateAsync({ id: request.id, status: next }).then(() => notify.success(t('moved')), (error: unknown) => notify.error(errorText(error)))}>
        {t('moveTo', { step: t(`status_${next}`) })}
      </Button>
    </section>
  );
}

function Decline({ request }: { request: PrivateLabelRequest }) {
  const { t } = useTranslation('private-label');
  const errorText = useErrorText();
  const decline = useDeclineRequest();
  const [reason, setReason] = useState('');
  const fieldError = useFieldError(decline.error);
  return (
    <section aria-labelledby="decline-heading" className={`${sectionClasses} space-y-3`}>
      <h2 id="decline-heading" className="text-lg font-bold text-slate-900">{t('declineHeading')}</h2>
      <TextAreaField label={t('declineLabel')} value={reason} rows={2} onChange={(event) => setReason(event.target.value)} error={fieldError('reason')} />
      <Button variant="secondary" disabled={decline.isPending}
        onClick={() => void decline.mutateAsync({ id: request.id, reason }).then(() => notify.success(t('declined')), (error: unknown) => notify.error(errorText(error)))}>
        {t('decline')}
      </Button>
    </section>
  );
}

/** /staff/private-label/:id: the request, the quote form, proof upload, production steps and declining. */
export function StaffPrivateLabelRequestPage() {
  const { t } = useTranslation('private-label');
  const f = useFormat();
  const rawId = useParams().id ?? '';
  const id = Number(rawId);
  const request = useQuery(staffRequestQuery(id));
  const title = <PageTitle>{t('requestTitle', { number: request.data?.number ?? `PL-${rawId}` })}</PageTitle>;
  if (request.isError) return <div className="mx-auto max-w-4xl px-4 py-8">{title}<ErrorState title={t('loadFailed')} error={request.error} onRetry={() => void request.refetch()} retrying={request.isFetching} /></div>;
  if (request.isPending) return <div className="mx-auto max-w-4xl px-4 py-8">{title}<Skeleton className="h-80" /></div>;
  const pl = request.data;
  const canQuote = pl.status === 'requested' || pl.status === 'quoted';
  const canProve = pl.status === 'quoted' || pl.status === 'changes_requested';
  const open = ['requested', 'quoted', 'proof_sent', 'changes_requested'].includes(pl.status);
  return (
    <div className="mx-auto max-w-4xl space-y-5 px-4 py-8 sm:px-6 lg:px-8">
      {title}
      <Link to="/staff/private-label" className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ms-3' })}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" /> {t('staffBack')}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('requestTitle', { number: pl.number })}</h1>
          <p className="text-sm text-slate-600">{pl.organisation.name} · {pl.requested_by.name} · {pl.requested_by.email}</p>
          {pl.manufacturer_notice_at && <p className="text-xs text-slate-500">{t('noticeConfirmedAt', { date: f.dateTime(pl.manufacturer_notice_at) })}</p>}
        </div>
        <PrivateLabelStatusBadge status={pl.status} />
      </div>
      {pl.order && <p className="text-sm"><Link to={`/staff/orders/${pl.order.order_number}`} className="font-medium text-brand-700 hover:underline">{t('order', { number: pl.order.order_number })}</Link></p>}
      <section className={sectionClasses}><RequestMarking request={pl} /></section>
      <RequestItems request={pl} />
      {canQuote && <QuoteForm key={pl.updated_at} request={pl} />}
      <ProofList request={pl} />
      {canProve && <ProofForm request={pl} />}
      <Production request={pl} />
      <Timeline request={pl} />
      {open && <Decline request={pl} />}
    </div>
  );
}
