import { licenceFilePath, type Licence } from '#contracts/licences';
import type { licences } from '../db/schema/licences.ts';

export type LicenceRow = typeof licences.$inferSelect;

/** The UTC calendar day of `now` as YYYY-MM-DD; licences are valid through their expiry day. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

export const isExpired = (row: Pick<LicenceRow, 'expiresOn'>, now: Date) => row.expiresOn < dayOf(now);

export const isValidLicence = (row: Pick<LicenceRow, 'expiresOn' | 'status'>, now: Date) =>
  row.status === 'verified' && !isExpired(row, now);

export function licenceView(row: LicenceRow, now: Date): Licence {
  return {
    id: row.id,
    licence_type: row.licenceType,
    licence_number: row.licenceNumber,
    expires_on: row.expiresOn,
    status: row.status,
    rejection_reason: row.rejectionReason,
    is_valid: isValidLicence(row, now),
    is_expired: isExpired(row, now),
    file_name: row.fileName,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    file_url: licenceFilePath(row.id),
    uploaded_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  };
}
