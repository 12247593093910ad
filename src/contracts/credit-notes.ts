import { z } from 'zod';
import { defineContract } from './define.ts';

/** A credit note as order and return answers list it: its number and where its PDF is downloaded. */
export const creditNoteRef = z.object({ number: z.string(), pdf_url: z.string() });
export type CreditNoteRef = z.infer<typeof creditNoteRef>;

export const CREDIT_NOTE_ROUTE = '/api/credit-notes/:number.pdf';
export const creditNotePath = (number: string) => `/api/credit-notes/${encodeURIComponent(number)}.pdf`;
/** The file a credit note is saved as: 'credit-note-CN-000001.pdf'. */
export const creditNoteFileName = (number: string) => `credit-note-${number}.pdf`;

/**
 * A PDF download (not JSON), for whoever may read its order's invoice: the buyer, staff who read orders, and the
 * admins, approvers and finance of the organisation the order was placed for; 404 for anyone else and for a number
 * that names no credit note.
 */
export const downloadCreditNote = defineContract({
  method: 'GET',
  path: CREDIT_NOTE_ROUTE,
  params: z.object({ number: z.string().trim().min(1).max(40) }),
  /** The PDF's bytes. */
  response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
});
