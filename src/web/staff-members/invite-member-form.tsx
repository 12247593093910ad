import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { UserPlus } from 'lucide-react';
import { ALREADY_STAFF, CUSTOMER_EMAIL, inviteStaffMember } from '#contracts/staff-members';
import type { StaffRole } from '#contracts/staff-roles';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { ApiError } from '../lib/api.ts';
import { useRoleTexts } from './role-reach.ts';
import { useInviteMember } from './staff-members.api.ts';
import { useErrorText } from '../lib/error-text.ts';

/** The email and role of a new staff member; the chosen role's reach is spelled out under it. */
export function InviteMemberForm() {
  const { t } = useTranslation('staff-members');
  const failureText = useErrorText();
  const roles = useRoleTexts();
  const invite = useInviteMember();
  const form = useContractForm(inviteStaffMember.body, { defaultValues: { email: '', role: 'catalogue' } });
  const { register, errorText } = form;
  const role = useWatch({ control: form.control, name: 'role' }) as StaffRole;

  const refusals: Record<string, string> = { [CUSTOMER_EMAIL]: t('customerEmail'), [ALREADY_STAFF]: t('alreadyStaff') };
  const emailRefusal = invite.error instanceof ApiError ? refusals[invite.error.fieldErrors.email?.[0] ?? ''] : undefined;

  const submit = form.handleSubmit((body) => invite.mutate(body, {
    onSuccess: (member) => {
      notify.success(t('invitedToast'), t('invitedToastText', { email: member.email }));
      form.reset({ email: '', role: body.role });
    },
    onError: (error) => {
      form.setServerErrors(error);
      notify.error(t('inviteFailed'), failureText(error));
    },
  }));

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={submit} noValidate aria-labelledby="invite-heading" className="space-y-4">
        <h2 id="invite-heading" className="text-lg font-bold text-slate-900">{t('inviteHeading')}</h2>
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,14rem)]">
          <TextField label={t('email')} type="email" autoComplete="off" required {...register('email')}
            error={(form.formState.errors.email && emailRefusal) || errorText('email')} />
          <SelectField label={t('role')} required options={roles.options} {...register('role')} error={errorText('role')} />
        </div>
        <p className="text-sm text-slate-600" data-testid="role-reach">
          <span className="font-semibold text-slate-800">{roles.name(role)}:</span> {roles.reach(role)}
        </p>
        <Button type="submit" disabled={invite.isPending}>
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          {invite.isPending ? t('sending') : t('sendInvite')}
        </Button>
      </form>
    </Card>
  );
}
