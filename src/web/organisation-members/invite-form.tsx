import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { UserPlus } from 'lucide-react';
import { inviteOrganisationMember, type OrganisationRole } from '#contracts/organisation-members';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { ApiError, isApiError } from '../lib/api.ts';
import { useInviteOrganisationMember } from './organisation-members.api.ts';
import { useRoleTexts } from './role-texts.ts';
import { useErrorText } from '../lib/error-text.ts';

/**
 * An admin's form: the email and role of a new member, the chosen role's line under the select. The server's
 * refusals (already a member, another organisation's) land on the email field in the reader's language.
 */
export function InviteForm() {
  const { t } = useTranslation('organisation-members');
  const failureText = useErrorText();
  const roles = useRoleTexts();
  const invite = useInviteOrganisationMember();
  const form = useContractForm(inviteOrganisationMember.body, { defaultValues: { email: '', role: 'buyer' } });
  const { register, errorText } = form;
  const role = useWatch({ control: form.control, name: 'role' }) as OrganisationRole;

  const submit = form.handleSubmit((body) => invite.mutate(body, {
    onSuccess: () => {
      notify.success(t('invitedToast'), t('invitedToastText', { email: body.email.trim() }));
      form.reset({ email: '', role: body.role });
    },
    onError: (error) => {
      if (form.setServerErrors(error)) return;
      const said = isApiError(error, inviteOrganisationMember, 'NOT_VERIFIED') ? t('inviteAfterReview')
        : error instanceof ApiError && error.status === 429 ? t('inviteLimit') : failureText(error);
      notify.error(t('inviteFailed'), said);
    },
  }));

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={submit} noValidate aria-labelledby="invite-heading" className="space-y-4">
        <h2 id="invite-heading" className="text-lg font-bold text-slate-900">{t('inviteHeading')}</h2>
        <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,16rem)]">
          <TextField label={t('email')} type="email" inputMode="email" autoComplete="off" required {...register('email')}
            error={errorText('email')} />
          <SelectField label={t('role')} required options={roles.options} hint={roles.explanation(role)}
            {...register('role')} error={errorText('role')} />
        </div>
        <Button type="submit" disabled={invite.isPending}>
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          {invite.isPending ? t('sending') : t('sendInvite')}
        </Button>
      </form>
    </Card>
  );
}
