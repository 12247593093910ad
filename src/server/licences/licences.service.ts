import { and, desc, eq } from 'drizzle-orm';
import { LICENCE_MAX_BYTES, licenceFields, type Licence, type LicenceFields } from '#contracts/licences';
import { staffAccess, staffMayUse } from '#contracts/staff-roles';
import type { Db } from '../db/client.ts';
import { licences } from '../db/schema/licences.ts';
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

export async function uploadLicence(
  db: Db, store: LicenceStore, userId: string, fields: Record<string, string>, file: UploadedFile | null, now = new Date(),
): Promise<Licence> {
  const data = validateUpload(fields, file, now);
  const upload = file!;
  const type = sniffLicenceType(upload.content)!;
  const storedName = await store.save(upload.content, type.extension);
  try {
    const [row] = await db.insert(licences).values({
      userId,
      licenceType: data.licence_type,
      licenceNumber: data.licence_number,
      expiresOn: data.expires_on,
      fileName: upload.fileName.slice(0, 200) || `licence${type.extension}`,
      storedName,
      contentType: type.contentType,
      sizeBytes: upload.content.length,
    }).returning();
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
