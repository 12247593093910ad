import { and, eq } from 'drizzle-orm';
import { RETURN_PHOTO_MAX_BYTES, uploadReturnPhoto } from '#contracts/returns';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { returns } from '../db/schema/returns.ts';
import type { UserRow } from '../auth/user-view.ts';
import { apiError, badRequest, notFound } from '../lib/errors.ts';
import { sniffFileType, type PrivateFileStore } from '../lib/private-files.ts';
import type { UploadedFile } from '../lib/upload-form.ts';
import { staffMayUse, staffAccess } from '#contracts/staff-roles';

const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
const MAX_MB = RETURN_PHOTO_MAX_BYTES / (1024 * 1024);

/** The return of the order, when the user may see it (its buyer, or staff who read orders); 404 otherwise. */
export async function visibleReturn(db: Db, user: UserRow, orderNumber: string, rma: string) {
  const [row] = await db.select({ ret: returns, userId: orders.userId }).from(returns).innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(returns.rma, rma), eq(orders.orderNumber, orderNumber)));
  if (!row || (row.userId !== user.id && !staffMayUse(user.staffRole, staffAccess.ordersRead))) throw notFound('Return not found.');
  return { row: row.ret, mine: row.userId === user.id };
}

/** The buyer's photo of a requested return (JPEG or PNG by content); a new one replaces the last. */
export async function attachPhoto(db: Db, store: PrivateFileStore, user: UserRow, orderNumber: string, rma: string, file: UploadedFile | null) {
  const { row, mine } = await visibleReturn(db, user, orderNumber, rma);
  if (!mine) throw notFound('Return not found.');
  if (row.status !== 'requested') throw apiError(uploadReturnPhoto, 'ILLEGAL_TRANSITION', 409, 'A photo is added while the return is requested.');
  const problem = !file ? 'Choose a photo to upload.' : file.truncated ? `The photo is larger than ${MAX_MB} MB.`
    : sniffFileType(file.content, PHOTO_TYPES) ? null : 'Upload a JPEG or PNG photo.';
  if (problem) throw badRequest({ file: [problem] });
  const type = sniffFileType(file!.content, PHOTO_TYPES)!;
  const stored = await store.save(file!.content, type.extension);
  await db.update(returns).set({ photoPath: stored }).where(eq(returns.id, row.id));
  if (row.photoPath) await store.remove(row.photoPath);
}

/** The photo's bytes and type, for its buyer and staff. */
export async function readPhoto(db: Db, store: PrivateFileStore, user: UserRow, orderNumber: string, rma: string) {
  const { row } = await visibleReturn(db, user, orderNumber, rma);
  if (!row.photoPath) throw notFound('This return has no photo.');
  const content = await store.read(row.photoPath);
  return { content, contentType: sniffFileType(content, PHOTO_TYPES)?.contentType ?? 'application/octet-stream' };
}
