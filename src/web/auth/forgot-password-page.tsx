import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { requestPasswordReset } from '#contracts/auth';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { AuthCard } from './auth-card.tsx';
import { useRequestPasswordResetMutation } from './auth.api.ts';
import { useContractForm } from '../forms/use-contract-form.ts';

function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Link to="/login" className={buttonClasses({ variant: 'ghost', className: 'w-full' })}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" /> {t('backToLogin')}
    </Link>
  );
}

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordResetMutation();
  const { t } = useTranslation('auth');
  const form = useContractForm(requestPasswordReset.body, { defaultValues: { email: '' } });
  const { register, errorText } = form;
  const sentTo = requestReset.isSuccess ? requestReset.variables : null;

  const submit = form.handleSubmit(({ email }) =>
    requestReset.mutate(email, {
      onSuccess: () => notify.success(t('resetEmailSent'), t('resetEmailSentText')),
      onError: (failure) => {
        form.setServerErrors(failure);
        notify.error(t('resetFailed'), t('unableToSendReset'));
      },
    }),
  );

  if (sentTo) {
    return (
      <AuthCard
        icon={MailCheck}
        tone="success"
        title={t('checkYourEmail')}
        description={
          <>
            {t('resetSentBefore')}<strong dir="ltr" className="font-semibold break-all text-slate-900">{sentTo}</strong>{t('resetSentAfter')}
          </>
        }
      >
        <div className="space-y-3">
          <p className="text-center text-sm text-slate-500">{t('noEmail')}</p>
          <Button
            variant="secondary"
            size="lg"
            className="w-full"
            onClick={() => requestReset.reset()}
          >
            {t('tryDifferentEmail')}
          </Button>
          <BackToLogin />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={KeyRound}
      title={t('forgotTitle')}
      description={t('forgotIntro')}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField
          label={t('emailAddress')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...register('email')}
          error={errorText('email')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={requestReset.isPending}>
          {requestReset.isPending ? t('sending') : t('sendResetLink')}
        </Button>
        <BackToLogin />
      </form>
    </AuthCard>
  );
}
