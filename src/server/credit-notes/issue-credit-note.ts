import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { creditNotes, type CreditNoteLine } from '../db/schema/returns.ts';

export const CREDIT_NOTE_SERIES = 'credit_note';

/** 'CN-000042': the credit note's sequence, six digits at least. */
export const creditNoteNumber = (sequence: number) => `CN-${String(sequence).padStart(6, '0')}`;

/**
 * The next number of a series, taken under its row's lock inside the caller's transaction: a transaction that rolls
 * back gives its number back, so the numbers that exist have no gaps, and writers wait for each other in turn.
 */
export async function nextInSeries(tx: DbOrTx, series: string): Promise<number> {
  const [row] = rowsOf<{ value: number }>(await tx.execute(sql`
    insert into document_sequences (series, last_value) values (${series}, 1)
    on conflict (series) do update set last_value = document_sequences.last_value + 1
    returning last_value as value`));
  return Number(row.value);
}

export interface CreditNoteInput {
  orderId: string;
  returnId?: number | null;
  refundId?: string | null;
  kind: 'refund' | 'store_credit';
  lines: CreditNoteLine[];
  /** US cents kept back by the policy. */
  feesCents: number;
  /** The tax on the lines credited, US cents. */
  taxCents: number;
  /** What is given back: the lines, their tax, less the fees (US cents). */
  totalCents: number;
}

/** Numbers and writes a credit note inside `tx`. */
export async function issueCreditNote(tx: DbOrTx, input: CreditNoteInput) {
  const sequence = await nextInSeries(tx, CREDIT_NOTE_SERIES);
  const [row] = await tx.insert(creditNotes).values({
    number: creditNoteNumber(sequence), sequence, orderId: input.orderId, returnId: input.returnId ?? null,
    refundId: input.refundId ?? null, kind: input.kind, lines: input.lines,
    subtotalCents: input.lines.reduce((sum, line) => sum + line.totalCents, 0),
    feesCents: input.feesCents, taxCents: input.taxCents, totalCents: input.totalCents,
  }).returning();
  return row;
}
