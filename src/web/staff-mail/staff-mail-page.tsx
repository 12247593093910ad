import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Mail, RotateCw } from 'lucide-react';
import { mailStatuses, resendMail, type MailStatus, type OutboxMail } from '#contracts/staff-mail';
import { staffAccess } from '#contracts/staff-roles';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { PageHeader } from '../components/ui/page-header.tsx';
import { SelectField } from '../components/ui/select-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { StepPager } from '../components/ui/step-pager.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { isApiError } from '../lib/api.ts';
import { useUrlFilters } from '../lib/use-url-filters.ts';
import { StaffOnly } from '../staff/staff-only.tsx';
import { staffMailQuery, useResendMail } from './staff-mail.api.ts';
import { useErrorText } from '../lib/error-text.ts';

const STATUS_TONES: Record<MailStatus, BadgeTone> = { pending: 'warning', sending: 'brand', sent: 'success', failed: 'danger' };

/** What causes the shop's mail; a kind not listed here is shown as the server names it. */
const MAIL_KINDS = [
  'verification', 'password_reset', 'staff_invite', 'order', 'quote', 'recall', 'licence', 'back_in_stock', 'contact',
  'organisation', 'organisation_invite', 'shipment', 'return', 'cart_reminder', 'standing_order',
  'private_label',
] as const;
type MailKind = (typeof MAIL_KINDS)[number];
const isKnownKind = (kind: string): kind is MailKind => (MAIL_KINDS as readonly string[]).includes(kind);

/** A failed mail, or one still waiting, may be sent again; a sent one or one going out right now may not. */
const mayResend = (status: MailStatus) => status === 'failed' || status === 'pending';

/** One mail: subject, recipient, cause, status, attempts, when it was written and, if it has one, its last error. */
function MailCard({ mail }: { mail: OutboxMail }) {
  const { t } = useTranslation('staff-mail');
  const errorText = useErrorText();
  const f = useFormat();
  const resend = useResendMail();
  const sendAgain = () => resend.mutate(mail.id, {
    onSuccess: () => notify.success(t('resent'), t('resentText', { to: mail.to })),
    onError: (error) => notify.error(t('resendFailed'),
      isApiError(error, resendMail, 'ALREADY_SENT') ? t('alreadySent') : errorText(error)),
  });
  const term = 'text-slate-500';
  return (
    <li data-testid="outbox-mail">
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={STATUS_TONES[mail.status]}>{t(`statuses.${mail.status}`)}</Badge>
            <DataText as="p" className="min-w-0 wrap-break-word font-semibold text-slate-900">{mail.subject}</DataText>
          </div>
          <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <div className="flex min-w-0 gap-1.5">
              <dt className={term}>{t('to')}:</dt>
              <dd className="min-w-0 wrap-anywhere text-slate-800"><DataText>{mail.to}</DataText></dd>
            </div>
            <div className="flex gap-1.5">
              <dt className={term}>{t('kind')}:</dt>
              <dd className="text-slate-800">{isKnownKind(mail.kind) ? t(`kinds.${mail.kind}`) : <DataText>{mail.kind}</DataText>}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt className={term}>{t('created')}:</dt>
              <dd className="text-slate-800"><time dateTime={mail.createdAt}>{f.dateTime(mail.createdAt)}</time></dd>
            </div>
            <div className="flex gap-1.5">
              <dt className={term}>{t('attempts')}:</dt>
              <dd className="text-slate-800">{f.number(mail.attempts)}</dd>
            </div>
          </dl>
          {mail.lastError && mail.status !== 'sent' && (
            <div className="mt-2 rounded-md bg-red-50 p-2 text-sm">
              <p className="font-medium text-red-900">{t('lastError')}</p>
              <DataText as="p" className="mt-0.5 wrap-anywhere font-mono text-xs text-red-800">{mail.lastError}</DataText>
            </div>
          )}
        </div>
        {mayResend(mail.status) && (
          <Button size="sm" variant="secondary" className="self-start" disabled={resend.isPending} onClick={sendAgain}>
            <RotateCw aria-hidden="true" className={resend.isPending ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
            {resend.isPending ? t('sendingAgain') : t('sendAgain')}
          </Button>
        )}
      </Card>
    </li>
  );
}

function StaffMail() {
  const { t } = useTranslation('staff-mail');
  const { params, page, setFilters, goTo } = useUrlFilters<'status'>();
  const chosen = params.get('status') ?? '';
  const status = (mailStatuses as readonly string[]).includes(chosen) ? chosen as MailStatus : '';
  const mail = useQuery(staffMailQuery(status, page));
  const pages = mail.data ? Math.max(1, Math.ceil(mail.data.count / mail.data.pageSize)) : 1;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <PageHeader icon={Mail} title={t('heading')} intro={t('intro')} />
      <form role="search" aria-label={t('filters')} className="mt-6 max-w-sm" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={t('status')}
          hint={t('statusHint')}
          value={status}
          onChange={(event) => setFilters({ status: event.target.value })}
          options={[{ value: '', label: t('allStatuses') }, ...mailStatuses.map((value) => ({ value, label: t(`statuses.${value}`) }))]}
        />
      </form>

      {mail.isError ? (
        <div className="mt-6"><ErrorState title={t('loadFailed')} error={mail.error} onRetry={() => void mail.refetch()} retrying={mail.isFetching} /></div>
      ) : mail.isPending ? (
        <Skeleton className="mt-6 h-40 w-full" />
      ) : (
        <>
          <p role="status" className="mt-4 text-sm text-slate-600">{t('mails', { count: mail.data.count })}</p>
          {mail.data.results.length > 0 ? (
            <ol className="mt-3 space-y-3">{mail.data.results.map((item) => <MailCard key={item.id} mail={item} />)}</ol>
          ) : (
            <p className="mt-3 rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">{t('empty')}</p>
          )}
          <StepPager page={page} pages={pages} onPage={goTo} className="mt-6 justify-center"
            texts={{ label: t('pages'), back: t('newer'), forward: t('older'), position: t('pageOf', { page, pages }) }} />
        </>
      )}
    </div>
  );
}

/** /staff/mail: the shop's outgoing mail by status, for support and the owner; failed or waiting mail can be sent again. */
export function StaffMailPage() {
  const { t } = useTranslation('staff-mail');
  return <StaffOnly access={staffAccess.mail} reason={t('staffOnly')}><StaffMail /></StaffOnly>;
}
