import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Building2, ChartColumn, ClipboardCheck, PlugZap, Users, Wallet, type LucideIcon } from 'lucide-react';
import type { MembersAnswer, OrganisationRole } from '#contracts/organisation-members';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../components/ui/tabs.tsx';
import { ApiError } from '../lib/api.ts';
import { InviteForm } from './invite-form.tsx';
import { MemberRow } from './member-row.tsx';
import { organisationMembersQuery } from './organisation-members.api.ts';
import { useRoleTexts } from './role-texts.ts';
import { ApprovalsPanel } from '../organisation-purchasing/approvals-panel.tsx';
import { PurchasingPanel } from '../organisation-purchasing/purchasing-panel.tsx';
import { ReportsPanel } from '../organisation-reports/reports-panel.tsx';

/** The punchout settings, for admins only: fetched when the tab opens. */
const PunchoutPanel = lazy(async () => ({ default: (await import('../punchout/punchout-panel.tsx')).PunchoutPanel }));
const Punchout = () => <Suspense fallback={<Skeleton className="h-64 w-full" />}><PunchoutPanel /></Suspense>;

/** The page's tabs, in order; the open one lives in ?tab= so that it survives a reload and can be linked. */
const TABS = [
  { id: 'members', label: 'tabs.members', icon: Users, Panel: Organisation },
  { id: 'approvals', label: 'tabs.approvals', icon: ClipboardCheck, Panel: ApprovalsPanel },
  { id: 'reports', label: 'tabs.reports', icon: ChartColumn, Panel: ReportsPanel, roles: ['admin', 'approver', 'finance'] },
  { id: 'purchasing', label: 'tabs.purchasing', icon: Wallet, Panel: PurchasingPanel, roles: ['admin'] },
  { id: 'punchout', label: 'tabs.punchout', icon: PlugZap, Panel: Punchout, roles: ['admin'] },
] as const satisfies ReadonlyArray<{
  id: string; label: string; icon: LucideIcon; Panel: (props: { answer: MembersAnswer }) => ReactNode; roles?: readonly OrganisationRole[];
}>;

/** The tabs the member's role opens: reports are for admins, approvers and finance; purchasing for admins. */
const tabsFor = (role: OrganisationRole) => TABS.filter((tab) => !('roles' in tab) || (tab.roles as readonly OrganisationRole[]).includes(role));

/** A signed-in person who belongs to no organisation: what there would be here, and how one gets in. */
function NotAMember() {
  const { t } = useTranslation('organisation-members');
  return (
    <Card className="flex flex-col items-center px-6 py-10 text-center" data-testid="not-a-member">
      <Building2 aria-hidden="true" className="h-8 w-8 text-slate-400" />
      <h2 className="mt-3 font-semibold text-slate-900">{t('notMemberTitle')}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600">{t('notMemberText')}</p>
    </Card>
  );
}

function Members({ answer }: { answer: MembersAnswer }) {
  const { t } = useTranslation('organisation-members');
  const admin = answer.your_role === 'admin';
  const heading = 'px-3 py-2 text-start text-xs font-semibold tracking-wide text-slate-500 uppercase';
  return (
    <section aria-labelledby="members-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="members-heading" className="text-lg font-bold text-slate-900">{t('membersHeading')}</h2>
        <p className="text-sm text-slate-600">{t('members', { count: answer.members.length })}</p>
      </div>
      <table className="block w-full md:table md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
        <caption className="sr-only">{t('membersHeading')}</caption>
        <thead className="hidden md:table-header-group">
          <tr>
            <th scope="col" className={heading}>{t('name')}</th>
            <th scope="col" className={heading}>{t('role')}</th>
            <th scope="col" className={heading}>{t('status')}</th>
            <th scope="col" className={heading}>{t('date')}</th>
            <th scope="col" className={heading}><span className="sr-only">{t('actions')}</span></th>
          </tr>
        </thead>
        <tbody className="block md:table-row-group">
          {answer.members.map((member) => (
            <MemberRow key={member.id} member={member} organisation={answer.organisation.name} admin={admin} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Organisation({ answer }: { answer: MembersAnswer }) {
  const { t } = useTranslation('organisation-members');
  const roles = useRoleTexts();
  const admin = answer.your_role === 'admin';
  return (
    <>
      <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{t('yourRole', { role: roles.name(answer.your_role) })}</span>
        {' · '}{roles.explanation(answer.your_role)}
        {!admin && <span className="mt-1 block">{t('adminsOnly')}</span>}
      </p>
      {admin && (answer.organisation.verified ? <InviteForm /> : (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="invite-after-review">{t('inviteAfterReview')}</p>
      ))}
      <Members answer={answer} />
    </>
  );
}

function OrganisationTabs({ answer }: { answer: MembersAnswer }) {
  const { t } = useTranslation('organisation-purchasing');
  const [search, setSearch] = useSearchParams();
  const tabs = tabsFor(answer.your_role);
  const active = tabs.find((tab) => tab.id === search.get('tab')) ?? tabs[0];
  // An admin's four tabs are wider than a phone: the list scrolls sideways to show the open tab. Only the list moves
  // (scrollIntoView would scroll the page too), by the same distance left to right and right to left.
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = list.current;
    const tab = box?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!box || !tab) return;
    const [inner, outer] = [tab.getBoundingClientRect(), box.getBoundingClientRect()];
    const by = inner.left < outer.left ? inner.left - outer.left : Math.max(0, inner.right - outer.right);
    if (by !== 0) box.scrollBy?.({ left: by });
  }, [active.id]);
  return (
    <Tabs value={active.id} onValueChange={(id) => setSearch({ tab: id }, { replace: true })}>
      <TabList ref={list} look="underline" aria-label={t('sections')} className="overflow-x-auto">
        {tabs.map(({ id, label, icon: Icon }) => (
          <Tab key={id} value={id} look="underline" className="flex items-center gap-2">
            <Icon aria-hidden="true" className="h-4 w-4" />
            {t(label)}
          </Tab>
        ))}
      </TabList>
      <TabPanel value={active.id} className="mt-6 space-y-6">
        <active.Panel answer={answer} />
      </TabPanel>
    </Tabs>
  );
}

/** /profile/organisation (inside the sign-in guard): the organisation's people; its admins invite and remove them. */
export function OrganisationPage() {
  // Every tab's texts load with the page (a department's address and the payment of an approved request in checkout's
  // words, the reports' order states): one loaded later would blank the page meanwhile.
  const { t } = useTranslation(['organisation-members', 'organisation-purchasing', 'organisation-reports', 'orders', 'checkout', 'pricing', 'punchout']);
  const members = useQuery(organisationMembersQuery());
  const notAMember = members.error instanceof ApiError && members.error.status === 404;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <PageHeader icon={Building2} title={(!notAMember && members.data?.organisation.name) || t('heading')} intro={t('intro')} />
      {notAMember ? <NotAMember /> : members.data ? <OrganisationTabs answer={members.data} /> : members.isError ? (
        <ErrorState title={t('loadFailed')} error={members.error} onRetry={() => void members.refetch()} retrying={members.isFetching} />
      ) : <Skeleton className="h-48 w-full" />}
    </div>
  );
}
