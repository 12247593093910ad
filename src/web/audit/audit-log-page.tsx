import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { auditedEntitiesFor, type AuditEntry } from '#contracts/audit';
import { staffAccess } from '#contracts/staff-roles';
import { Card } from '../components/ui/card.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { SelectField } from '../components/ui/select-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { useUrlFilters } from '../lib/use-url-filters.ts';
import { StaffOnly } from '../staff/staff-only.tsx';
import { auditChange } from './audit-changes.ts';
import { auditLogQuery, AUDIT_FILTERS, type AuditFilters } from './audit.api.ts';
import { entityLabel } from './audited-entities.ts';
import { RowChanges } from './audit-row-changes.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { StepPager } from '../components/ui/step-pager.tsx';

const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

/** One write: when, who, what, and each changed field's value before and after. */
function EntryCard({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit-log');
  const f = useFormat();
  const change = auditChange(entry.before, entry.after);
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  return (
    <li>
      <Card className="p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p className="text-sm font-semibold text-slate-900">
            <span>{entityLabel(t, entry.entity)}</span>{' · '}<DataText className="text-slate-700">{entry.label ?? `#${entry.entityId}`}</DataText>
          </p>
          <time dateTime={entry.at} className="text-xs text-slate-600">{f.dateTime(entry.at)}</time>
        </div>
        <p className="mt-1 text-sm text-slate-700">
          <DataText className="font-medium">{entry.actor.email}</DataText>
          <code dir="ltr" className="ms-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">{entry.action}</code>
        </p>
        {change.kind === 'rows' ? (
          <div className="mt-2"><RowChanges action={entry.action} rows={change.rows} /></div>
        ) : change.kind === 'changed' && change.fields.length > 0 ? (
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-brand-800">{t('changedFields', { count: change.fields.length })}</summary>
            <dl className="mt-2 space-y-2">
              {change.fields.map((field) => (
                <div key={field} className="rounded-md bg-slate-50 p-2">
                  <dt><code dir="ltr" className="text-xs font-semibold text-slate-800">{field}</code></dt>
                  <dd dir="ltr" className="mt-1 break-all text-start font-mono text-xs text-slate-700">
                    <span className="text-red-700">{shown(before[field])}</span> → <span className="text-green-800">{shown(after[field])}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </details>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            {change.kind === 'created' ? t('created') : change.kind === 'removed' ? t('removed') : t('nothingChanged')}
          </p>
        )}
      </Card>
    </li>
  );
}

function AuditLog() {
  const { t } = useTranslation('audit-log');
  const { user } = useCurrentUser();
  const { params, page, setFilters, goTo } = useUrlFilters<keyof AuditFilters>();
  const filters = Object.fromEntries(AUDIT_FILTERS.map((name) => [name, params.get(name) ?? ''])) as AuditFilters;
  const log = useQuery(auditLogQuery(filters, page));
  const pages = log.data ? Math.max(1, Math.ceil(log.data.count / log.data.pageSize)) : 1;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <PageHeader icon={ScrollText} title={t('heading')} intro={t('intro')} />
      <form role="search" aria-label={t('filters')} className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={t('entity')}
          value={filters.entity}
          onChange={(event) => setFilters({ entity: event.target.value })}
          options={[{ value: '', label: t('allRecords') }, ...auditedEntitiesFor(user?.staffRole).map((entity) => ({ value: entity, label: entityLabel(t, entity) }))]}
        />
        <TextField label={t('action')} dir="ltr" value={filters.action} placeholder="product.update" onChange={(event) => setFilters({ action: event.target.value.trim() })} />
        <TextField label={t('actor')} type="search" dir="ltr" value={filters.actor} onChange={(event) => setFilters({ actor: event.target.value })} />
        <TextField label={t('from')} type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => setFilters({ from: event.target.value })} />
        <TextField label={t('to')} type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => setFilters({ to: event.target.value })} />
      </form>

      {log.isError ? (
        <div className="mt-6"><ErrorState title={t('loadFailed')} error={log.error} onRetry={() => void log.refetch()} retrying={log.isFetching} /></div>
      ) : log.isPending ? (
        <Skeleton className="mt-6 h-40 w-full" />
      ) : (
        <>
          <p role="status" className="mt-4 text-sm text-slate-600">{t('entries', { count: log.data.count })}</p>
          {log.data.results.length > 0 && (
            <ol className="mt-3 space-y-3">{log.data.results.map((entry) => <EntryCard key={entry.id} entry={entry} />)}</ol>
          )}
          <StepPager page={page} pages={pages} onPage={goTo} className="mt-6 justify-center"
            texts={{ label: t('pages'), back: t('newer'), forward: t('older'), position: t('pageOf', { page, pages }) }} />
        </>
      )}
    </div>
  );
}

/** /staff/audit: every staff write, filterable by record, action, staff member and day; nothing in it can be changed. */
export function AuditLogPage() {
  // Stock entries are said in the record trail's words: both catalogues load with the page.
  const { t } = useTranslation(['audit-log', 'audit']);
  return <StaffOnly access={staffAccess.auditRead} reason={t('staffOnly')}><AuditLog /></StaffOnly>;
}
