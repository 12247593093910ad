import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { LogOut, UserX } from 'lucide-react';
import { removeOrganisationMember, type OrganisationMember } from '#contracts/organisation-members';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { notify } from '../components/ui/notify.ts';
import { useFormat } from '../i18n/use-format.ts';
import { isApiError } from '../lib/api.ts';
import { ConfirmRemoval } from './confirm-removal.tsx';
import { useLeaveOrganisation, useRemoveOrganisationMember } from './organisation-members.api.ts';
import { useRoleTexts } from './role-texts.ts';
import { useErrorText } from '../lib/error-text.ts';

const STATUS_TONES = { active: 'success', invited: 'warning' } as const;

/** The signed-in member's own line: leaving, with the reason when the organisation cannot spare them. */
function LeaveButton({ member, organisation }: { member: OrganisationMember; organisation: string }) {
  const { t } = useTranslation('organisation-members');
  const errorText = useErrorText();
  const leave = useLeaveOrganisation();
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    leave.reset();
  };
  const confirm = () => leave.mutate(member.id, {
    onSuccess: () => {
      setConfirming(false);
      notify.success(t('leftToast', { organisation }));
    },
    onError: (error) => {
      if (!isApiError(error, removeOrganisationMember, 'LAST_ADMIN')) notify.error(t('leaveFailed'), errorText(error));
    },
  });
  const lastAdmin = isApiError(leave.error, removeOrganisationMember, 'LAST_ADMIN');
  return (
    <>
      <Button size="sm" variant="secondary" className="text-red-700" onClick={() => setConfirming(true)}>
        <LogOut aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />{t('leave')}
      </Button>
      {confirming && (
        <ConfirmRemoval title={t('leaveTitle', { organisation })} text={t('leaveText')} action={t('leaveAction')}
          pendingAction={t('leaving')} pending={leave.isPending} refusal={lastAdmin ? t('lastAdmin') : undefined}
          onConfirm={confirm} onClose={close} />
      )}
    </>
  );
}

/** An admin's Remove on someone else's line; for an invitation not yet accepted, it withdraws the invitation. */
function RemoveButton({ member, organisation }: { member: OrganisationMember; organisation: string }) {
  const { t } = useTranslation('organisation-members');
  const errorText = useErrorText();
  const remove = useRemoveOrganisationMember();
  const [confirming, setConfirming] = useState(false);
  const invited = member.status === 'invited';
  const confirm = () => remove.mutate(member.id, {
    onSuccess: () => {
      setConfirming(false);
      notify.success(t(invited ? 'withdrawnToast' : 'removedToast'), member.email);
    },
    onError: (error) => notify.error(t('removeFailed'), errorText(error)),
  });
  return (
    <>
      <Button size="sm" variant="secondary" className="text-red-700" aria-label={t('removeOf', { email: member.email })}
        onClick={() => setConfirming(true)}>
        <UserX aria-hidden="true" className="h-4 w-4" />{t('remove')}
      </Button>
      {confirming && (
        <ConfirmRemoval
          title={t(invited ? 'withdrawTitle' : 'removeTitle', { email: member.email })}
          text={invited ? t('withdrawText') : t('removeText', { organisation })}
          action={t('remove')} pendingAction={t('removing')} pending={remove.isPending}
          onConfirm={confirm} onClose={() => setConfirming(false)} />
      )}
    </>
  );
}

/** One member: a table row at wide widths, a card on a phone. `admin`: the reader may remove others. */
export function MemberRow({ member, organisation, admin }: { member: OrganisationMember; organisation: string; admin: boolean }) {
  const { t } = useTranslation('organisation-members');
  const f = useFormat();
  const roles = useRoleTexts();
  const cell = 'block px-0 py-1 md:table-cell md:px-3 md:py-3 md:align-top';
  const label = 'me-1 font-medium text-slate-500 md:sr-only';
  const action = member.is_you ? <LeaveButton member={member} organisation={organisation} />
    : admin ? <RemoveButton member={member} organisation={organisation} /> : null;
  return (
    <tr data-testid="organisation-member"
      className="mb-3 block rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:mb-0 md:table-row md:rounded-none md:border-0 md:border-t md:p-0 md:shadow-none">
      <td className={`${cell} min-w-0`}>
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-slate-900">
          {member.name ? <DataText>{member.name}</DataText> : <span className="font-normal italic text-slate-500">{t('invitationSent')}</span>}
          {member.is_you && <Badge tone="brand">{t('you')}</Badge>}
        </span>
        <DataText as="span" className="block text-sm break-all text-slate-600">{member.email}</DataText>
      </td>
      <td className={`${cell} text-sm text-slate-800`}>
        <span className={label}>{t('role')}:</span>
        {roles.name(member.role)}
      </td>
      <td className={`${cell} text-sm`}>
        <span className={label}>{t('status')}:</span>
        <Badge tone={STATUS_TONES[member.status]}>{t(`statuses.${member.status}`)}</Badge>
      </td>
      <td className={`${cell} text-sm whitespace-nowrap text-slate-700`}>
        {member.joined_at ? t('joinedOn', { date: f.date(member.joined_at) }) : t('invitedOn', { date: f.date(member.invited_at) })}
      </td>
      <td className={action ? `${cell} pt-3` : 'hidden md:table-cell'}>{action}</td>
    </tr>
  );
}
