import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import type { PrivateLabelRequest, PrivateLabelStatus } from '#contracts/private-label';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { useFormat } from '../i18n/use-format.ts';

const TONES: Record<PrivateLabelStatus, BadgeTone> = {
  requested: 'neutral', quoted: 'brand', proof_sent: 'warning', changes_requested: 'warning', approved: 'success',
  in_production: 'brand', quality_check: 'brand', ready_to_ship: 'success', shipped: 'success', declined: 'danger', cancelled: 'neutral',
};

export function PrivateLabelStatusBadge({ status }: { status: PrivateLabelStatus }) {
  const { t } = useTranslation('private-label');
  return <Badge tone={TONES[status]}>{t(`status_${status}`)}</Badge>;
}

const section = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
export const sectionClasses = section;

/** The products and quantities, with the quoted prices and totals once quoted. */
export function RequestItems({ request }: { request: PrivateLabelRequest }) {
  const { t } = useTranslation('private-label');
  const f = useFormat();
  const usd = (amount: string) => f.money(amount, 'USD');
  const totals = request.totals;
  return (
    <section aria-labelledby="items-heading" className={section}>
      <h2 id="items-heading" className="text-lg font-bold text-slate-900">{t('items')}</h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {request.items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span className="min-w-0">
              <DataText className="font-medium text-slate-900">{item.product_name}</DataText>
              {item.variant_label && <span className="text-slate-600"> · <DataText>{item.variant_label}</DataText></span>}
              {' '}<DataText className="ms-1 text-xs text-slate-500">{item.model_number}</DataText>
            </span>
            <span className="text-sm text-slate-700">
              {f.number(item.quantity)}
              {item.unit_price && <> × {usd(item.unit_price)} = <strong className="text-slate-900">{usd(item.line_total!)}</strong></>}
            </span>
          </li>
        ))}
      </ul>
      {totals ? (
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 border-t border-slate-100 pt-3 text-sm">
          <dt className="text-slate-600">{t('leadTime')}</dt><dd className="text-end">{t('leadTimeDays', { count: request.lead_time_days ?? 0 })}</dd>
          <dt className="text-slate-600">{t('subtotal')}</dt><dd className="text-end">{usd(totals.subtotal)}</dd>
          <dt className="text-slate-600">{t('tax')}</dt><dd className="text-end">{usd(totals.tax_amount)}</dd>
          <dt className="text-slate-600">{t('shipping')}</dt>
          <dd className="text-end">{Number(totals.shipping_amount) === 0 ? t('free') : usd(totals.shipping_amount)}</dd>
          <dt className="font-semibold text-slate-900">{t('grandTotal')}</dt><dd className="text-end font-bold text-slate-900">{usd(totals.grand_total)}</dd>
          <dt className="text-slate-600">{t('deposit')}</dt>
          <dd className="text-end">{t('depositValue', { percent: f.percent(request.deposit_percent ?? 0), amount: usd(request.deposit_amount ?? totals.grand_total) })}</dd>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t('awaitingQuote')}</p>
      )}
    </section>
  );
}

/** The marking, placement, packaging text and artwork the buyer sent. */
export function RequestMarking({ request }: { request: PrivateLabelRequest }) {
  const { t } = useTranslation('private-label');
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="text-slate-600">{t('marking')}</dt><dd>{t(`marking_${request.marking}`)}</dd>
      <dt className="text-slate-600">{t('placement')}</dt><dd>{request.placement}</dd>
      <dt className="text-slate-600">{t('packagingText')}</dt><dd className="whitespace-pre-wrap">{request.packaging_text || '—'}</dd>
      <dt className="text-slate-600">{t('artwork')}</dt>
      <dd>
        {request.artwork ? (
          <a href={request.artwork.url} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
            <Download aria-hidden="true" className="h-4 w-4" /> <DataText>{request.artwork.file_name}</DataText>
          </a>
        ) : t('noArtwork')}
      </dd>
    </dl>
  );
}

/** Every proof sent, newest first, each downloadable, with the buyer's decision. */
export function ProofList({ request }: { request: PrivateLabelRequest }) {
  const { t } = useTranslation('private-label');
  const f = useFormat();
  return (
    <section aria-labelledby="proofs-heading" className={section}>
      <h2 id="proofs-heading" className="text-lg font-bold text-slate-900">{t('proofs')}</h2>
      {request.proofs.length === 0 ? <p className="mt-2 text-sm text-slate-600">{t('noProofs')}</p> : (
        <ul className="mt-3 space-y-3">
          {[...request.proofs].reverse().map((proof) => (
            <li key={proof.version} className="rounded-lg border border-slate-100 p-3" data-testid={`proof-${proof.version}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">{t('proofVersion', { version: f.number(proof.version) })}</span>
                {proof.decision && <Badge tone={proof.decision === 'approved' ? 'success' : 'warning'}>{t(`decision_${proof.decision}`)}</Badge>}
              </div>
              <p className="mt-1 text-xs text-slate-500">{f.dateTime(proof.created_at)}</p>
              {proof.note && <p className="mt-1 text-sm text-slate-700">{proof.note}</p>}
              {proof.decision_comment && <p className="mt-1 text-sm text-slate-700">{t('buyerComment', { comment: proof.decision_comment })}</p>}
              <a href={proof.url} className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
                <Download aria-hidden="true" className="h-4 w-4" /> {t('download')} <DataText>{proof.file_name}</DataText>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Each step with its date, oldest first. */
export function Timeline({ request }: { request: PrivateLabelRequest }) {
  const { t } = useTranslation('private-label');
  const f = useFormat();
  return (
    <section aria-labelledby="timeline-heading" className={section}>
      <h2 id="timeline-heading" className="text-lg font-bold text-slate-900">{t('timeline')}</h2>
      <ol className="mt-3 space-y-2 border-s-2 border-brand-100 ps-4">
        {request.events.map((event, index) => (
          <li key={index} className="text-sm">
            <span className="font-medium text-slate-900">{t(`status_${event.status}`)}</span>
            <span className="ms-2 text-slate-500">{f.dateTime(event.created_at)}</span>
            {event.note && <p className="text-slate-600">{event.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
