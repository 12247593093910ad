import { z } from 'zod';

/** A credit note as order and return answers list it: its number and where its PDF is downloaded. */
export const creditNoteRef = z.object({ number: z.string(), pdf_url: z.string() });
export type CreditNoteRef = z.infer<typeof creditNoteRef>;

export const CREDIT_NOTE_ROUTE = '/api/credit-notes/:number.pdf';
export const creditNotePath = (number: string) => `/api/credit-notes/${encodeURIComponent(number)}.pdf`;
/** The file a credit note is saved as: 'credit-note-CN-000001.pdf'. */
export const creditNoteFileName = (number: string) => `credit-note-${number}.pdf`;
