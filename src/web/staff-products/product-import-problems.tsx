import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import type { ImportProblem } from '#contracts/product-import';
import type { ImportResult } from '#contracts/staff-products';
import { Badge } from '../components/ui/badge.tsx';
import { useImportProblemText } from './import-problem-text.ts';

type Kind = 'error' | 'warning';

/** Problems whose text lists the columns they are on: the column is not written beside it again. */
const LISTS_ITS_COLUMNS = new Set<ImportProblem['key']>(['columns_missing', 'columns_ignored']);
type Listed = ImportProblem & { kind: Kind };

/** The problems of one product (or of the file itself: handle ''), in row order, errors first on a row. */
interface Group {
  handle: string;
  problems: Listed[];
  leftOut: boolean;
}

function groupsOf(result: ImportResult): Group[] {
  const listed: Listed[] = [
    ...result.errors.map((problem) => ({ ...problem, kind: 'error' as const })),
    ...result.warnings.map((problem) => ({ ...problem, kind: 'warning' as const })),
  ].sort((a, b) => a.row - b.row);
  const groups = new Map<string, Group>();
  for (const problem of listed) {
    const group = groups.get(problem.handle) ?? { handle: problem.handle, problems: [], leftOut: false };
    group.problems.push(problem);
    group.leftOut ||= problem.kind === 'error';
    groups.set(problem.handle, group);
  }
  return [...groups.values()].sort((a, b) => Number(a.handle !== '') - Number(b.handle !== ''));
}

function ProblemItem({ problem }: { problem: Listed }) {
  const { t } = useTranslation('product-import');
  const text = useImportProblemText();
  return (
    <li className="grid gap-1 px-3 py-2 sm:grid-cols-[minmax(10rem,14rem)_1fr] sm:gap-4">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 self-start text-xs text-slate-600">
        <Badge tone={problem.kind === 'error' ? 'danger' : 'warning'}>{t(problem.kind)}</Badge>
        <span className="tabular-nums">{t('atRow', { row: problem.row })}</span>
        {/* Column names are the CSV's own, in English. */}
        {problem.column && !LISTS_ITS_COLUMNS.has(problem.key) && <bdi dir="ltr" className="font-medium break-words text-slate-700">{problem.column}</bdi>}
      </div>
      <p className="min-w-0 text-sm break-words text-slate-800">{text(problem)}</p>
    </li>
  );
}

function ProblemGroup({ group }: { group: Group }) {
  const { t } = useTranslation('product-import');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="overflow-hidden rounded-lg border border-slate-200">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2">
        <h4 id={headingId} className="text-sm font-semibold break-all text-slate-900">
          {group.handle ? <bdi dir="ltr">{group.handle}</bdi> : t('theFile')}
        </h4>
        {group.leftOut && group.handle && <Badge tone="danger">{t('leftOut')}</Badge>}
      </div>
      <ul className="divide-y divide-slate-100">
        {group.problems.map((problem, i) => <ProblemItem key={i} problem={problem} />)}
      </ul>
    </section>
  );
}

/** Every problem of an import, grouped by the product it is on (the file's own first), each with its reason. */
export function ProductImportProblems({ result }: { result: ImportResult }) {
  const { t } = useTranslation('product-import');
  const total = result.errors.length + result.warnings.length;
  return (
    <section aria-label={t('problems', { count: total })} className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="text-sm font-semibold text-slate-900">{t('problems', { count: total })}</h3>
        <p className="flex flex-wrap gap-x-3 text-sm">
          {result.errors.length > 0 && <span className="text-red-700">{t('errors', { count: result.errors.length })}</span>}
          {result.warnings.length > 0 && <span className="text-amber-800">{t('warnings', { count: result.warnings.length })}</span>}
        </p>
      </div>
      {groupsOf(result).map((group) => <ProblemGroup key={group.handle} group={group} />)}
    </section>
  );
}
