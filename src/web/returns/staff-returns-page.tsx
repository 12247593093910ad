import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { approveReturn, listStaffReturns, receiveReturn, rejectReturn, resolveReturn, RETURN_STATUSES } from '#contracts/returns';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { PageHeader } from '../components/ui/page-header.tsx';
import { SelectField } from '../components/ui/select-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../components/ui/tabs.tsx';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { StaffOnly } from '../staff/staff-only.tsx';
import { mayOpen } from '../staff/staff-pages.ts';
import type { RunAction } from './staff-returns-action.ts';
import { StaffReturnsCard } from './staff-returns-card.tsx';
import { StaffReturnsPolicy } from './staff-returns-policy.tsx';
import { StaffReturnsReport } from './staff-returns-report.tsx';
import { type ReturnAction, staffReturnsQuery, type StatusChoice, useReturnAction } from './staff-returns.api.ts';

const STATUS_CHOICES: readonly StatusChoice[] = ['all', ...RETURN_STATUSES];
const contracts = { approve: approveReturn, reject: rejectReturn, receive: receiveReturn, resolve: resolveReturn } as const;

function ReturnList() {
  const { t } = useTranslation('staff-returns');
  const { user } = useCurrentUser();
  const [status, setStatus] = useState<StatusChoice>('all');
  const returns = useQuery(staffReturnsQuery(status));
  const action = useReturnAction();
  const run: RunAction = (step) => action.mutateAsync(step).then((answer) => {
    notify.success(t('updated'), t('updatedText', { rma: answer.return.rma, status: t('status', { context: answer.return.status }) }));
  });
  const may = (kind: ReturnAction['kind']) => mayOpen(user, contracts[kind].staff);

  return (
    <div className="space-y-4">
      <div className="sm:w-56">
        <SelectField label={t('statusFilter')} value={status} onChange={(event) => setStatus(event.target.value as StatusChoice)}
          options={STATUS_CHOICES.map((value) => ({ value, label: value === 'all' ? t('allStatuses') : t('status', { context: value }) }))} />
      </div>
      {returns.isPending ? <Skeleton className="h-24 w-full" /> : returns.isError ? (
        <ErrorState title={t('loadFailed')} error={returns.error} onRetry={() => void returns.refetch()} retrying={returns.isFetching} />
      ) : returns.data.returns.length === 0 ? (
        <p className="text-sm text-slate-600">{t('none')}</p>
      ) : (
        <ul className="space-y-3" aria-busy={returns.isPlaceholderData}>
          {returns.data.returns.map((rma) => <li key={rma.rma}><StaffReturnsCard rma={rma} run={run} may={may} /></li>)}
        </ul>
      )}
    </div>
  );
}

const TABS = ['returns', 'policy', 'report'] as const;

function ReturnManagement() {
  const { t } = useTranslation('staff-returns');
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <PageHeader icon={RotateCcw} title={t('heading')} intro={t('intro')} />
      <Tabs defaultValue="returns">
        <TabList look="underline" aria-label={t('heading')}>
          {TABS.map((tab) => <Tab key={tab} value={tab} look="underline">{t('tab', { context: tab })}</Tab>)}
        </TabList>
        <TabPanel value="returns" className="pt-4"><ReturnList /></TabPanel>
        <TabPanel value="policy" className="pt-4"><StaffReturnsPolicy /></TabPanel>
        <TabPanel value="report" className="pt-4"><StaffReturnsReport /></TabPanel>
      </Tabs>
    </div>
  );
}

/** /staff/returns (inside the sign-in guard): the roles that read returns; everyone else is sent home. */
export function StaffReturnsPage() {
  // The carrier names are the shipping screens' own: asked for with the page, so that opening a form never blanks it.
  const { t } = useTranslation(['staff-returns', 'staff-shipping']);
  return <StaffOnly access={listStaffReturns.staff} reason={t('staffOnly')}><ReturnManagement /></StaffOnly>;
}
