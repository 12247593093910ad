import { useTranslation } from 'react-i18next';
import { FileDown } from 'lucide-react';
import { creditNoteFileName, type CreditNoteRef } from '#contracts/credit-notes';
import { useIsolated } from './isolated.ts';
import { saveCreditNote } from './returns.api.ts';

/** Each credit note as a link to its PDF, saved with the session when followed. */
export function CreditNoteLinks({ notes, label }: { notes: CreditNoteRef[]; label: string }) {
  const { t } = useTranslation('returns');
  const data = useIsolated();
  if (notes.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {notes.map((note) => (
        <li key={note.number}>
          <a
            href={note.pdf_url}
            download={creditNoteFileName(note.number)}
            onClick={(event) => {
              event.preventDefault();
              saveCreditNote(note, t);
            }}
            className="inline-flex min-h-9 items-center gap-1 font-medium text-brand-700 underline"
          >
            <FileDown aria-hidden="true" className="h-4 w-4 shrink-0" />
            {t('creditNote', { number: data(note.number) })}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The order's credit notes, in number order, under its refunds; nothing without one. */
export function OrderCreditNotes({ notes }: { notes: CreditNoteRef[] }) {
  const { t } = useTranslation('returns');
  if (notes.length === 0) return null;
  return (
    <div className="mt-3 border-t border-slate-200 pt-3 first:mt-0 first:border-t-0 first:pt-0">
      <h4 className="mb-1 text-sm font-semibold text-slate-800">{t('creditNotes')}</h4>
      <CreditNoteLinks notes={notes} label={t('creditNotes')} />
    </div>
  );
}
