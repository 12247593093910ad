import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { UsersRound } from 'lucide-react';
import type { StaffMember } from '#contracts/staff-members';
import { staffAccess } from '#contracts/staff-roles';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { StaffOnly } from '../staff/staff-only.tsx';
import { InviteMemberForm } from './invite-member-form.tsx';
import { MemberRow } from './member-row.tsx';
import { staffMembersQuery } from './staff-members.api.ts';

/** The id of the shop's only active owner, when there is exactly one: that member keeps the role and the access. */
export function soleActiveOwner(members: readonly StaffMember[]): string | null {
  const owners = members.filter((member) => member.role === 'owner' && member.status === 'active');
  return owners.length === 1 ? owners[0].id : null;
}

function Team({ members }: { members: StaffMember[] }) {
  const { t } = useTranslation('staff-members');
  const { user } = useCurrentUser();
  const soleOwner = soleActiveOwner(members);
  const heading = 'text-start text-xs font-semibold uppercase tracking-wide text-slate-500 px-3 py-2';
  return (
    <table className="block w-full md:table md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
      <caption className="sr-only">{t('teamHeading')}</caption>
      <thead className="hidden md:table-header-group">
        <tr>
          <th scope="col" className={heading}>{t('name')}</th>
          <th scope="col" className={heading}>{t('role')}</th>
          <th scope="col" className={heading}>{t('status')}</th>
          <th scope="col" className={heading}>{t('lastSignIn')}</th>
          <th scope="col" className={heading}>{t('actions')}</th>
        </tr>
      </thead>
      <tbody className="block md:table-row-group">
        {members.map((member) => (
          <MemberRow key={member.id} member={member} self={member.id === user?.id} lastOwner={member.id === soleOwner} />
        ))}
      </tbody>
    </table>
  );
}

function StaffMembers() {
  const { t } = useTranslation('staff-members');
  const members = useQuery(staffMembersQuery());
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <PageHeader icon={UsersRound} title={t('heading')} intro={t('intro')} />
      <InviteMemberForm />
      <section aria-labelledby="team-heading" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="team-heading" className="text-lg font-bold text-slate-900">{t('teamHeading')}</h2>
          {members.data && <p className="text-sm text-slate-600">{t('members', { count: members.data.members.length })}</p>}
        </div>
        {members.isPending ? <Skeleton className="h-32 w-full" /> : members.isError ? (
          <ErrorState title={t('loadFailed')} error={members.error} onRetry={() => void members.refetch()} retrying={members.isFetching} />
        ) : <Team members={members.data.members} />}
      </section>
    </div>
  );
}

/** /staff/members (inside the sign-in guard): the owner's; everyone else is sent home. */
export function StaffMembersPage() {
  // Loaded with the page, not when the team arrives (which would blank it and an invitation being typed): the staff
  // pages each role opens.
  const { t } = useTranslation(['staff-members', 'staff-menu']);
  return <StaffOnly access={staffAccess.owner} reason={t('staffOnly')}><StaffMembers /></StaffOnly>;
}
