import { and, count, desc, eq, sql } from 'drizzle-orm';
import { LICENCE_MAX_BYTES, LICENCE_QUOTA, licenceFields, QUOTA_BYTES, QUOTA_PENDING, type Licence, type LicenceFields } from '#contracts/licences';
import { staffAccess, staffMayUse } from '#contracts/staff-roles';
import type { Db, DbOrTx } from '../db/client.ts';
import { licences } from '../db/schema/licences.ts';
import { users } from '../db/schema/users.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { parseFields, type UploadedFile } from '../lib/upload-form.ts';
import type { UserRow } from '../auth/user-view.ts';
import { sniffLicenceType, type LicenceStore } from './licence-file.ts';
import { dayOf, licenceView, type LicenceRow } from './licence-view.ts';

export const LICENCE_NOT_FOUND = 'Licence not found.';
const MAX_MB = LICENCE_MAX_BYTES / (1024 * 1024);

function fileProblem(file: UploadedFile | null): string | null {
  if (!file) return 'Choose a file to upload.';
  if (file.truncated) return `The file is larger than ${MAX_MB} MB.`;
  if (file.content.length === 0) return 'The file is empty.';
  if (!sniffLicenceType(file.content)) return 'Upload a PDF, JPEG or PNG file.';
  return null;
}

/** Every problem with an upload at once, per field; nothing is stored unless there are none. */
function validateUpload(fields: Record<string, string>, file: UploadedFile | null, now: Date): LicenceFields {
  const { data, errors } = parseFields(licenceFields, fields);
  const problem = fileProblem(file);
  if (problem) errors.file = [problem];
  if (data && data.expires_on < dayOf(now)) errors.expires_on = ['This licence has already expired.'];
  if (Object.keys(errors).length || !data) throw badRequest(errors);
  return data;
}

/**
 * The name the file is served under: made from the licence number, never the name the client sent (which can carry
 * a path, someone's name, or characters that pretend to be another extension).
 */
export function licenceFileName(licenceNumber: string, extension: string): string {
  const safe = licenceNumber.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/-{2,}/g, '-').replace(/^-|-$/g, '').slice(0, 60);
  return `licence${safe ? `-${safe}` : ''}${extension}`;
}

/** The account's quota, checked with its user row locked so that two uploads at once cannot both squeeze in. */
async function checkQuota(tx: DbOrTx, userId: string, size: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [held] = await tx.select({
    pending: count(sql`case when ${licences.status} = 'pending' then 1 end`),
    bytes: sql<number>`coalesce(sum(${licences.sizeBytes}), 0)::int`,
  }).from(licences).where(eq(licences.userId, userId));
  if (held.pending >= LICENCE_QUOTA.pending) throw badRequest({ file: [QUOTA_PENDING] });
  if (held.bytes + size > LICENCE_QUOTA.bytes) throw badRequest({ file: [QUOTA_BYTES] });
}

export async function uploadLicence(
  db: Db, store: LicenceStore, userId: string, fields: Record<string, string>, file: UploadedFile | null, now = new Date(),
): Promise<Licence> {
  const data = validateUpload(fields, file, now);
  const upload = file!;
  const type = sniffLicenceType(upload.content)!;
  const storedName = await store.save(upload.content, type.extension);
  try {
    const row = await db.transaction(async (tx) => {
      await checkQuota(tx, userId, upload.content.length);
      const [inserted] = await tx.insert(licences).values({
        userId,
        licenceType: data.licence_type,
        licenceNumber: data.licence_number,
        expiresOn: data.expires_on,
        fileName: licenceFileName(data.licence_number, type.extension),
        storedName,
        contentType: type.contentType,
        sizeBytes: upload.content.length,
      }).returning();
      return inserted;
    });
    return licenceView(row, now);
  } catch (error) {
    await store.remove(storedName);
    throw error;
  }
}

export async function listOwnLicences(db: Db, userId: string, now = new Date()): Promise<Licence[]> {
  const rows = await db.select().from(licences).where(eq(licences.userId, userId)).orderBy(desc(licences.createdAt), desc(licences.id));
  return rows.map((row) => licenceView(row, now));
}

/** The owner and staff may open a licence; to anyone else it does not exist. */
export async function readableLicence(db: Db, user: UserRow, id: number): Promise<LicenceRow> {
  const staff = staffMayUse(user.staffRole, staffAccess.customersRead);
  const [row] = await db.select().from(licences)
    .where(and(eq(licences.id, id), staff ? undefined : eq(licences.userId, user.id)));
  if (!row) throw notFound(LICENCE_NOT_FOUND);
  return row;
}
