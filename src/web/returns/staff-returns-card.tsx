import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertOctagon, FileText, ImageIcon } from 'lucide-react';
import { creditNoteFileName } from '#contracts/credit-notes';
import { returnLabelFileName, type ReturnStatus, type StaffReturnView } from '#contracts/returns';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { notify } from '../components/ui/notify.ts';
import { withVariant } from '../catalog/with-variant.ts';
import { useFormat } from '../i18n/use-format.ts';
import { downloadFile, openPrivateFile } from '../lib/download.ts';
import { useErrorText } from '../lib/error-text.ts';
import { useIsolated } from './isolated.ts';
import type { RunAction } from './staff-returns-action.ts';
import { StaffReturnsAmounts } from './staff-returns-amounts.tsx';
import { StaffReturnsApproveForm } from './staff-returns-approve-form.tsx';
import type { ReturnAction } from './staff-returns.api.ts';
import { StaffReturnsReceiveForm } from './staff-returns-receive-form.tsx';
import { StaffReturnsRejectForm } from './staff-returns-reject-form.tsx';
import { StaffReturnsResolveForm } from './staff-returns-resolve-form.tsx';

const tones: Record<ReturnStatus, BadgeTone> = { requested: 'warning', approved: 'brand', rejected: 'neutral', received: 'brand', resolved: 'success' };

/** The steps each status offers, in the order their buttons show. */
const steps: Record<ReturnStatus, ReadonlyArray<ReturnAction['kind']>> = {
  requested: ['approve', 'reject'], approved: ['receive'], rejected: [], received: ['resolve'], resolved: [],
};

const forms = {
  approve: StaffReturnsApproveForm, reject: StaffReturnsRejectForm, receive: StaffReturnsReceiveForm, resolve: StaffReturnsResolveForm,
} as const;

