import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { registerBody } from '#contracts/auth';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { AuthCard } from './auth-card.tsx';
import { useRequestPasswordResetMutation } from './auth.api.ts';
import { firstFieldErrors } from './field-errors.ts';

function BackToLogin() {
  return (
    <Link to="/login" className={buttonClasses({ variant: 'ghost', className: 'w-full' })}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Login
    </Link>
  );
}

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordResetMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = registerBody.shape.email.safeParse(email);
    if (!checked.success) {
      setError(checked.error.issues[0].message);
      return;
    }
    setError(undefined);
    requestReset.mutate(checked.data, {
      onSuccess: () => {
        setSentTo(checked.data);
        notify.success('Reset email sent', 'Check your inbox for a link to reset your password.');
      },
      onError: (failure) => {
        setError(firstFieldErrors(failure).email);
        notify.error('Reset failed', 'Unable to send reset email');
      },
    });
  }

  if (sentTo) {
    return (
      <AuthCard
        icon={MailCheck}
        tone="success"
        title="Check Your Email"
        description={
          <>
            If an account exists for <strong className="font-semibold break-all text-slate-900">{sentTo}</strong>, we have sent it a link
            to reset your password. The link is valid for 1 hour.
          </>
        }
      >
        <div className="space-y-3">
          <p className="text-center text-sm text-slate-500">No email after a few minutes? Check your spam folder, or try another address.</p>
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            onClick={() => {
              setSentTo(null);
              requestReset.reset();
            }}
          >
            Try Different Email
          </Button>
          <BackToLogin />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField
          label="Email address"
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
        <Button type="submit" size="lg" className="w-full" disabled={requestReset.isPending}>
          {requestReset.isPending ? 'Sending…' : 'Send Reset Link'}
        </Button>
        <BackToLogin />
      </form>
    </AuthCard>
  );
}
