import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, CircleX, LoaderCircle, Mail } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { ApiError } from '../lib/api.ts';
import { AuthCard } from './auth-card.tsx';
import { useVerifyEmailMutation } from './auth.api.ts';
import { useCurrentUser } from './use-current-user.ts';

function VerificationFailed({ reason }: { reason: string }) {
  return (
    <AuthCard icon={CircleX} tone="danger" title="Verification Failed" description={reason}>
      <div className="space-y-3">
        <p className="text-center text-sm text-slate-500">Verification links are valid for 24 hours and can be used once.</p>
        <Link to="/login" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          Go to Login
        </Link>
        <p className="text-center text-sm text-slate-600">
          Never finished signing up?{' '}
          <Link to="/register" className="font-semibold text-brand-700 hover:underline">
            Register again
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const verify = useVerifyEmailMutation();
  const { user } = useCurrentUser();
  const started = useRef<string | null>(null);
  const { mutateAsync } = verify;

  useEffect(() => {
    // A verification token works once: never send it twice, not even when effects run twice in development.
    if (!token || started.current === token) return;
    started.current = token;
    mutateAsync(token).then(
      () => notify.success('Email verified'),
      (error: unknown) => {
        if (error instanceof ApiError && error.status < 500) notify.error('Verification failed', 'Invalid or expired verification token');
        else notify.error('Verification error', 'Unable to verify email');
      },
    );
  }, [token, mutateAsync]);

  if (!token) return <VerificationFailed reason="Invalid or missing verification token" />;
  if (verify.isError) return <VerificationFailed reason="Email verification failed. The link may be invalid or expired." />;

  if (verify.isSuccess) {
    return (
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title="Email Verified Successfully!"
        description="Your email address is confirmed and your account is fully active."
      >
        {user ? (
          <Link to="/" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
            Start Shopping
          </Link>
        ) : (
          <Link to="/login" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
            Sign In Now
          </Link>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={Mail}
      title="Verifying your email…"
      description="This takes a moment. Verification links are valid for 24 hours."
    >
      <div role="status" className="flex justify-center">
        <LoaderCircle aria-hidden="true" className="h-6 w-6 animate-spin text-brand-700 motion-reduce:animate-none" />
        <span className="sr-only">Verifying your email</span>
      </div>
    </AuthCard>
  );
}