function ReturnLines({ rma }: { rma: StaffReturnView }) {
  const { t } = useTranslation('staff-returns');
  const f = useFormat();
  const data = useIsolated();
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
      {rma.items.map((line) => (
        <li key={line.id} className="space-y-0.5 p-3" data-testid="return-line">
          <p className="font-medium text-slate-900">
            <DataText>{withVariant(line.name, line.variant_label)}</DataText> × {f.number(line.quantity)}
          </p>
          <p className="text-slate-600">
            {t('reason', { context: line.reason })}
            {line.used && <> · <span className="font-medium text-amber-800">{t('used')}</span></>}
            {line.exchange_variant_label !== null && <> · {t('exchangeAsked', { variant: data(line.exchange_variant_label) })}</>}
          </p>
          {line.received.map((receipt, index) => (
            <p key={index} className="text-slate-600">
              {t('receipt', { units: f.number(receipt.quantity), disposition: t('disposition', { context: receipt.disposition }) })}
              {receipt.lot_number && <> · <span dir="ltr">{t('lot', { lot: receipt.lot_number })}</span></>}
              {receipt.udi && <> · <span dir="ltr" className="break-all">{t('udiValue', { udi: receipt.udi })}</span></>}
            </p>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** A PDF of the return (its label, a credit note), downloaded with the session. */
function PdfButton({ url, fileName, children }: { url: string; fileName: string; children: ReactNode }) {
  const { t } = useTranslation('staff-returns');
  const errorText = useErrorText();
  return (
    <Button variant="secondary" size="sm"
      onClick={() => void downloadFile(url, fileName).catch((error: unknown) => notify.error(t('downloadFailed'), errorText(error)))}>
      <FileText aria-hidden="true" className="h-4 w-4" /> {children}
    </Button>
  );
}

/** Where the return stands besides its lines: why it was refused, how it comes back, how it was settled. */
function ReturnOutcome({ rma }: { rma: StaffReturnView }) {
  const { t } = useTranslation('staff-returns');
  return (
    <div className="space-y-2 text-sm text-slate-700">
      {rma.rejection_reason && <p>{t('rejectedBecause', { reason: rma.rejection_reason })}</p>}
      {rma.label && (
        <div data-testid="return-label" className="flex flex-wrap items-center gap-2">
          <p>{t('labelBooked', { carrier: rma.label.carrier_name })} <DataText className="break-all font-medium">{rma.label.tracking_number}</DataText></p>
          {rma.label.pdf_url && <PdfButton url={rma.label.pdf_url} fileName={returnLabelFileName(rma.rma)}>{t('labelPdf')}</PdfButton>}
        </div>
      )}
      {rma.drop_off_instructions && <p className="whitespace-pre-line">{t('dropOff', { instructions: rma.drop_off_instructions })}</p>}
      {rma.resolution && (
        <div className="space-y-2" data-testid="return-resolution">
          <p className="font-medium text-slate-900">{t('resolvedAs', { resolution: t('resolution', { context: rma.resolution }) })}</p>
          <StaffReturnsAmounts amounts={rma.amounts} />
          {rma.exchange_order_number && <p>{t('exchangeOrder')} <DataText className="font-medium">{rma.exchange_order_number}</DataText></p>}
          {rma.credit_notes.length > 0 && (
            <div className="flex flex-wrap gap-2">{rma.credit_notes.map((note) => (
              <PdfButton key={note.number} url={note.pdf_url} fileName={creditNoteFileName(note.number)}>{t('creditNote', { number: note.number })}</PdfButton>
            ))}</div>
          )}
        </div>
      )}
    </div>
  );
}

/** One return as staff handle it: the buyer's request, where it stands, and the steps its status and the reader's role allow. */
export function StaffReturnsCard({ rma, run, may }: { rma: StaffReturnView; run: RunAction; may: (kind: ReturnAction['kind']) => boolean }) {
  const { t } = useTranslation('staff-returns');
  const f = useFormat();
  const errorText = useErrorText();
  const [open, setOpen] = useState<ReturnAction['kind'] | null>(null);
  const offered = steps[rma.status].filter(may);
  const Form = open && offered.includes(open) ? forms[open] : null;
  return (
    <Card className="space-y-3 p-4" data-testid="return-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-bold text-slate-900"><DataText>{rma.rma}</DataText></h3>
          <p className="text-sm text-slate-600">
            {t('order')} <DataText className="font-medium">{rma.order_number}</DataText> · {f.date(rma.created_at)}
          </p>
          <p className="break-words text-sm text-slate-600"><DataText>{rma.buyer.name}</DataText> · <DataText className="break-all">{rma.buyer.email}</DataText></p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {rma.recall_id !== null && <Badge tone="danger"><AlertOctagon aria-hidden="true" className="h-3 w-3" />{t('recall')}</Badge>}
          <Badge tone={tones[rma.status]}>{t('status', { context: rma.status })}</Badge>
        </div>
      </div>
      <ReturnLines rma={rma} />
      {rma.comment && <p className="whitespace-pre-line text-sm text-slate-700"><DataText>{rma.comment}</DataText></p>}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
        <span>{rma.decontamination_declared ? t('decontaminated') : t('notDecontaminated')}</span>
        {rma.photo_url && (
          <button type="button" className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
            onClick={() => void openPrivateFile(rma.photo_url!).catch((error: unknown) => notify.error(t('photoFailed'), errorText(error)))}>
            <ImageIcon aria-hidden="true" className="h-4 w-4" /> {t('photo')}
          </button>
        )}
      </div>
      <ReturnOutcome rma={rma} />
      {offered.length > 0 && !Form && (
        <div className="flex flex-wrap gap-2">
          {offered.map((kind) => (
            <Button key={kind} size="sm" variant={kind === 'reject' ? 'secondary' : 'primary'} onClick={() => setOpen(kind)}>
              {t('step', { context: kind })}
            </Button>
          ))}
        </div>
      )}
      {Form && <Form rma={rma} run={run} onClose={() => setOpen(null)} />}
    </Card>
  );
}
