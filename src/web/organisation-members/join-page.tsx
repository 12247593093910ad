import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Building2, CircleX, LinkIcon } from 'lucide-react';
import type { OrganisationRole } from '#contracts/organisation-members';
import { AuthCard } from '../auth/auth-card.tsx';
import type { RedirectState } from '../auth/redirect-target.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Button } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { ApiError } from '../lib/api.ts';
import { ACCOUNT_FORM_NAMESPACES, StaffAccountForm } from '../staff-members/staff-account-form.tsx';
import { organisationInviteQuery, useAcceptOrganisationInvite, useDeclineOrganisationInvite } from './organisation-members.api.ts';
import { useRoleTexts } from './role-texts.ts';
import { useErrorText } from '../lib/error-text.ts';

export const ORGANISATION_PATH = '/profile/organisation';

function LinkUsed() {
  const { t } = useTranslation('organisation-members');
  return <AuthCard icon={LinkIcon} tone="danger" title={t('linkUsed')} description={t('linkUsedHelp')} />;
}

/**
 * Who is invited and as what: the email in its own direction (unless the account form below shows it), the role with
 * the line saying what it does.
 */
function Invitation({ email, role }: { email?: string; role: OrganisationRole }) {
  const { t } = useTranslation('organisation-members');
  const roles = useRoleTexts();
  return (
    <dl className="mb-6 space-y-3 rounded-lg bg-slate-50 px-4 py-3 text-start text-sm">
      {email && (
        <div>
          <dt className="font-medium text-slate-500">{t('email')}</dt>
          <dd><DataText className="block font-semibold break-all text-slate-900">{email}</DataText></dd>
        </div>
      )}
      <div>
        <dt className="font-medium text-slate-500">{t('role')}</dt>
        <dd className="text-slate-700"><span className="font-semibold text-slate-900">{roles.name(role)}</span> · {roles.explanation(role)}</dd>
      </div>
    </dl>
  );
}

/** Turning the invitation down, for anyone holding the link, account or not; the page then says it is done. */
function DeclineButton({ token, onDeclined }: { token: string; onDeclined: (organisation: string) => void }) {
  const { t } = useTranslation('organisation-members');
  const errorText = useErrorText();
  const decline = useDeclineOrganisationInvite();
  const click = () => decline.mutate(token, {
    onSuccess: ({ organisation }) => onDeclined(organisation),
    onError: (error) => notify.error(t('declineFailed'), error instanceof ApiError && error.status === 400 ? t('linkUsed') : errorText(error)),
  });
  return (
    <Button variant="ghost" size="lg" className="w-full" disabled={decline.isPending} onClick={click}>
      {decline.isPending ? t('declining') : t('decline')}
    </Button>
  );
}

function Declined({ organisation }: { organisation: string }) {
  const { t } = useTranslation('organisation-members');
  return <AuthCard icon={CircleX} title={t('declinedTitle')} description={t('declinedText', { organisation })} />;
}

function JoinInvitation({ token }: { token: string }) {
  const { t } = useTranslation('organisation-members');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const roles = useRoleTexts();
  const invite = useQuery(organisationInviteQuery(token));
  const accept = useAcceptOrganisationInvite();
  const [declined, setDeclined] = useState<string | null>(null);

  if (declined) return <Declined organisation={declined} />;

  if (invite.isPending) {
    return <AuthCard icon={Building2} title={t('joinPageTitle')} description={t('checkingLink')}><Skeleton className="h-48 w-full" /></AuthCard>;
  }
  // A token the contract refuses outright (too long, say) is a spent link like any other.
  if (invite.isError && !(invite.error instanceof ApiError && invite.error.status === 400)) {
    return <ErrorState title={t('joinFailed')} error={invite.error} onRetry={() => void invite.refetch()} retrying={invite.isFetching} />;
  }
  const { valid, email, organisation, role, needs_account: needsAccount, member_elsewhere: elsewhere } = invite.data ?? {};
  if (!valid || !email || !organisation || !role) return <LinkUsed />;

  const welcome = (text: string) => notify.success(t('welcome', { organisation }), text);
  // A spent link (400 on the token) is said by the card the look-up then turns into.
  const failed = (error: Error) => {
    notify.error(t('joinFailed'), error instanceof ApiError && error.status === 400 ? undefined : errorText(error));
    void invite.refetch();
  };
  const signedInAsInvited = user?.email.toLowerCase() === email.toLowerCase();

  const join = () => accept.mutate({ token }, {
    onSuccess: (joined) => {
      const roleName = roles.name(joined.role);
      if (signedInAsInvited) {
        welcome(t('welcomeText', { role: roleName }));
        void navigate(ORGANISATION_PATH, { replace: true });
      } else {
        welcome(`${t('welcomeText', { role: roleName })} ${t('welcomeSignIn')}`);
        const state: RedirectState = { from: { pathname: ORGANISATION_PATH } };
        void navigate('/login', { replace: true, state });
      }
    },
    onError: failed,
  });

  const decline = <DeclineButton token={token} onDeclined={setDeclined} />;
  return (
    <AuthCard icon={Building2} title={t('joinTitle', { organisation })} description={t('invitedIntro', { organisation })}>
      <Invitation email={needsAccount ? undefined : email} role={role} />
      {elsewhere ? (
        <div className="space-y-3">
          <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-start text-sm text-amber-900">{t('memberElsewhere', { organisation })}</p>
          {decline}
        </div>
      ) : needsAccount ? (
        <>
          <p className="mb-5 text-sm text-slate-600">{t('newAccount')}</p>
          <StaffAccountForm
            email={email}
            submitLabel={t('joinAndSignIn')}
            pendingLabel={t('joining')}
            pending={accept.isPending}
            onSubmit={({ email: _email, ...account }, showFieldErrors) => accept.mutate({ ...account, token }, {
              onSuccess: (joined) => {
                welcome(t('welcomeText', { role: roles.name(joined.role) }));
                void navigate(ORGANISATION_PATH, { replace: true });
              },
              onError: (error) => {
                const onFields = showFieldErrors(error) && !(error instanceof ApiError && error.fieldErrors.token);
                if (!onFields) failed(error);
              },
            })}
          />
          <div className="mt-3 border-t border-slate-100 pt-3">{decline}</div>
        </>
      ) : (
        <div className="space-y-3">
          {!signedInAsInvited && <p className="text-sm text-slate-600">{user ? t('signedInAsOther') : t('signInAfter')}</p>}
          <Button size="lg" className="w-full" disabled={accept.isPending} onClick={join}>
            {accept.isPending ? t('joining') : t('join', { organisation })}
          </Button>
          {decline}
        </div>
      )}
    </AuthCard>
  );
}

/**
 * /organisation/join?token= (reachable signed out): the mailed invitation. An address without an account chooses a
 * name and password and lands signed in on the organisation page; an existing account joins with a button; anyone
 * may decline instead, and an account that belongs elsewhere can only decline.
 */
export function JoinPage() {
  useTranslation(['organisation-members', ...ACCOUNT_FORM_NAMESPACES]);
  const token = useSearchParams()[0].get('token');
  return token ? <JoinInvitation token={token} /> : <LinkUsed />;
}
