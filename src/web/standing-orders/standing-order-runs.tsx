import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { StandingOrderRun, StandingOrderRunStatus } from '#contracts/standing-orders';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';
import { useRunDay } from './run-day.ts';
import { standingOrderRunsQuery } from './standing-orders.api.ts';

const TONES: Record<StandingOrderRunStatus, BadgeTone> = { placed: 'success', held: 'warning', skipped: 'neutral', failed: 'danger' };

function RunRow({ run }: { run: StandingOrderRun }) {
  const { t } = useTranslation('standing-orders');
  const runDay = useRunDay();
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">{runDay(run.run_on)}</p>
        {run.detail && <p className="text-sm text-slate-600" dir="auto">{run.detail}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={TONES[run.status]}>{t(`status_${run.status}`)}</Badge>
        {run.order_number && <Link to="/orders" className="text-sm font-medium text-brand-700 underline">{t('orderLink', { number: run.order_number })}</Link>}
        {run.order_request_id !== null && (
          <Link to="/profile/organisation?tab=approvals" className="text-sm font-medium text-brand-700 underline">{t('requestLink', { id: run.order_request_id })}</Link>
        )}
      </div>
    </li>
  );
}

/** The standing order's runs so far, newest first, each with its order or request. */
export function StandingOrderRuns({ listId }: { listId: number }) {
  const { t } = useTranslation('standing-orders');
  const runs = useQuery(standingOrderRunsQuery(listId));
  if (!runs.data || runs.data.runs.length === 0) return null;
  return (
    <section aria-labelledby={`runs-${listId}`} className="border-t border-slate-200 pt-3">
      <h3 id={`runs-${listId}`} className="text-sm font-semibold text-slate-900">{t('pastRuns')}</h3>
      <ul className="divide-y divide-slate-100">{runs.data.runs.map((run) => <RunRow key={run.id} run={run} />)}</ul>
    </section>
  );
}
