import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { AuditEntry, AuditedEntity } from '#contracts/audit';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { auditChange } from './audit-changes.ts';
import { auditTrailQuery } from './audit.api.ts';
import { RowChanges } from './audit-row-changes.tsx';
import { StepPager } from '../components/ui/step-pager.tsx';

function EntryLine({ entry, fieldLabel }: { entry: AuditEntry; fieldLabel: (field: string) => string }) {
  const { t } = useTranslation('audit');
  const f = useFormat();
  const change = auditChange(entry.before, entry.after);
  const who = <DataText className="font-semibold text-slate-900">{entry.actor.email}</DataText>;
  return (
    <li className="border-s-2 border-slate-200 ps-3" data-testid="audit-entry">
      <p className="text-sm text-slate-800">
        {who}{' · '}
        <time dateTime={entry.at} className="text-slate-600">{f.dateTime(entry.at)}</time>
        <code dir="ltr" className="ms-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{entry.action}</code>
      </p>
      {change.kind === 'rows' ? <div className="mt-0.5"><RowChanges action={entry.action} rows={change.rows} /></div> : (
        <p className="mt-0.5 text-sm text-slate-700">
          {change.kind === 'created' ? t('created') : change.kind === 'removed' ? t('removed')
            : change.fields.length === 0 ? t('nothingChanged')
            : t('changed', { fields: new Intl.ListFormat(f.intlLocale, { type: 'conjunction' }).format(change.fields.map(fieldLabel)) })}
        </p>
      )}
    </li>
  );
}

/**
 * Who changed a record, when, and which fields (read from the record before and after each write), newest first.
 * `fieldLabel` names a field in the visitor's language; unknown fields keep their own name.
 */
export function AuditTrail({ entity, id, fieldLabel = (field) => field }: { entity: AuditedEntity; id: string | number; fieldLabel?: (field: string) => string }) {
  const { t } = useTranslation('audit');
  const [page, setPage] = useState(1);
  const trail = useQuery(auditTrailQuery(entity, String(id), page));
  const pages = trail.data ? Math.ceil(trail.data.count / trail.data.pageSize) : 1;
  return (
    <section aria-labelledby="audit-trail-heading" className="space-y-3">
      <h2 id="audit-trail-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <History aria-hidden="true" className="h-5 w-5 text-brand-700" /> {t('heading')}
      </h2>
      {trail.isPending ? <Skeleton className="h-16 w-full" /> : trail.isError ? (
        <ErrorState title={t('loadFailed')} error={trail.error} onRetry={() => void trail.refetch()} retrying={trail.isFetching} />
      ) : trail.data.results.length === 0 ? (
        <p className="text-sm text-slate-600">{t('none')}</p>
      ) : (
        <>
          <ol className="space-y-3">
            {trail.data.results.map((entry) => <EntryLine key={entry.id} entry={entry} fieldLabel={fieldLabel} />)}
          </ol>
          <StepPager page={page} pages={pages} onPage={setPage}
            texts={{ label: t('pages'), back: t('newer'), forward: t('older'), position: t('pageOf', { page, pages }) }} />
        </>
      )}
    </section>
  );
}
