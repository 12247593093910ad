import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Building, Plus } from 'lucide-react';
import type { MembersAnswer, OrganisationMember } from '#contracts/organisation-members';
import type { Department } from '#contracts/organisation-purchasing';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { DepartmentCard } from './department-card.tsx';
import { DepartmentForm } from './department-form.tsx';
import { LimitsEditor } from './limits-editor.tsx';
import { departmentsQuery, useSetPurchaseOrderRule } from './purchasing.api.ts';
import { useErrorText } from '../lib/error-text.ts';

const ADD_BUTTON = 'add-department';

/** The organisation-wide rule, a switch saved as soon as it is turned. */
function PurchaseOrderRule({ required }: { required: boolean }) {
  const { t } = useTranslation('organisation-purchasing');
  const errorText = useErrorText();
  const save = useSetPurchaseOrderRule();
  const id = useId();
  const checked = save.isPending ? save.variables : required;

  const toggle = (on: boolean) => save.mutate(on, {
    onSuccess: () => notify.success(
      on ? t('purchasing.poRuleOn') : t('purchasing.poRuleOff'),
      on ? t('purchasing.poRuleOnText') : t('purchasing.poRuleOffText'),
    ),
    onError: (error) => notify.error(t('purchasing.poRuleFailed'), errorText(error)),
  });

  return (
    <section aria-labelledby={`${id}-heading`}>
      <Card className="p-5 sm:p-6">
        <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">{t('purchasing.poHeading')}</h2>
        <div className="mt-3 flex items-start justify-between gap-4">
          <div className="min-w-0">
            <label htmlFor={id} className="block cursor-pointer font-semibold text-slate-900">{t('purchasing.poRule')}</label>
            <p id={`${id}-hint`} className="text-sm text-slate-600">{t('purchasing.poRuleHint')}</p>
          </div>
          <input
            id={id}
            type="checkbox"
            role="switch"
            aria-describedby={`${id}-hint`}
            checked={checked}
            aria-busy={save.isPending}
            // Left enabled while it saves, so that the focus stays on it; a turn meanwhile waits for the answer.
            onChange={(event) => !save.isPending && toggle(event.target.checked)}
            className="mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:block before:h-5 before:w-5 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-700 checked:before:translate-x-5.5 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:ring-offset-2 focus-visible:outline-none rtl:before:-translate-x-0.5 rtl:checked:before:-translate-x-5.5 aria-busy:opacity-60"
          />
        </div>
      </Card>
    </section>
  );
}

/** What is being edited: nothing, a new department, or one of the departments (by id). */
type Editing = null | 'new' | number;

function Departments({ departments, members }: { departments: readonly Department[]; members: readonly OrganisationMember[] }) {
  const { t } = useTranslation('organisation-purchasing');
  const [editing, setEditing] = useState<Editing>(null);

  /** Closes the form and gives the focus back to what opened it. */
  const close = () => {
    const opener = editing === 'new' || editing === null ? ADD_BUTTON : `edit-department-${editing}`;
    setEditing(null);
    requestAnimationFrame(() => document.getElementById(opener)?.focus());
  };

  return (
    <section aria-labelledby="departments-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 flex-1 basis-72">
          <h2 id="departments-heading" className="text-lg font-bold text-slate-900">{t('purchasing.departmentsHeading')}</h2>
          <p className="text-sm text-slate-600">{t('purchasing.departmentsIntro')}</p>
        </div>
        <Button id={ADD_BUTTON} onClick={() => setEditing('new')} disabled={editing === 'new'} aria-expanded={editing === 'new'}>
          <Plus aria-hidden="true" className="h-4 w-4" />{t('purchasing.addDepartment')}
        </Button>
      </div>
      {departments.length > 0 && <p className="text-sm text-slate-600">{t('purchasing.departments', { count: departments.length })}</p>}
      {editing === 'new' && <DepartmentForm members={members} onDone={close} />}
      {departments.length === 0 && editing !== 'new' ? (
        <Card className="flex flex-col items-center px-6 py-10 text-center" data-testid="departments-empty">
          <Building aria-hidden="true" className="h-8 w-8 text-slate-400" />
          <p className="mt-3 font-semibold text-slate-900">{t('purchasing.emptyTitle')}</p>
          <p className="mt-1 max-w-md text-sm text-slate-600">{t('purchasing.emptyText')}</p>
        </Card>
      ) : (
        <div className="space-y-4">
          {departments.map((department) => (editing === department.id
            ? <DepartmentForm key={department.id} department={department} members={members} onDone={close} />
            : <DepartmentCard key={department.id} department={department} members={members} onEdit={() => setEditing(department.id)} />))}
        </div>
      )}
    </section>
  );
}

/**
 * The organisation page's Purchasing tab, for admins: whether every order needs a purchase-order number, the
 * departments with their addresses and members, and the spending limits above which an order waits for an approver.
 */
export function PurchasingPanel({ answer }: { answer: MembersAnswer }) {
  const { t } = useTranslation('organisation-purchasing');
  const departments = useQuery(departmentsQuery());

  if (departments.isError) {
    return (
      <ErrorState title={t('purchasing.loadFailed')} error={departments.error} onRetry={() => void departments.refetch()}
        retrying={departments.isFetching} />
    );
  }
  if (!departments.data) return <Skeleton className="h-48 w-full" />;
  return (
    <>
      <PurchaseOrderRule required={departments.data.po_required} />
      <Departments departments={departments.data.departments} members={answer.members} />
      <LimitsEditor departments={departments.data.departments} members={answer.members} />
    </>
  );
}
