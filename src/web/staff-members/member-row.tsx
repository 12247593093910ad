import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { MailPlus, UserCheck, UserX } from 'lucide-react';
import { updateStaffMember, type StaffMember } from '#contracts/staff-members';
import type { StaffRole } from '#contracts/staff-roles';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { controlClasses } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { useFormat } from '../i18n/use-format.ts';
import { isApiError } from '../lib/api.ts';
import { useRoleTexts } from './role-reach.ts';
import { useResendInvite, useUpdateMember } from './staff-members.api.ts';
import { useErrorText } from '../lib/error-text.ts';

const STATUS_TONES = { active: 'success', invited: 'warning', deactivated: 'neutral' } as const;

/** Why a control is off: the shop's only active owner keeps the role and the access; no owner locks themselves out. */
function lockOf({ self, lastOwner }: { self: boolean; lastOwner: boolean }) {
  return {
    role: lastOwner ? 'lastOwner' as const : null,
    deactivate: lastOwner ? 'lastOwner' as const : self ? 'selfDeactivation' as const : null,
  };
}

/**
 * One member: a table row at wide widths, a card on a phone. `lastOwner`: this member is the shop's only active owner.
 */
export function MemberRow({ member, self, lastOwner }: { member: StaffMember; self: boolean; lastOwner: boolean }) {
  const { t } = useTranslation('staff-members');
  const errorText = useErrorText();
  const f = useFormat();
  const roles = useRoleTexts();
  const update = useUpdateMember();
  const resend = useResendInvite();
  const [confirming, setConfirming] = useState(false);
  const locks = lockOf({ self, lastOwner });
  const name = `${member.first_name} ${member.last_name}`.trim();
  const failed = (error: Error) => notify.error(t('changeFailed'),
    isApiError(error, updateStaffMember, 'LAST_OWNER') ? t('lastOwner') : errorText(error));

  const changeRole = (role: StaffRole) => update.mutate({ id: member.id, body: { role } }, {
    onSuccess: () => notify.success(t('roleChanged'), t('roleChangedText', { email: member.email, role: roles.name(role) })),
    onError: failed,
  });
  const setActive = (active: boolean) => update.mutate({ id: member.id, body: { active } }, {
    onSuccess: () => {
      setConfirming(false);
      notify.success(t(active ? 'reactivatedToast' : 'deactivatedToast'),
        t(active ? 'reactivatedToastText' : 'deactivatedToastText', { email: member.email }));
    },
    onError: failed,
  });
  const resendInvite = () => resend.mutate(member.id, {
    onSuccess: () => notify.success(t('resentToast'), t('resentToastText', { email: member.email })),
    onError: (error) => notify.error(t('changeFailed'), errorText(error)),
  });

  const cell = 'block px-0 py-1 md:table-cell md:px-3 md:py-3 md:align-top';
  const label = 'me-1 font-medium text-slate-500 md:sr-only';
  const explanation = locks.deactivate ?? locks.role;
  return (
    <tr className="mb-3 block rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:mb-0 md:table-row md:rounded-none md:border-0 md:border-t md:p-0 md:shadow-none"
      data-testid="staff-member">
      <td className={cell}>
        <span className="block font-semibold text-slate-900">
          {name || <span className="font-normal italic text-slate-500">{t('notAccepted')}</span>}
          {self && <Badge tone="brand" className="ms-2">{t('you')}</Badge>}
        </span>
        <span className="block truncate text-sm text-slate-600"><bdi>{member.email}</bdi></span>
      </td>
      <td className={cell}>
        <select aria-label={t('roleOf', { email: member.email })} value={member.role} disabled={Boolean(locks.role) || update.isPending}
          onChange={(event) => changeRole(event.target.value as StaffRole)} className={controlClasses(false, 'h-10 md:w-40')}>
          {roles.options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      </td>
      <td className={cell}>
        <span className={label}>{t('status')}:</span>
        <Badge tone={STATUS_TONES[member.status]}>{t(`statuses.${member.status}`)}</Badge>
      </td>
      <td className={`${cell} text-sm text-slate-700`}>
        <span className={label}>{t('lastSignIn')}:</span>
        {member.last_sign_in ? f.dateTime(member.last_sign_in) : t('never')}
      </td>
      <td className={cell}>
        {confirming ? (
          <div role="group" aria-label={t('deactivate')} className="space-y-2 rounded-lg bg-red-50 p-3 text-sm text-red-900">
            <p>{t('confirmDeactivate', { email: member.email })}</p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" className="bg-red-700 hover:bg-red-800" disabled={update.isPending} onClick={() => setActive(false)}>
                {t('confirmDeactivateAction')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>{t('keep')}</Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            {member.status === 'invited' && (
              <Button size="sm" variant="secondary" disabled={resend.isPending} onClick={resendInvite}>
                <MailPlus aria-hidden="true" className="h-4 w-4" />{t('resend')}
              </Button>
            )}
            {member.status === 'deactivated' ? (
              <Button size="sm" variant="secondary" disabled={update.isPending} onClick={() => setActive(true)}>
                <UserCheck aria-hidden="true" className="h-4 w-4" />{t('reactivate')}
              </Button>
            ) : (
              <Button size="sm" variant="secondary" className="text-red-700" disabled={Boolean(locks.deactivate)}
                aria-describedby={explanation ? `lock-${member.id}` : undefined} onClick={() => setConfirming(true)}>
                <UserX aria-hidden="true" className="h-4 w-4" />{t('deactivate')}
              </Button>
            )}
          </div>
        )}
        {explanation && <p id={`lock-${member.id}`} className="mt-2 text-xs text-slate-600 md:max-w-56">{t(explanation)}</p>}
      </td>
    </tr>
  );
}
