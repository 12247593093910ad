import { asc, eq } from 'drizzle-orm';
import { documentDownloadPath, type DocumentVersion, type ProductDocument } from '#contracts/catalog';
import type { Db } from '../db/client.ts';
import { documents, productDocuments } from '../db/schema/catalog.ts';

function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const documentType = (contentType: string) => (contentType.split('/')[1] ?? contentType).toUpperCase();

export type VersionRow = Pick<typeof documents.$inferSelect,
  'id' | 'slug' | 'name' | 'kind' | 'contentType' | 'sizeBytes' | 'series' | 'version' | 'issuedOn' | 'expiresOn'>;

const isExpired = (row: VersionRow, today: string) => row.expiresOn !== null && row.expiresOn < today;

/** What a version is shown with: everything but its content. */
export const versionColumns = {
  id: documents.id, slug: documents.slug, name: documents.name, kind: documents.kind, contentType: documents.contentType,
  sizeBytes: documents.sizeBytes, series: documents.series, version: documents.version, issuedOn: documents.issuedOn,
  expiresOn: documents.expiresOn,
};

export function versionView(row: VersionRow, latest: boolean, today: string): DocumentVersion {
  return {
    id: row.id,
    name: row.name,
    type: documentType(row.contentType),
    size: humanSize(row.sizeBytes),
    size_bytes: row.sizeBytes,
    url: documentDownloadPath(row.slug),
    kind: row.kind,
    version: row.version,
    issued_on: row.issuedOn,
    expires_on: row.expiresOn,
    status: isExpired(row, today) ? 'expired' : latest ? 'current' : 'superseded',
  };
}

/**
 * One entry per document series in the product's order: its latest issued version (marked expired, never current,
 * once past its expiry day) and the older versions, newest first. Versions issued after today are left out.
 */
export function groupVersions(rows: VersionRow[], now: Date): ProductDocument[] {
  const today = now.toISOString().slice(0, 10);
  const series = new Map<string, VersionRow[]>();
  for (const row of rows) {
    if (row.issuedOn !== null && row.issuedOn > today) continue;
    series.set(row.series, [...(series.get(row.series) ?? []), row]);
  }
  return [...series.values()].map((versions) => {
    const [latest, ...older] = versions.sort((a, b) => b.version - a.version);
    return { ...versionView(latest, true, today), previous_versions: older.map((row) => versionView(row, false, today)) };
  });
}

export async function productDocumentsOf(db: Db, productId: number, now = new Date()): Promise<ProductDocument[]> {
  const rows = await db.select(versionColumns).from(productDocuments)
    .innerJoin(documents, eq(documents.id, productDocuments.documentId))
    .where(eq(productDocuments.productId, productId))
    .orderBy(asc(productDocuments.position), asc(documents.id));
  return groupVersions(rows, now);
}
