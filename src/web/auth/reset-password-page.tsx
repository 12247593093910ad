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

  const done = confirmReset.isSuccess;
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (!token) {
    return (
      <AuthCard icon={LinkIcon} tone="danger" title="Invalid Reset Link" description="Invalid or missing reset token">
        <div className="space-y-3">
          <p className="text-center text-sm text-slate-500">Reset links are valid for 1 hour and can be used once.</p>
          <Link to="/forgot-password" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
            Request New Reset Link
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
        title="Password reset successful"
        description="You can now sign in with your new password. Taking you to the sign-in page…"
      >
        <Link to="/login" replace className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          Sign In Now
        </Link>
      </AuthCard>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      setErrors({ password: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long` });
      return;
    }
    if (password !== confirmation) {
      setErrors({ password_confirm: 'Passwords do not match' });
      notify.error('Password mismatch', 'Passwords do not match');
      return;
    }
    setErrors({});
    setFormError(undefined);
    confirmReset.mutate(
      { token: token!, password, password_confirm: confirmation },
      {
        onSuccess: () => notify.success('Password reset successful', 'You can now sign in with your new password.'),
        onError: (error) => {
          const fields = firstFieldErrors(error);
          setErrors(fields);
          if (!fields.password && !fields.password_confirm) setFormError(fields.token ?? errorSummary(error, 'Unable to reset password'));
          notify.error('Reset failed', 'Unable to reset password');
        },
      },
    );
  }

  return (
    <AuthCard
      icon={KeyRound}
      title="Set a new password"
      description="Choose a new password for your account. This reset link is valid for 1 hour."
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        {formError && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {formError}{' '}
            <Link to="/forgot-password" className="font-semibold underline">
              Request New Reset Link
            </Link>
          </div>
        )}
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <PasswordField
          label="Confirm new password"
          name="password_confirm"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={errors.password_confirm}
        />
        <Button type="submit" size="lg" className="w-full" disabled={confirmReset.isPending}>
          {confirmReset.isPending ? 'Saving…' : 'Reset Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
