import { useTranslation } from 'react-i18next';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation, type Location } from 'react-router';
import { LoaderCircle, MailWarning, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { AuthCard } from './auth-card.tsx';
import { useResendVerificationMutation } from './auth.api.ts';
import type { AccountType } from './normalize-user.ts';
import type { RedirectState } from './redirect-target.ts';
import { useCurrentUser } from './use-current-user.ts';
import { useErrorText } from '../lib/error-text.ts';

export interface RequireAuthOptions {
  /** Only these account types may see the page. */
  accountTypes?: readonly AccountType[];
  /** The user's email must be verified. */
  verified?: boolean;
  /** Where signed-out visitors go; /login by default. */
  redirectTo?: string;
}

function EmailVerificationRequired({ email }: { email: string }) {
  const resend = useResendVerificationMutation();
  const [sent, setSent] = useState(false);
  const { t } = useTranslation('auth');
  const errorText = useErrorText();

  return (
    <AuthCard
      icon={MailWarning}
      tone="warning"
      title={t('verificationRequired')}
      description={
        <>
          {t('checkInboxBefore')}<strong dir="ltr" className="font-semibold break-all text-slate-900">{email}</strong>{t('checkInboxAfter')}
        </>
      }
    >
      <div className="space-y-3">
        <Button
          variant="secondary"
          size="lg"
          className="w-full"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => setSent(true),
              onError: (error) => notify.error(t('unableToResend'), errorText(error)),
            })
          }
        >
          {resend.isPending ? t('sending') : t('resendVerification')}
        </Button>
        <p role="status" className="text-center text-sm text-emerald-700">
          {sent && t('verificationResent')}
        </p>
      </div>
    </AuthCard>
  );
}

/** Shown while the stored session is being checked. */
export function CheckingAccountCard() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard icon={ShieldCheck} title={t('checkingAccountTitle')}>
      <div role="status" className="flex justify-center">
        <LoaderCircle aria-hidden="true" className="h-6 w-6 animate-spin text-brand-700 motion-reduce:animate-none" />
        <span className="sr-only">{t('checkingAccount')}</span>
      </div>
    </AuthCard>
  );
}

/** Where sign-in should return to: the page being shown now. */
export function returnState(location: Location): RedirectState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/** Shows its children (or the child routes) only to a signed-in user who meets the options. */
export function RequireAuth({ accountTypes, verified = false, redirectTo = '/login', children }: RequireAuthOptions & { children?: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  const { t } = useTranslation('auth');

  if (isLoading) {
    return <CheckingAccountCard />;
  }

  if (!user) {
    return <Navigate to={redirectTo} replace state={returnState(location)} />;
  }

  if (accountTypes && accountTypes.length > 0 && !accountTypes.includes(user.accountType)) {
    return (
      <AuthCard
        icon={ShieldAlert}
        tone="danger"
        title={t('accessDenied')}
        description={
          <>
            <p>{t('requiresAccountType', { types: accountTypes.map((type) => t('typeName', { context: type })).join(t('or')) })}</p>
            <p className="mt-1">{t('yourAccountType', { type: t('typeName', { context: user.accountType }) })}</p>
          </>
        }
      >
        <Link to="/" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          {t('backToHome')}
        </Link>
      </AuthCard>
    );
  }

  if (verified && !user.isVerified) return <EmailVerificationRequired email={user.email} />;

  return children ?? <Outlet />;
}
