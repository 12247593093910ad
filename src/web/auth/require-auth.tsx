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

  return (
    <AuthCard
      icon={MailWarning}
      tone="warning"
      title="Email Verification Required"
      description={
        <>
          Please check your inbox at <strong className="font-semibold break-all text-slate-900">{email}</strong> and open the
          verification link we sent you to use this page.
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
              onError: (error) => notify.error('Unable to resend verification email', error.message),
            })
          }
        >
          {resend.isPending ? 'Sending…' : 'Resend verification email'}
        </Button>
        <p role="status" className="text-center text-sm text-emerald-700">
          {sent && 'A new verification link is on its way. It is valid for 24 hours.'}
        </p>
      </div>
    </AuthCard>
  );
}

/** Shown while the stored session is being checked. */
export function CheckingAccountCard() {
  return (
    <AuthCard icon={ShieldCheck} title="Checking your account…">
      <div role="status" className="flex justify-center">
        <LoaderCircle aria-hidden="true" className="h-6 w-6 animate-spin text-brand-700 motion-reduce:animate-none" />
        <span className="sr-only">Checking your account</span>
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
        title="Access Denied"
        description={
          <>
            <p>This page requires a {accountTypes.join(' or ')} account type.</p>
            <p className="mt-1">Your account type is {user.accountType}.</p>
          </>
        }
      >
        <Link to="/" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          Back to home
        </Link>
      </AuthCard>
    );
  }

  if (verified && !user.isVerified) return <EmailVerificationRequired email={user.email} />;

  return children ?? <Outlet />;
}
