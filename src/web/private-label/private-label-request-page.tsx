import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../layout/page-title.tsx';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { PrivateLabelRequest } from '#contracts/private-label';
import { OPEN_PRIVATE_LABEL_STATUSES } from '#contracts/private-label';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextAreaField } from '../components/ui/text-area-field.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { useErrorText } from '../lib/error-text.ts';
import { myRequestQuery, useAskForChanges, useCancelRequest, useUploadArtwork } from './private-label.api.ts';
import { PrivateLabelApproval } from './private-label-approval.tsx';
import { PrivateLabelPayment } from './private-label-payment.tsx';
import { PrivateLabelStatusBadge, ProofList, RequestItems, RequestMarking, sectionClasses, Timeline } from './private-label-parts.tsx';
import { useFieldError } from './use-field-error.ts';

const isOpen = (request: PrivateLabelRequest) => (OPEN_PRIVATE_LABEL_STATUSES as readonly string[]).includes(request.status);

/** The buyer's decision on the proof sent: ask for changes with a comment, or approve and place the order. */
function Decision({ request }: { request: PrivateLabelRequest }) {
  const { t } = useTranslation('private-label');
  const f = useFormat();
  const errorText = useErrorText();
  const changes = useAskForChanges();
  const [comment, setComment] = useState('');
  const fieldError = useFieldError(changes.error);
  const version = request.proofs.at(-1)?.version ?? 1;
  const ask = async () => {
    try {
      await changes.mutateAsync({ id: request.id, comment });
      setComment('');
      notify.success(t('changesSent'));
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <section aria-labelledby="decide-heading" className={`${sectionClasses} space-y-5`}>
      <h2 id="decide-heading" className="text-lg font-bold text-slate-900">{t('decide', { version: f.number(version) })}</h2>
      <div className="space-y-3">
        <TextAreaField label={t('changesLabel')} value={comment} rows={3} onChange={(event) => setComment(event.target.value)} error={fieldError('comment')} />
        <Button variant="secondary" onClick={() => void ask()} disabled={changes.isPending}>{t('askChanges')}</Button>
      </div>
      <div className="border-t border-slate-100 pt-5"><PrivateLabelApproval request={request} /></div>
    </section>
  );
}

function Artwork({ request }: { request: PrivateLabelRequest }) {
  const { t } = useTranslation('private-label');
  const errorText = useErrorText();
  const upload = useUploadArtwork();
  const input = useRef<HTMLInputElement>(null);
  const send = async (file: File | undefined) => {
    if (!file) return;
    try {
      await upload.mutateAsync({ id: request.id, file });
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <>
      <input ref={input} type="file" hidden accept=".svg,.pdf,.png" aria-label={t('artworkChoose')} onChange={(event) => void send(event.target.files?.[0])} />
      <Button variant="secondary" size="sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
        {request.artwork ? t('replaceArtwork') : t('uploadArtwork')}
      </Button>
    </>
  );
}

/** /profile/private-label/:id: the request, its quote, proofs with their versions, the decision and the timeline. */
export function PrivateLabelRequestPage() {
  const { t } = useTranslation('private-label');
  const f = useFormat();
  const errorText = useErrorText();
  const rawId = useParams().id ?? '';
  const id = Number(rawId);
  const request = useQuery(myRequestQuery(id));
  const cancel = useCancelRequest();
  const title = <PageTitle>{t('requestTitle', { number: request.data?.number ?? `PL-${rawId}` })}</PageTitle>;
  if (request.isError) return <div className="mx-auto max-w-4xl px-4 py-8">{title}<ErrorState title={t('loadFailed')} error={request.error} onRetry={() => void request.refetch()} retrying={request.isFetching} /></div>;
  if (request.isPending) return <div className="mx-auto max-w-4xl px-4 py-8">{title}<Skeleton className="h-80" /></div>;
  const pl = request.data;
  return (
    <div className="mx-auto max-w-4xl space-y-5 px-4 py-8 sm:px-6 lg:px-8">
      {title}
      <Link to="/profile/private-label" className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ms-3' })}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" /> {t('back')}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('requestTitle', { number: pl.number })}</h1>
          <p className="text-sm text-slate-600">{t('requestedOn', { date: f.date(pl.created_at) })} · {pl.requested_by.name}</p>
        </div>
        <PrivateLabelStatusBadge status={pl.status} />
      </div>
      {pl.order && <p className="text-sm"><Link to="/orders" className="font-medium text-brand-700 hover:underline">{t('order', { number: pl.order.order_number })}</Link></p>}
      {pl.decline_reason && <p className="text-sm text-red-700">{t('declineReason', { reason: pl.decline_reason })}</p>}
      {!pl.can_decide && <p className="text-sm text-slate-600">{t('readOnly')}</p>}
      <section className={`${sectionClasses} space-y-3`}>
        <RequestMarking request={pl} />
        {pl.can_decide && isOpen(pl) && <Artwork request={pl} />}
      </section>
      <RequestItems request={pl} />
      <ProofList request={pl} />
      {pl.can_decide && pl.status === 'proof_sent' && <Decision request={pl} />}
      <PrivateLabelPayment request={pl} />
      <Timeline request={pl} />
      {pl.can_decide && isOpen(pl) && (
        <Button variant="ghost" disabled={cancel.isPending} onClick={() => void cancel.mutateAsync(pl.id).then(() => notify.success(t('cancelled')), (error: unknown) => notify.error(errorText(error)))}>
          {t('cancel')}
        </Button>
      )}
    </div>
  );
}
