import { useTranslation } from 'react-i18next';
import { useId, type InputHTMLAttributes } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Info, Save } from 'lucide-react';
import { z } from 'zod';
import type { OrganisationMember } from '#contracts/organisation-members';
import { setLimit, type Department, type SpendingLimit } from '#contracts/organisation-purchasing';
import { Button } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { controlClasses, FieldMessage } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { serverIssueErrors, useIssueText } from '../lib/issue-text.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { limitsQuery, useSetLimit } from './purchasing.api.ts';
import { useErrorText } from '../lib/error-text.ts';

/** Whose limits a row sets: the organisation's (neither id), a department's or a member's. */
interface Target {
  key: string;
  name: string;
  detail: string;
  member_id?: number;
  department_id?: number;
}

/** An empty box is no limit. */
const amountOrNull = (value: string) => value.trim() || null;

/** A row as typed (empty boxes allowed), checked as the server checks the amounts it becomes. */
const limitRow = z.object({ per_order: z.string(), per_month: z.string() })
  .transform((row) => ({ per_order: amountOrNull(row.per_order), per_month: amountOrNull(row.per_month) }))
  .pipe(setLimit.body);

const isTarget = (limit: SpendingLimit, target: Target) =>
  limit.member_id === (target.member_id ?? null) && limit.department_id === (target.department_id ?? null);

/** An amount box; its visible label is the column's heading on wide screens, and it names its row for screen readers. */
function AmountInput({ label, row, error, ...input }: { label: string; row: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800 md:sr-only">
        {label}<span className="sr-only"> — {row}</span>
      </label>
      <input id={id} type="text" inputMode="decimal" dir="ltr" autoComplete="off" maxLength={13} {...input}
        aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
        className={controlClasses(Boolean(error), 'h-11 md:max-w-44')} />
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

function LimitRow({ target, limit }: { target: Target; limit: SpendingLimit | undefined }) {
  const { t } = useTranslation('organisation-purchasing');
  const errorText = useErrorText();
  const issueText = useIssueText();
  const save = useSetLimit();
  const current = { per_order: limit?.per_order ?? '', per_month: limit?.per_month ?? '' };
  const form = useContractForm(limitRow, { defaultValues: current, values: current });
  const formId = useId();
  const problems = serverIssueErrors(save.error);
  const rowError = issueText(problems.member_id ?? problems.department_id);

  const submit = form.handleSubmit(() => {
    if (save.isPending) return;
    const typed = form.getValues();
    const body = {
      per_order: amountOrNull(typed.per_order),
      per_month: amountOrNull(typed.per_month),
      ...(target.member_id ? { member_id: target.member_id } : {}),
      ...(target.department_id ? { department_id: target.department_id } : {}),
    };
    save.mutate(body, {
      onSuccess: ({ limits }) => {
        const saved = limits.find((row) => isTarget(row, target));
        form.reset({ per_order: saved?.per_order ?? '', per_month: saved?.per_month ?? '' });
        notify.success(saved ? t('purchasing.limitsSaved') : t('purchasing.limitsRemoved'), target.name);
      },
      onError: (error) => {
        if (!form.setServerErrors(error)) notify.error(t('purchasing.limitsFailed'), errorText(error));
      },
    });
  });

  const cell = 'block min-w-0 md:table-cell md:px-3 md:py-3 md:align-top';
  return (
    <tr data-testid="limit-row"
      className="mb-3 grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:mb-0 md:table-row md:rounded-none md:border-0 md:border-t md:p-0 md:shadow-none">
      <th scope="row" className={`${cell} col-span-2 text-start font-normal`}>
        <DataText className="block font-semibold text-slate-900">{target.name}</DataText>
        <DataText className="block text-xs break-all text-slate-500">{target.detail}</DataText>
        <FieldMessage id={`${formId}-row-error`} error={rowError} />
      </th>
      <td className={cell}>
        <AmountInput form={formId} label={t('purchasing.perOrder')} row={target.name} placeholder={t('purchasing.noLimit')}
          {...form.register('per_order')} error={form.errorText('per_order')} />
      </td>
      <td className={cell}>
        <AmountInput form={formId} label={t('purchasing.perMonth')} row={target.name} placeholder={t('purchasing.noLimit')}
          {...form.register('per_month')} error={form.errorText('per_month')} />
      </td>
      <td className={`${cell} col-span-2 md:text-end`}>
        <form id={formId} onSubmit={submit} noValidate>
          <Button type="submit" variant="secondary" className="w-full aria-busy:opacity-60 md:w-auto" aria-busy={save.isPending}
            aria-label={t('purchasing.saveLimitOf', { name: target.name })}
            aria-describedby={rowError ? `${formId}-row-error` : undefined}>
            <Save aria-hidden="true" className="h-4 w-4" />{t('purchasing.saveLimit')}
          </Button>
        </form>
      </td>
    </tr>
  );
}

/**
 * Spending limits, a row each for the whole organisation, every department and every member: per order and per
 * month in USD, empty for none, each row saved on its own.
 */
export function LimitsEditor({ departments, members }: { departments: readonly Department[]; members: readonly OrganisationMember[] }) {
  const { t } = useTranslation('organisation-purchasing');
  const limits = useQuery(limitsQuery());
  const heading = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-slate-500 uppercase';
  const targets: Target[] = [
    { key: 'organisation', name: t('purchasing.organisation'), detail: t('purchasing.organisationDetail') },
    ...departments.map((department) => ({
      key: `department-${department.id}`,
      name: department.name,
      detail: department.cost_centre
        ? t('purchasing.departmentDetailCode', { code: department.cost_centre })
        : t('purchasing.departmentDetail'),
      department_id: department.id,
    })),
    ...members.map((member) => ({
      key: `member-${member.id}`,
      name: member.name || member.email,
      detail: member.name ? member.email : t('purchasing.invited'),
      member_id: member.id,
    })),
  ];

  return (
    <section aria-labelledby="limits-heading" className="space-y-3">
      <div>
        <h2 id="limits-heading" className="text-lg font-bold text-slate-900">{t('purchasing.limitsHeading')}</h2>
        <p className="text-sm text-slate-600">{t('purchasing.limitsIntro')}</p>
      </div>
      <p className="flex items-start gap-2 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
        <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        {t('purchasing.limitsHowItWorks')}
      </p>
      {limits.data ? (
        <table className="block w-full md:table md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
          <caption className="sr-only">{t('purchasing.limitsHeading')}</caption>
          <thead className="hidden md:table-header-group">
            <tr>
              <th scope="col" className={heading}>{t('purchasing.appliesTo')}</th>
              <th scope="col" className={heading}>{t('purchasing.perOrder')}</th>
              <th scope="col" className={heading}>{t('purchasing.perMonth')}</th>
              <th scope="col" className={heading}><span className="sr-only">{t('purchasing.actions')}</span></th>
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {targets.map((target) => (
              <LimitRow key={target.key} target={target} limit={limits.data.limits.find((limit) => isTarget(limit, target))} />
            ))}
          </tbody>
        </table>
      ) : limits.isError ? (
        <ErrorState title={t('purchasing.limitsLoadFailed')} error={limits.error} onRetry={() => void limits.refetch()}
          retrying={limits.isFetching} />
      ) : <Skeleton className="h-48 w-full" />}
    </section>
  );
}
