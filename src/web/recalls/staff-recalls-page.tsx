import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertOctagon, ChevronDown, PackageCheck } from 'lucide-react';
import type { RecallSummary, StaffNotice } from '#contracts/recalls';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { StaffOnly } from '../staff/staff-only.tsx';
import { SelectField } from '../components/ui/select-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { controlClasses } from '../components/ui/form-field.tsx';
import { choicesQuery } from '../inventory/inventory.api.ts';
import { ApiError } from '../lib/api.ts';
import { productLotsQuery } from '../lots/lots.api.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { recallMessages } from './messages.ts';
import { recallQuery, recallsQuery, useMarkReturnReceived, useOpenRecall } from './recalls.api.ts';

type Errors = Partial<Record<'productId' | 'lotNumbers' | 'reason', string>>;

function OpenRecallForm() {
  const t = useMessages(recallMessages);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [productId, setProductId] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const open = useOpenRecall();

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const choices = useQuery(choicesQuery(debounced));
  const lots = useQuery({ ...productLotsQuery(Number(productId)), enabled: productId !== '' });
  const numbered = (lots.data?.lots ?? []).filter((lot) => lot.lotNumber !== null && lot.status !== 'recalled');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    open.mutate({ productId: Number(productId), lotNumbers: chosen, reason }, {
      onSuccess: (recall) => {
        notify.success(t.opened, t.openedText(recall.progress.orders));
        setChosen([]);
        setReason('');
        setErrors({});
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) {
          setErrors({
            productId: error.fieldErrors.productId?.join(' '),
            lotNumbers: error.fieldErrors.lotNumbers?.join(' '),
            reason: error.fieldErrors.reason?.join(' '),
          });
        } else {
          notify.error(t.openFailed, error.message);
        }
      },
    });
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <AlertOctagon aria-hidden="true" className="h-5 w-5 text-red-700" /> {t.openHeading}
      </h2>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t.findProduct} type="search" value={search} placeholder={t.searchPlaceholder}
            onChange={(event) => setSearch(event.target.value)} />
          <SelectField
            label={t.product}
            required
            value={productId}
            onChange={(event) => {
              setProductId(event.target.value);
              setChosen([]);
            }}
            options={(choices.data?.items ?? []).map((c) => ({ value: String(c.productId), label: `${c.productName} (${c.productModel})` }))}
            placeholder={choices.isLoading ? t.loading : t.chooseProduct}
            error={errors.productId}
          />
        </div>
        {productId && (
          <fieldset aria-describedby={errors.lotNumbers ? 'recall-lots-error' : undefined}>
            <legend className="mb-2 text-sm font-semibold text-slate-800">{t.lots}</legend>
            {lots.isPending ? <Skeleton className="h-10 w-full" /> : numbered.length === 0 ? (
              <p className="text-sm text-slate-600">{t.noLots}</p>
            ) : (
              <ul className="grid gap-2 sm:grid-cols-2">
                {numbered.map((lot) => (
                  <li key={lot.id}>
                    <label className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-brand-700"
                        checked={chosen.includes(lot.lotNumber!)}
                        onChange={(e) => setChosen(e.target.checked ? [...chosen, lot.lotNumber!] : chosen.filter((n) => n !== lot.lotNumber))}
                      />
                      <span dir="ltr" className="font-mono">{t.lotLine(lot.lotNumber!, lot.expiryDate, lot.currentStock)}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {errors.lotNumbers && <p id="recall-lots-error" className="mt-1 text-sm text-red-700">{errors.lotNumbers}</p>}
          </fieldset>
        )}
        <div>
          <label htmlFor="recall-reason" className="mb-1 block text-sm font-semibold text-slate-800">{t.reasonLabel}</label>
          <textarea
            id="recall-reason"
            value={reason}
            maxLength={1000}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
            placeholder={t.reasonPlaceholder}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'recall-reason-error' : undefined}
            className={controlClasses(Boolean(errors.reason), 'py-2')}
          />
          {errors.reason && <p id="recall-reason-error" className="mt-1 text-sm text-red-700">{errors.reason}</p>}
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={open.isPending || !productId}>
            {open.isPending ? t.opening : t.open}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function NoticeStatus({ notice }: { notice: StaffNotice }) {
  const t = useMessages(recallMessages);
  if (notice.returnStatus === 'received') return <Badge tone="success">{t.returned}</Badge>;
  if (notice.returnStatus === 'requested') return <Badge tone="warning">{t.returnPending}</Badge>;
  if (!notice.notifiedAt) return <Badge tone="danger">{t.notNotified}</Badge>;
  return <Badge tone="neutral">{t.awaitingAcknowledgement}</Badge>;
}

function RecallNotices({ recallId }: { recallId: number }) {
  const t = useMessages(recallMessages);
  const detail = useQuery(recallQuery(recallId));
  const mark = useMarkReturnReceived();
  if (detail.isPending) return <Skeleton className="h-16 w-full" />;
  if (detail.isError) return <ErrorState title={t.loadFailed} error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  if (detail.data.notices.length === 0) return <p className="text-sm text-slate-600">{t.noOrders}</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {detail.data.notices.map((notice) => (
        <li key={notice.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center" data-testid="recall-notice">
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-900" dir="ltr">{notice.orderNumber}</p>
            <p className="truncate text-slate-600">{notice.buyerName} · {notice.buyerEmail}</p>
            <p className="text-slate-600">{t.units}: {notice.quantity} · <span dir="ltr">{notice.lotNumbers.join(', ')}</span></p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <NoticeStatus notice={notice} />
            {notice.returnStatus === 'requested' && (
              <Button size="sm" variant="secondary" disabled={mark.isPending}
                onClick={() => mark.mutate({ recallId, noticeId: notice.id }, { onError: (error) => notify.error(t.markFailed, error.message) })}>
                <PackageCheck aria-hidden="true" className="h-4 w-4" /> {t.markReceived}
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function RecallCard({ recall }: { recall: RecallSummary }) {
  const t = useMessages(recallMessages);
  const f = useFormat();
  const [expanded, setExpanded] = useState(false);
  const { orders, notified, acknowledged, returned } = recall.progress;
  return (
    <Card className="space-y-3 p-4" data-testid="recall-card">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-bold text-slate-900">{recall.productName}</h3>
          <p className="text-sm text-slate-600"><span dir="ltr">{t.lotsLabel(recall.lotNumbers.join(', '))}</span> · {t.openedOn(f.date(recall.openedAt), recall.openedBy)}</p>
          <p className="mt-1 text-sm text-slate-800">{recall.reason}</p>
        </div>
        <Badge tone={returned === orders ? 'success' : 'warning'} className="self-start whitespace-nowrap">
          {returned}/{orders}
        </Badge>
      </div>
      <p className="text-sm font-medium text-slate-700" data-testid="recall-progress">{t.progress(orders, notified, acknowledged, returned)}</p>
      <Button variant="ghost" size="sm" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
        <ChevronDown aria-hidden="true" className={expanded ? 'h-4 w-4 rotate-180' : 'h-4 w-4'} />
        {expanded ? t.hideOrders : t.showOrders}
      </Button>
      {expanded && <RecallNotices recallId={recall.id} />}
    </Card>
  );
}

function RecallManagement() {
  const t = useMessages(recallMessages);
  const recalls = useQuery(recallsQuery());
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{t.pageTitle}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t.heading}</h1>
        <p className="mt-1 text-sm text-slate-600">{t.intro}</p>
      </div>
      <OpenRecallForm />
      <section aria-labelledby="recalls-heading" className="space-y-3">
        <h2 id="recalls-heading" className="text-lg font-bold text-slate-900">{t.listHeading}</h2>
        {recalls.isPending ? <Skeleton className="h-24 w-full" /> : recalls.isError ? (
          <ErrorState title={t.loadFailed} error={recalls.error} onRetry={() => void recalls.refetch()} retrying={recalls.isFetching} />
        ) : recalls.data.recalls.length === 0 ? (
          <p className="text-sm text-slate-600">{t.none}</p>
        ) : (
          <ul className="space-y-3">
            {recalls.data.recalls.map((recall) => <li key={recall.id}><RecallCard recall={recall} /></li>)}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /staff/recalls (inside the sign-in guard): staff and superusers only; everyone else is sent home. */
export function StaffRecallsPage() {
  const t = useMessages(recallMessages);
  return <StaffOnly reason={t.staffOnly}><RecallManagement /></StaffOnly>;
}
