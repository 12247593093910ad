import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, CircleX, LoaderCircle, Mail } from 'lucide-react';
import { buttonClasses } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { ApiError } from '../lib/api.ts';
import { AuthCard } from './auth-card.tsx';
import { useVerifyEmailMutation } from './auth.api.ts';
import { useCurrentUser } from './use-current-user.ts';
import { i18n } from '../i18n/i18n.ts';

function VerificationFailed({ reason }: { reason: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard icon={CircleX} tone="danger" title={t('verificationFailed')} description={reason}>
      <div className="space-y-3">
        <p className="text-center text-sm text-slate-500">{t('verificationLinkRules')}</p>
        <Link to="/login" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          {t('goToLogin')}
        </Link>
        <p className="text-center text-sm text-slate-600">
          {t('neverFinished')}{' '}
          <Link to="/register" className="font-semibold text-brand-700 hover:underline">
            {t('registerAgain')}
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
  const { t } = useTranslation('auth');

  useEffect(() => {
    // A verification token works once: never send it twice, not even when effects run twice in development.
    if (!token || started.current === token) return;
    started.current = token;
    mutateAsync(token).then(
      // The toasts come once, when the answer arrives, in the language showing then.
      () => notify.success(i18n.getFixedT(null, 'auth')('emailVerifiedToast')),
      (error: unknown) => {
        const now = i18n.getFixedT(null, 'auth');
        if (error instanceof ApiError && error.status < 500) notify.error(now('verificationFailedToast'), now('invalidVerificationToken'));
        else notify.error(now('verificationError'), now('unableToVerify'));
      },
    );
  }, [token, mutateAsync]);

  if (!token) return <VerificationFailed reason={t('missingVerificationToken')} />;
  if (verify.isError) return <VerificationFailed reason={t('verificationLinkFailed')} />;

  if (verify.isSuccess) {
    return (
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title={t('verifiedTitle')}
        description={t('verifiedText')}
      >
        {user ? (
          <Link to="/" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
            {t('startShopping')}
          </Link>
        ) : (
          <Link to="/login" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
            {t('signInNow')}
          </Link>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={Mail}
      title={t('verifyingTitle')}
      description={t('verifyingText')}
    >
      <div role="status" className="flex justify-center">
        <LoaderCircle aria-hidden="true" className="h-6 w-6 animate-spin text-brand-700 motion-reduce:animate-none" />
        <span className="sr-only">{t('verifying')}</span>
      </div>
    </AuthCard>
  );
}
