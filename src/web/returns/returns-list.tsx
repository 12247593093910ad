import { useTranslation } from 'react-i18next';
import { FileDown, Truck } from 'lucide-react';
import { returnLabelFileName, type ReturnView } from '#contracts/returns';
import { notify } from '../components/ui/notify.ts';
import { downloadFile } from '../lib/download.ts';
import { DataText } from '../components/ui/data-text.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { CreditNoteLinks } from './credit-note-links.tsx';
import { useIsolated } from './isolated.ts';
import { ReturnStatusBadge } from './return-status-badge.tsx';

/** The carrier's label to print and stick on the parcel, saved with the session. */
function LabelLink({ url, rma }: { url: string; rma: string }) {
  const { t } = useTranslation('returns');
  return (
    <a
      href={url}
      download={returnLabelFileName(rma)}
      onClick={(event) => {
        event.preventDefault();
        downloadFile(url, returnLabelFileName(rma)).catch(() => notify.error(t('labelFailed'), t('labelFailedText')));
      }}
      className="inline-flex min-h-9 items-center gap-1 font-medium text-brand-700 underline"
    >
      <FileDown aria-hidden="true" className="h-4 w-4 shrink-0" />
      {t('printLabel')}
    </a>
  );
}

/** How the goods go back once approved: the carrier's label and tracking number, or where to drop them off. */
function ReturnShipping({ rma }: { rma: ReturnView }) {
  const { t } = useTranslation('returns');
  if (rma.label) {
    return (
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
        <Truck aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
        <span>{t('labelBy')} <DataText className="font-medium">{rma.label.carrier_name}</DataText></span>
        <span>{t('trackingNumber')}: <bdi dir="ltr" className="font-medium break-all">{rma.label.tracking_number}</bdi></span>
        {rma.label.pdf_url && <LabelLink url={rma.label.pdf_url} rma={rma.rma} />}
      </p>
    );
  }
  if (!rma.drop_off_instructions) return null;
  return (
    <div className="text-sm">
      <p className="font-semibold text-slate-800">{t('dropOff')}</p>
      <DataText as="p" className="whitespace-pre-line text-slate-700">{rma.drop_off_instructions}</DataText>
    </div>
  );
}

function ReturnCard({ rma }: { rma: ReturnView }) {
  const { t } = useTranslation('returns');
  const f = useFormat();
  const data = useIsolated();
  return (
    <article aria-label={t('returnLabel', { rma: rma.rma })} className="space-y-3 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <DataText as="p" className="font-semibold text-slate-900">{rma.rma}</DataText>
          <p className="text-xs text-slate-600">{t('requestedOn', { date: f.date(rma.created_at) })}</p>
        </div>
        <ReturnStatusBadge status={rma.status} />
      </div>
      <ul aria-label={t('returnLines', { rma: rma.rma })} className="space-y-1 text-sm text-slate-700">
        {rma.items.map((item) => (
          <li key={item.id}>
            {f.number(item.quantity)} × <DataText className="font-medium text-slate-900">{item.name}</DataText>
            {item.variant_label && <> · <DataText>{item.variant_label}</DataText></>}
            <span className="block text-xs text-slate-600">
              {t('reason', { context: item.reason })}
              {item.used && <> · {t('wasUsed')}</>}
              {item.exchange_variant_label && <> · {t('exchangeFor', { label: data(item.exchange_variant_label) })}</>}
            </span>
          </li>
        ))}
      </ul>
      {rma.rejection_reason && (
        <div className="rounded-md bg-red-50 p-2 text-sm text-red-900">
          <p className="font-semibold">{t('rejectedBecause')}</p>
          <DataText as="p">{rma.rejection_reason}</DataText>
        </div>
      )}
      <ReturnShipping rma={rma} />
      {rma.resolution && (
        <p className="text-sm text-slate-800">
          {t('resolution', { context: rma.resolution })}
          {rma.exchange_order_number && <> · {t('replacementOrder')} <DataText className="whitespace-nowrap font-medium">{rma.exchange_order_number}</DataText></>}
        </p>
      )}
      {/* An exchange gives goods back, not money: its "given back $0.00" would read as nothing given. */}
      {rma.resolution !== 'exchange' && (
        <dl aria-label={t('amounts', { rma: rma.rma })} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 border-t border-slate-100 pt-2 text-sm">
          <dt className="text-slate-600">{t('amountLines')}</dt>
          <dd className="text-end text-slate-900">{f.money(rma.amounts.lines, 'USD')}</dd>
          <dt className="text-slate-600">{t('amountFees')}</dt>
          <dd className="text-end text-slate-900">{f.money(rma.amounts.fees, 'USD')}</dd>
          <dt className="font-semibold text-slate-900">{t('amountTotal')}</dt>
          <dd className="text-end font-semibold text-slate-900">{f.money(rma.amounts.total, 'USD')}</dd>
        </dl>
      )}
      <CreditNoteLinks notes={rma.credit_notes} label={t('returnCreditNotes', { rma: rma.rma })} />
    </article>
  );
}

/** The order's returns, newest first; nothing before the first. */
export function ReturnsList({ returns }: { returns: ReturnView[] }) {
  const { t } = useTranslation('returns');
  if (returns.length === 0) return null;
  return (
    <div className="space-y-3">
      <h4 className="text-sm font-semibold text-slate-800">{t('yourReturns')}</h4>
      {returns.map((rma) => <ReturnCard key={rma.rma} rma={rma} />)}
    </div>
  );
}
