import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Check, ClipboardCheck, Info, TriangleAlert, X } from 'lucide-react';
import {
  rejectRequest, type ExceededLimit, type OrderRequest, type OrderRequestStatus,
} from '#contracts/organisation-purchasing';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Modal } from '../components/ui/modal.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextAreaField } from '../components/ui/text-area-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { cx } from '../lib/class-names.ts';
import { approvalsQuery, useApproveRequest, useRejectRequest } from './approvals.api.ts';
import { RequestPayment } from './request-payment.tsx';
import { LinePriceText } from '../pricing/line-price-text.tsx';
import { useErrorText } from '../lib/error-text.ts';

type Filter = OrderRequestStatus | 'all';
const FILTERS: readonly Filter[] = ['pending', 'approved', 'rejected', 'all'];
const STATUS_TONES: Record<OrderRequestStatus, BadgeTone> = { pending: 'warning', approved: 'success', rejected: 'neutral' };

/** Which limit an order went over, in words: the organisation's, a department's, the requester's (or "your"). */
function ExceededLine({ limit, request, own }: { limit: ExceededLimit; request: OrderRequest; own: boolean }) {
  const { t } = useTranslation('organisation-purchasing');
  const f = useFormat();
  const amounts = { limit: f.price(limit.limit), spent: f.price(limit.spent) };
  let text: string;
  if (limit.scope === 'organisation') {
    text = limit.period === 'order' ? t('exceeded.organisation.order', amounts) : t('exceeded.organisation.month', amounts);
  } else if (limit.scope === 'department') {
    const department = request.department?.name ?? '';
    text = limit.period === 'order'
      ? t('exceeded.department.order', { ...amounts, department })
      : t('exceeded.department.month', { ...amounts, department });
  } else if (own) {
    text = limit.period === 'order' ? t('exceeded.you.order', amounts) : t('exceeded.you.month', amounts);
  } else {
    const name = request.requested_by.name || request.requested_by.email;
    text = limit.period === 'order' ? t('exceeded.member.order', { ...amounts, name }) : t('exceeded.member.month', { ...amounts, name });
  }
  return <li>{text}</li>;
}

/** The reason an approver gives for turning a request down; the server's problem shows on the field. */
function RejectDialog({ request, onClose }: { request: OrderRequest; onClose: () => void }) {
  const { t } = useTranslation('organisation-purchasing');
  const errorText = useErrorText();
  const reject = useRejectRequest();
  const form = useContractForm(rejectRequest.body, { defaultValues: { reason: '' } });
  const name = request.requested_by.name || request.requested_by.email;

  const submit = form.handleSubmit((body) => reject.mutate({ id: request.id, body }, {
    onSuccess: () => {
      notify.success(t('rejectedToast'), t('rejectedToastText', { name }));
      onClose();
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify.error(t('rejectFailed'), errorText(error));
    },
  }));

  return (
    <Modal open icon={X} title={t('rejectTitle', { name })} description={t('rejectText', { name })} onOpenChange={(open) => !open && onClose()}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextAreaField label={t('reason')} hint={t('reasonHint')} required rows={4} maxLength={500} {...form.register('reason')}
          error={form.errorText('reason')} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" className="bg-red-700 hover:bg-red-800" disabled={reject.isPending}>
            {reject.isPending ? t('rejecting') : t('reject')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function Decision({ request }: { request: OrderRequest }) {
  const { t } = useTranslation('organisation-purchasing');
  const errorText = useErrorText();
  const approve = useApproveRequest();
  const [rejecting, setRejecting] = useState(false);
  const name = request.requested_by.name || request.requested_by.email;

  const byInvoice = request.payment_method === 'invoice';
  const method = t(`payment.methods.${request.payment_method}`);

  const onApprove = () => approve.mutate(request.id, {
    onSuccess: ({ request: decided }) => notify.success(t('approvedToast'), decided.order_number
      ? t('approvedToastText', { number: decided.order_number, name })
      : t('approvedToastPays', { name })),
    onError: (error) => notify.error(t('approveFailed'), errorText(error)),
  });

  return (
    <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
        {byInvoice ? t('stockNotHeld') : t('stockNotHeldPays', { name, method })}
      </p>
      <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
        <Button variant="secondary" onClick={() => setRejecting(true)} disabled={approve.isPending}>
          <X aria-hidden="true" className="h-4 w-4" /> {t('reject')}
        </Button>
        <Button onClick={onApprove} disabled={approve.isPending}>
          <Check aria-hidden="true" className="h-4 w-4" /> {approve.isPending ? t('approving') : t('approve')}
        </Button>
      </div>
      {rejecting && <RejectDialog request={request} onClose={() => setRejecting(false)} />}
    </div>
  );
}

function Outcome({ request }: { request: OrderRequest }) {
  const { t } = useTranslation('organisation-purchasing');
  const f = useFormat();
  const by = { name: request.decided_by ?? '', date: request.decided_at ? f.date(request.decided_at) : '' };
  return (
    <div className="space-y-1 border-t border-slate-100 pt-4 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{request.status === 'approved' ? t('approvedBy', by) : t('rejectedBy', by)}</p>
      {request.reason && <p className="break-words">{t('rejectionReason', { reason: request.reason })}</p>}
      {request.status === 'approved' && !request.order_number && (
        <p>{request.can_pay ? t('payment.waitsForYou') : t('payment.waitsForBuyer', {
          name: request.requested_by.name || request.requested_by.email, method: t(`payment.methods.${request.payment_method}`),
        })}</p>
      )}
      {request.order_number && (
        <Link to="/orders" className="inline-block font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t('orderNumber', { number: request.order_number })}
        </Link>
      )}
    </div>
  );
}

function RequestCard({ request, own }: { request: OrderRequest; own: boolean }) {
  const { t } = useTranslation('organisation-purchasing');
  const f = useFormat();
  const headingId = `approval-request-${request.id}`;
  const requester = request.requested_by.name || request.requested_by.email;
  return (
    <article aria-labelledby={headingId} data-testid="approval-request" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold text-slate-900">{t('requestTitle', { name: requester })}</h3>
          <p className="text-sm text-slate-600">
            <DataText>{request.requested_by.email}</DataText> · {t('requestedOn', { date: f.date(request.created_at) })}
          </p>
        </div>
        <div className="flex items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
          <Badge tone={STATUS_TONES[request.status]}>{t(`statuses.${request.status}`)}</Badge>
          <p className="text-lg font-bold text-slate-900"><span className="sr-only">{t('total')}: </span>{f.price(request.amount)}</p>
        </div>
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('department')}</dt>
          <dd className="text-slate-900">
            {request.department ? (
              <>
                <DataText>{request.department.name}</DataText>
                {request.department.cost_centre && (
                  <span className="text-slate-600"> · {t('costCentre', { code: request.department.cost_centre })}</span>
                )}
              </>
            ) : t('noDepartment')}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('poNumber')}</dt>
          <dd className="text-slate-900">{request.po_number ? <DataText>{request.po_number}</DataText> : t('noPoNumber')}</dd>
        </div>
      </dl>

      {request.exceeded.length > 0 && (
        <div className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert aria-hidden="true" className="h-4 w-4 shrink-0" /> {t('exceededHeading')}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 ps-9">
            {request.exceeded.map((limit) => (
              <ExceededLine key={`${limit.scope}-${limit.period}`} limit={limit} request={request} own={own} />
            ))}
          </ul>
        </div>
      )}

      <div>
        <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('items')}</h4>
        <ul className="mt-1 divide-y divide-slate-100 text-sm">
          {request.lines.map((line, index) => (
            <li key={index} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">
                  {t('quantity', { quantity: line.quantity })} <DataText>{[line.name, line.variant_label].filter(Boolean).join(' — ')}</DataText>
                </span>
                {line.model_number && <span className="block text-xs text-slate-500">{t('model', { model: line.model_number })}</span>}
              </span>
              <span className="text-slate-600"><LinePriceText line={line} /></span>
            </li>
          ))}
        </ul>
      </div>

      {request.status === 'pending' ? (
        request.can_decide ? <Decision request={request} /> : (
          <p className="flex items-start gap-2 border-t border-slate-100 pt-4 text-sm text-slate-700">
            <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
            {t('waitsForApprover')}
          </p>
        )
      ) : <Outcome request={request} />}
      {request.can_pay && <RequestPayment request={request} />}
    </article>
  );
}

