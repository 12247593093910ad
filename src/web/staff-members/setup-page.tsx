import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { CircleCheck, Store } from 'lucide-react';
import { setupShop } from '#contracts/staff-members';
import { AuthCard } from '../auth/auth-card.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { isApiError } from '../lib/api.ts';
import { ACCOUNT_FORM_NAMESPACES, StaffAccountForm } from './staff-account-form.tsx';
import { setupStatusQuery, useSetUpShop } from './staff-members.api.ts';
import { useErrorText } from '../lib/error-text.ts';

function AlreadySetUp() {
  const { t } = useTranslation('staff-members');
  return (
    <AuthCard icon={CircleCheck} tone="success" title={t('alreadySetUp')} description={t('alreadySetUpText')}>
      <Link to="/login" className={buttonClasses({ size: 'lg', className: 'w-full' })}>{t('signIn')}</Link>
    </AuthCard>
  );
}

/** /setup: an empty shop's first owner signs up here, once; afterwards it says so and points to sign-in. */
export function SetupPage() {
  const { t } = useTranslation(['staff-members', ...ACCOUNT_FORM_NAMESPACES]);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const status = useQuery(setupStatusQuery());
  const setUp = useSetUpShop();

  if (status.isPending) {
    return <AuthCard icon={Store} title={t('setupPageTitle')} description={t('checkingSetup')}><Skeleton className="h-48 w-full" /></AuthCard>;
  }
  if (status.isError) {
    return <ErrorState title={t('setupLoadFailed')} error={status.error} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  }
  if (!status.data.needed) return <AlreadySetUp />;

  return (
    <AuthCard icon={Store} width="lg" title={t('setupPageTitle')} description={t('setupIntro')}>
      <StaffAccountForm
        submitLabel={t('createOwner')}
        pendingLabel={t('creating')}
        pending={setUp.isPending}
        onSubmit={(body, showFieldErrors) => setUp.mutate(body, {
          onSuccess: () => {
            notify.success(t('setupDone'), t('setupDoneText'));
            navigate('/staff/members', { replace: true });
          },
          onError: (error) => {
            if (isApiError(error, setupShop, 'ALREADY_SET_UP')) void status.refetch();
            else showFieldErrors(error);
            notify.error(t('setupFailed'), errorText(error));
          },
        })}
      />
    </AuthCard>
  );
}
