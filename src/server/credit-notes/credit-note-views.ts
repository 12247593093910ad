import { asc, inArray } from 'drizzle-orm';
import { creditNotePath, type CreditNoteRef } from '#contracts/credit-notes';
import type { DbOrTx } from '../db/client.ts';
import { creditNotes } from '../db/schema/returns.ts';

export const creditNoteRef = (number: string): CreditNoteRef => ({ number, pdf_url: creditNotePath(number) });

/** Each order's credit notes, in number order. */
export async function creditNotesByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, CreditNoteRef[]>> {
  const byOrder = new Map<string, CreditNoteRef[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select({ orderId: creditNotes.orderId, number: creditNotes.number }).from(creditNotes)
    .where(inArray(creditNotes.orderId, orderIds)).orderBy(asc(creditNotes.sequence));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), creditNoteRef(row.number)]);
  return byOrder;
}
