import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '#contracts/auth';
import { setupShop, type SetupShopBody } from '#contracts/staff-members';
import { newPassword, repeated } from '../auth/account-rules.ts';
import { Button } from '../components/ui/button.tsx';
import { PasswordField } from '../components/ui/password-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';

/** The server's body, with the minimum length of a new password and its confirmation checked before sending. */
const accountForm = setupShop.body
  .extend({ password: newPassword(setupShop.body.shape.password) })
  .check(repeated('password', 'password_confirm'));

export interface StaffAccountFormProps {
  /** The invited address, shown and not editable; without it the form asks for one. */
  email?: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Sends the account; answers whether it failed with problems the form puts on its fields. */
  onSubmit: (body: SetupShopBody, showFieldErrors: (error: unknown) => boolean) => void;
}

/**
 * What the form shows besides its page's words (its labels): a page showing it asks for these with its own, so that
 * the form arriving does not blank the page.
 */
export const ACCOUNT_FORM_NAMESPACES = ['auth'] as const;

/** Name, email and a new password: the first owner's account, or an invited member's. */
export function StaffAccountForm({ email, submitLabel, pendingLabel, pending, onSubmit }: StaffAccountFormProps) {
  const { t } = useTranslation('auth');
  const minLength = useFormat().number(MIN_PASSWORD_LENGTH);
  const form = useContractForm(accountForm, {
    defaultValues: { email: email ?? '', first_name: '', last_name: '', password: '', password_confirm: '' },
  });
  const { register, errorText } = form;
  const submit = form.handleSubmit((body) => onSubmit(body, form.setServerErrors));
  return (
    <form onSubmit={submit} noValidate className="space-y-5 text-start">
      <TextField label={t('emailAddress')} type="email" inputMode="email" autoComplete="email" required readOnly={email !== undefined}
        className={email !== undefined ? 'bg-slate-50' : undefined} {...register('email')} error={errorText('email')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={t('firstName')} autoComplete="given-name" required {...register('first_name')} error={errorText('first_name')} />
        <TextField label={t('lastName')} autoComplete="family-name" required {...register('last_name')} error={errorText('last_name')} />
      </div>
      <PasswordField label={t('password')} autoComplete="new-password" required hint={t('atLeastChars', { min: minLength })}
        {...register('password')} error={errorText('password')} />
      <PasswordField label={t('confirmPassword')} autoComplete="new-password" required {...register('password_confirm')}
        error={errorText('password_confirm')} />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>{pending ? pendingLabel : submitLabel}</Button>
    </form>
  );
}
