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
import { useMessages } from '../i18n/define-messages.ts';
import { authMessages } from './messages.ts';
import { formIssue, useLocalizedIssue } from '../checkout/validation-messages.ts';

function BackToLogin() {
  const t = useMessages(authMessages);
  return (
    <Link to="/login" className={buttonClasses({ variant: 'ghost', className: 'w-full' })}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" /> {t.backToLogin}
    </Link>
  );
}

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordResetMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const t = useMessages(authMessages);
  const localize = useLocalizedIssue();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = registerBody.shape.email.safeParse(email);
    if (!checked.success) {
      setError(localize(formIssue(checked.error.issues[0])));
      return;
    }
    setError(undefined);
    requestReset.mutate(checked.data, {
      onSuccess: () => {
        setSentTo(checked.data);
        notify.success(t.resetEmailSent, t.resetEmailSentText);
      },
      onError: (failure) => {
        setError(firstFieldErrors(failure).email);
        notify.error(t.resetFailed, t.unableToSendReset);
      },
    });
  }

  if (sentTo) {
    return (
      <AuthCard
        icon={MailCheck}
        tone="success"
        title={t.checkYourEmail}
        description={
          <>
            {t.resetSentBefore}<strong dir="ltr" className="font-semibold break-all text-slate-900">{sentTo}</strong>{t.resetSentAfter}
          </>
        }
      >
        <div className="space-y-3">
          <p className="text-center text-sm text-slate-500">{t.noEmail}</p>
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            onClick={() => {
              setSentTo(null);
              requestReset.reset();
            }}
          >
            {t.tryDifferentEmail}
          </Button>
          <BackToLogin />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={KeyRound}
      title={t.forgotTitle}
      description={t.forgotIntro}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField
          label={t.emailAddress}
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
          {requestReset.isPending ? t.sending : t.sendResetLink}
        </Button>
        <BackToLogin />
      </form>
    </AuthCard>
  );
}
