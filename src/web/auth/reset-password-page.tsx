import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleCheck, KeyRound, LinkIcon } from 'lucide-react';
import { MIN_PASSWORD_LENGTH } from '#contracts/auth';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { PasswordField } from '../components/ui/password-field.tsx';
import { AuthCard } from './auth-card.tsx';
import { useConfirmPasswordResetMutation } from './auth.api.ts';
import { errorSummary, firstFieldErrors, type FieldErrors } from './field-errors.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { authMessages } from './messages.ts';

export const REDIRECT_AFTER_RESET_MS = 3000;

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const confirmReset = useConfirmPasswordResetMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const t = useMessages(authMessages);
  const minLength = useFormat().number(MIN_PASSWORD_LENGTH);

  const done = confirmReset.isSuccess;
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (!token) {
    return (
      <AuthCard icon={LinkIcon} tone="danger" title={t.invalidResetLink} description={t.missingResetToken}>
        <div className="space-y-3">
          <p className="text-center text-sm text-slate-500">{t.resetLinkRules}</p>
          <Link to="/forgot-password" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
            {t.requestNewResetLink}
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
        title={t.resetSuccessful}
        description={t.resetSuccessfulText}
      >
        <Link to="/login" replace className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          {t.signInNow}
        </Link>
      </AuthCard>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      setErrors({ password: t.passwordTooShort(minLength) });
      return;
    }
    if (password !== confirmation) {
      setErrors({ password_confirm: t.passwordsDiffer });
      notify.error(t.passwordMismatch, t.passwordsDiffer);
      return;
    }
    setErrors({});
    setFormError(undefined);
    confirmReset.mutate(
      { token: token!, password, password_confirm: confirmation },
      {
        onSuccess: () => notify.success(t.resetSuccessful, t.resetSuccessfulToast),
        onError: (error) => {
          const fields = firstFieldErrors(error);
          setErrors(fields);
          if (!fields.password && !fields.password_confirm) setFormError(fields.token ?? errorSummary(error, t.unableToReset));
          notify.error(t.resetFailed, t.unableToReset);
        },
      },
    );
  }

  return (
    <AuthCard
      icon={KeyRound}
      title={t.setNewPassword}
      description={t.setNewPasswordIntro}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        {formError && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {formError}{' '}
            <Link to="/forgot-password" className="font-semibold underline">
              {t.requestNewResetLink}
            </Link>
          </div>
        )}
        <PasswordField
          label={t.newPassword}
          name="password"
          autoComplete="new-password"
          required
          hint={t.atLeastChars(minLength)}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <PasswordField
          label={t.confirmNewPassword}
          name="password_confirm"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={errors.password_confirm}
        />
        <Button type="submit" size="lg" className="w-full" disabled={confirmReset.isPending}>
          {confirmReset.isPending ? t.saving : t.resetPassword}
        </Button>
      </form>
    </AuthCard>
  );
}
