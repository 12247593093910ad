import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import type { CurrentUser } from '../auth/normalize-user.ts';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { myOrganisationQuery, useSubmitOrganisation } from './organisations.api.ts';
import { OrganisationStatusBadge } from './status-badge.tsx';
import { useErrorText } from '../lib/error-text.ts';

/** Saving a new hospital name or licence number sends the organisation back for review: show that at once. */
function useRefetchOnChange(details: string) {
  const queryClient = useQueryClient();
  const seen = useRef(details);
  useEffect(() => {
    if (seen.current === details) return;
    seen.current = details;
    void queryClient.invalidateQueries({ queryKey: myOrganisationQuery().queryKey });
  }, [details, queryClient]);
}

/** The verification of a business account's organisation, on the Profile tab; nothing for individual accounts. */
export function OrganisationStatus({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('organisations');
  const errorText = useErrorText();
  const f = useFormat();
  const business = user.accountType === 'business';
  const query = useQuery({ ...myOrganisationQuery(), enabled: business });
  const submit = useSubmitOrganisation();
  useRefetchOnChange(`${user.profile.hospital_name ?? ''}\n${user.profile.license_number ?? ''}`);
  if (!business) return null;

  const requestReview = () => submit.mutate(undefined, {
    onSuccess: () => notify.success(t('reviewRequested'), t('reviewRequestedText')),
    onError: (error) => notify.error(t('requestFailed'), errorText(error)),
  });
  const organisation = query.data;

  return (
    <section aria-labelledby="organisation-heading" className="mb-6 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="organisation-heading" className="flex items-center gap-2 font-semibold text-slate-900">
          <BadgeCheck aria-hidden="true" className="h-5 w-5 text-brand-700" /> {t('organisationHeading')}
        </h2>
        {organisation && <OrganisationStatusBadge status={organisation.status} />}
      </div>
      <p className="mt-1 text-sm text-slate-600">{t('organisationIntro')}</p>
      {query.isPending ? (
        <Skeleton className="mt-3 h-10" />
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">{t('loadFailed')}</p>
      ) : (
        <div className="mt-3 space-y-2 text-sm text-slate-700">
          {!organisation && <p>{t('notSubmitted')}</p>}
          {organisation?.status === 'pending' && <p>{t('pendingText', { date: f.date(organisation.submitted_at) })}</p>}
          {organisation?.status === 'verified' && organisation.reviewed_at && <p>{t('verifiedText', { date: f.date(organisation.reviewed_at) })}</p>}
          {organisation?.status === 'rejected' && (
            <>
              <p className="font-medium text-slate-900">{t('rejectedText')}</p>
              {organisation.rejection_reason && <p>{t('reason', { text: organisation.rejection_reason })}</p>}
              <p>{t('fixAndResubmit')}</p>
            </>
          )}
          {(!organisation || organisation.status === 'rejected') && (
            <Button size="sm" variant="secondary" disabled={submit.isPending} onClick={requestReview}>
              {submit.isPending ? t('requesting') : t('requestReview')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
