import type { UserRow } from '../auth/user-view.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { visibleReturn } from './return-photo.ts';

/** The carrier's label of an approved return, to print and stick on the parcel: for its buyer and staff. */
export async function readLabel(db: Db, user: UserRow, orderNumber: string, rma: string): Promise<Buffer> {
  const { row } = await visibleReturn(db, user, orderNumber, rma);
  if (!row.labelPdf) throw notFound('This return has no label to print.');
  return Buffer.from(row.labelPdf);
}
