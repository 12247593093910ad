import { staffAccess } from '#contracts/staff-roles';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, PackageCheck } from 'lucide-react';
import type { RecallSummary, StaffNotice } from '#contracts/recalls';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { StaffOnly } from '../staff/staff-only.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { OpenRecallForm } from './open-recall-form.tsx';
import { recallQuery, recallsQuery, useMarkReturnReceived } from './recalls.api.ts';
import { withVariant } from '../catalog/with-variant.ts';
import { useErrorText } from '../lib/error-text.ts';

function NoticeStatus({ notice }: { notice: StaffNotice }) {
  const { t } = useTranslation('recalls');
  if (notice.returnStatus === 'received') return <Badge tone="success">{t('returned')}</Badge>;
  if (notice.returnStatus === 'requested') return <Badge tone="warning">{t('returnPending')}</Badge>;
  if (!notice.notifiedAt) return <Badge tone="danger">{t('notNotified')}</Badge>;
  return <Badge tone="neutral">{t('awaitingAcknowledgement')}</Badge>;
}

function RecallNotices({ recallId }: { recallId: number }) {
  const { t } = useTranslation('recalls');
  const errorText = useErrorText();
  const detail = useQuery(recallQuery(recallId));
  const mark = useMarkReturnReceived();
  if (detail.isPending) return <Skeleton className="h-16 w-full" />;
  if (detail.isError) return <ErrorState title={t('loadFailed')} error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  if (detail.data.notices.length === 0) return <p className="text-sm text-slate-600">{t('noOrders')}</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
      {detail.data.notices.map((notice) => (
        <li key={notice.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center" data-testid="recall-notice">
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-900" dir="ltr">{notice.orderNumber}</p>
            <p className="truncate text-slate-600">{notice.buyerName} · {notice.buyerEmail}</p>
            <p className="text-slate-600">{t('noticeUnits', { units: notice.quantity })} · <span dir="ltr">{notice.lotNumbers.join(', ')}</span></p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <NoticeStatus notice={notice} />
            {notice.returnStatus === 'requested' && (
              <Button size="sm" variant="secondary" disabled={mark.isPending}
                onClick={() => mark.mutate({ recallId, noticeId: notice.id }, { onError: (error) => notify.error(t('markFailed'), errorText(error)) })}>
                <PackageCheck aria-hidden="true" className="h-4 w-4" /> {t('markReceived')}
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function RecallCard({ recall }: { recall: RecallSummary }) {
  const { t } = useTranslation('recalls');
  const f = useFormat();
  const [expanded, setExpanded] = useState(false);
  const { orders, notified, acknowledged, returned } = recall.progress;
  return (
    <Card className="space-y-3 p-4" data-testid="recall-card">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-bold text-slate-900">{withVariant(recall.productName, recall.variantLabel)}</h3>
          <p className="text-sm text-slate-600"><span dir="ltr">{t('lotsLabel', { lots: recall.lotNumbers.join(', ') })}</span> · {recall.openedBy ? t('openedOnBy', { date: f.date(recall.openedAt), by: recall.openedBy }) : t('openedOn', { date: f.date(recall.openedAt) })}</p>
          <p className="mt-1 text-sm text-slate-800">{recall.reason}</p>
        </div>
        <Badge tone={returned === orders ? 'success' : 'warning'} className="self-start whitespace-nowrap">
          {f.number(returned)}/{f.number(orders)}
        </Badge>
      </div>
      <p className="text-sm font-medium text-slate-700" data-testid="recall-progress">{t('progress', { count: orders, notified, acknowledged, returned })}</p>
      <Button variant="ghost" size="sm" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
        <ChevronDown aria-hidden="true" className={expanded ? 'h-4 w-4 rotate-180' : 'h-4 w-4'} />
        {expanded ? t('hideOrders') : t('showOrders')}
      </Button>
      {expanded && <RecallNotices recallId={recall.id} />}
    </Card>
  );
}

function RecallManagement() {
  const { t } = useTranslation('recalls');
  const recalls = useQuery(recallsQuery());
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('heading')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
      </div>
      <OpenRecallForm />
      <section aria-labelledby="recalls-heading" className="space-y-3">
        <h2 id="recalls-heading" className="text-lg font-bold text-slate-900">{t('listHeading')}</h2>
        {recalls.isPending ? <Skeleton className="h-24 w-full" /> : recalls.isError ? (
          <ErrorState title={t('loadFailed')} error={recalls.error} onRetry={() => void recalls.refetch()} retrying={recalls.isFetching} />
        ) : recalls.data.recalls.length === 0 ? (
          <p className="text-sm text-slate-600">{t('none')}</p>
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
  const { t } = useTranslation('recalls');
  return <StaffOnly access={staffAccess.fulfilment} reason={t('staffOnly')}><RecallManagement /></StaffOnly>;
}
