import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { LinkIcon, UserPlus } from 'lucide-react';
import { AuthCard } from '../auth/auth-card.tsx';
import type { CurrentUser } from '../auth/normalize-user.ts';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { staffPagesFor } from '../staff/staff-pages.ts';
import { ACCOUNT_FORM_NAMESPACES, StaffAccountForm } from './staff-account-form.tsx';
import { staffInviteQuery, useAcceptInvite } from './staff-members.api.ts';
import { useErrorText } from '../lib/error-text.ts';

/** Where a staff member starts: the first screen of their role, or their account. */
export const staffHome = (user: CurrentUser): string => staffPagesFor(user)[0]?.to ?? '/account';

function LinkUsed() {
  const { t } = useTranslation('staff-members');
  return <AuthCard icon={LinkIcon} tone="danger" title={t('linkUsed')} description={t('linkUsedHelp')} />;
}

function AcceptInvite({ token }: { token: string }) {
  const { t } = useTranslation('staff-members');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const invite = useQuery(staffInviteQuery(token));
  const accept = useAcceptInvite();

  if (invite.isPending) {
    return <AuthCard icon={UserPlus} title={t('inviteTitle')} description={t('checkingLink')}><Skeleton className="h-48 w-full" /></AuthCard>;
  }
  if (invite.isError) {
    return <ErrorState title={t('acceptFailed')} error={invite.error} onRetry={() => void invite.refetch()} retrying={invite.isFetching} />;
  }
  const { valid, email } = invite.data;
  if (!valid || !email) return <LinkUsed />;

  return (
    <AuthCard icon={UserPlus} title={t('inviteTitle')} description={t('inviteIntro', { email })}>
      <StaffAccountForm
        email={email}
        submitLabel={t('accept')}
        pendingLabel={t('accepting')}
        pending={accept.isPending}
        onSubmit={({ email: _email, ...account }, showFieldErrors) => accept.mutate({ ...account, token }, {
          onSuccess: (user) => {
            notify.success(t('welcome'), t('welcomeText', { email: user.email }));
            navigate(staffHome(user), { replace: true });
          },
          onError: (error) => {
            showFieldErrors(error);
            notify.error(t('acceptFailed'), errorText(error));
            void invite.refetch();
          },
        })}
      />
    </AuthCard>
  );
}

/** /staff/invite?token=: an invited member sets their name and password, and lands signed in on their first screen. */
export function StaffInvitePage() {
  useTranslation(['staff-members', ...ACCOUNT_FORM_NAMESPACES]);
  const token = useSearchParams()[0].get('token');
  return token ? <AcceptInvite token={token} /> : <LinkUsed />;
}
