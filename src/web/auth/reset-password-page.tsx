import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleCheck, KeyRound, LinkIcon } from 'lucide-react';
import { confirmPasswordReset, MIN_PASSWORD_LENGTH } from '#contracts/auth';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { PasswordField } from '../components/ui/password-field.tsx';
import { AuthCard } from './auth-card.tsx';
import { useConfirmPasswordResetMutation } from './auth.api.ts';
import { newPassword, repeated } from './account-rules.ts';
import { useIssueText } from '../lib/issue-text.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useErrorText } from '../lib/error-text.ts';

export const REDIRECT_AFTER_RESET_MS = 3000;

/** The contract's body, with the server's length rule for the new password and its confirmation checked first. */
const resetForm = confirmPasswordReset.body
  .extend({ password: newPassword(confirmPasswordReset.body.shape.password) })
  .check(repeated('password', 'password_confirm'));

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const confirmReset = useConfirmPasswordResetMutation();
  const { t } = useTranslation('auth');
  const failureText = useErrorText();
  const issueText = useIssueText();
  const form = useContractForm(resetForm, {
    defaultValues: { token: token ?? '', password: '', password_confirm: '' },
    overrides: { token: t('invalidResetToken') },
  });
  const { register, errorText, formState } = form;
  const minLength = useFormat().number(MIN_PASSWORD_LENGTH);

  const done = confirmReset.isSuccess;
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (!token) {
    return (
      <AuthCard icon={LinkIcon} tone="danger" title={t('invalidResetLink')} description={t('missingResetToken')}>
        <div className="space-y-3">
          <p className="text-center text-sm text-slate-500">{t('resetLinkRules')}</p>
          <Link to="/forgot-password" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
            {t('requestNewResetLink')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title={t('resetSuccessful')}
        description={t('resetSuccessfulText')}
      >
        <Link to="/login" replace className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          {t('signInNow')}
        </Link>
      </AuthCard>
    );
  }

  const submit = form.handleSubmit(
    (body) =>
      confirmReset.mutate(body, {
        onSuccess: () => notify.success(t('resetSuccessful'), t('resetSuccessfulToast')),
        onError: (error) => {
          form.setServerErrors(error);
          notify.error(t('resetFailed'), t('unableToReset'));
        },
      }),
    (errors) => {
      if (errors.password_confirm?.type === 'passwords_differ') notify.error(t('passwordMismatch'), issueText(errors.password_confirm));
    },
  );

  // A refused link, or a failure that no password field explains.
  const passwordRefused = Boolean(formState.errors.password || formState.errors.password_confirm);
  const linkProblem =
    errorText('token') ?? (confirmReset.error && !passwordRefused ? failureText(confirmReset.error) : undefined);

  return (
    <AuthCard
      icon={KeyRound}
      title={t('setNewPassword')}
      description={t('setNewPasswordIntro')}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        {linkProblem && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {linkProblem}{' '}
            <Link to="/forgot-password" className="font-semibold underline">
              {t('requestNewResetLink')}
            </Link>
          </div>
        )}
        <PasswordField
          label={t('newPassword')}
          autoComplete="new-password"
          required
          hint={t('atLeastChars', { min: minLength })}
          {...register('password')}
          error={errorText('password')}
        />
        <PasswordField
          label={t('confirmNewPassword')}
          autoComplete="new-password"
          required
          {...register('password_confirm')}
          error={errorText('password_confirm')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={confirmReset.isPending}>
          {confirmReset.isPending ? t('saving') : t('resetPassword')}
        </Button>
      </form>
    </AuthCard>
  );
}