function Empty({ filter }: { filter: Filter }) {
  const { t } = useTranslation('organisation-purchasing');
  return (
    <Card className="flex flex-col items-center px-6 py-10 text-center" data-testid="approvals-empty">
      <ClipboardCheck aria-hidden="true" className="h-8 w-8 text-slate-400" />
      <p className="mt-3 font-semibold text-slate-900">{t(`emptyTitle.${filter}`)}</p>
      <p className="mt-1 max-w-md text-sm text-slate-600">{t('emptyText')}</p>
    </Card>
  );
}

/**
 * The organisation page's Approvals tab: orders above a spending limit that wait for an approver. Approvers and
 * admins see every request and decide the others'; buyers and finance follow their own.
 */
export function ApprovalsPanel() {
  const { t } = useTranslation('organisation-purchasing');
  const { user } = useCurrentUser();
  const [filter, setFilter] = useState<Filter>('pending');
  const approvals = useQuery(approvalsQuery(filter === 'all' ? undefined : filter));
  const requests = approvals.data?.requests;

  return (
    <section aria-labelledby="approvals-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="approvals-heading" className="text-lg font-bold text-slate-900">{t('approvalsHeading')}</h2>
          <p className="text-sm text-slate-600">{t('approvalsIntro')}</p>
        </div>
        <div role="group" aria-label={t('show')} className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
          {FILTERS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={filter === option}
              onClick={() => setFilter(option)}
              className={cx(
                'rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors',
                filter === option ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {t(`filters.${option}`)}
            </button>
          ))}
        </div>
      </div>
      <p className="flex items-start gap-2 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
        <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        {t('howItWorks')}
      </p>
      {requests ? (
        requests.length === 0 ? <Empty filter={filter} /> : (
          <>
            <p className="text-sm text-slate-600" aria-live="polite">{t('requests', { count: requests.length })}</p>
            <div className="space-y-4">
              {requests.map((request) => (
                <RequestCard key={request.id} request={request} own={request.requested_by.id === user?.id} />
              ))}
            </div>
          </>
        )
      ) : approvals.isError ? (
        <ErrorState title={t('loadFailed')} error={approvals.error} onRetry={() => void approvals.refetch()} retrying={approvals.isFetching} />
      ) : <Skeleton className="h-48 w-full" />}
    </section>
  );
}
