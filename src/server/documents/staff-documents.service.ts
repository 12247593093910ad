import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  DOCUMENT_NOT_PDF, DOCUMENT_TOO_LARGE, FILE_MISSING, documentFields, type StaffDocument,
} from '#contracts/staff-media';
import type { Actor } from '../audit/audit.ts';
import { assertProductExists } from '../catalog/existing-product.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { documents, productDocuments } from '../db/schema/catalog.ts';
import { slugify } from '../seed/product-variant.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { parseFields, type UploadedFile } from '../lib/upload-form.ts';
import { versionColumns, versionView, type VersionRow } from './document-versions.ts';

const PDF_HEADER = Buffer.from('%PDF-');
/** A PDF ends with `startxref`, the offset of its cross-reference table, and `%%EOF`. */
const PDF_TRAILER = /startxref\s+(\d+)\s+%%EOF\s*$/;

/** A PDF by its content: the %PDF- header, and a trailer pointing inside the file. */
export function isPdf(content: Buffer): boolean {
  if (!content.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) return false;
  const trailer = PDF_TRAILER.exec(content.subarray(-1024).toString('latin1'));
  return trailer !== null && Number(trailer[1]) < content.length;
}

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Each series' versions, newest first, with the status the storefront gives them (scheduled: not issued yet). */
function staffViews(rows: VersionRow[], now: Date): StaffDocument[] {
  const today = dayOf(now);
  const scheduled = (row: VersionRow) => row.issuedOn !== null && row.issuedOn > today;
  const latestIssued = new Map<string, number>();
  for (const row of rows) {
    if (!scheduled(row)) latestIssued.set(row.series, Math.max(latestIssued.get(row.series) ?? 0, row.version));
  }
  return rows.map((row) => {
    const view = versionView(row, latestIssued.get(row.series) === row.version, today);
    return { ...view, series: row.series, status: scheduled(row) ? 'scheduled' : view.status };
  });
}

async function productRows(db: DbOrTx, productId: number): Promise<VersionRow[]> {
  return db.select(versionColumns).from(productDocuments)
    .innerJoin(documents, eq(documents.id, productDocuments.documentId))
    .where(eq(productDocuments.productId, productId))
    .orderBy(asc(productDocuments.position), asc(documents.series), desc(documents.version));
}

export async function listStaffDocuments(db: DbOrTx, productId: number, now = new Date()): Promise<StaffDocument[]> {
  await assertProductExists(db, productId);
  return staffViews(await productRows(db, productId), now);
}

/** The first of `base`, `base-2`, `base-3`… that no document has. */
async function freeSlug(tx: Tx, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [taken] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.slug, slug));
    if (!taken) return slug;
  }
}

function checkedFile(file: UploadedFile | undefined): string | null {
  if (!file || file.content.length === 0) return FILE_MISSING;
  if (file.truncated) return DOCUMENT_TOO_LARGE;
  return isPdf(file.content) ? null : DOCUMENT_NOT_PDF;
}

/**
 * Adds a PDF to the product: a new series, or with `supersedes` the next version of one of the product's series (a
 * version number left out is one above the highest). Every problem is reported at once, per field, and nothing is
 * written unless there is none.
 */
export async function addProductDocument(
  db: Db, actor: Actor, productId: number, fields: Record<string, string>, file: UploadedFile | undefined, now = new Date(),
): Promise<StaffDocument> {
  await assertProductExists(db, productId);
  const { data, errors } = parseFields(documentFields, fields);
  const fileProblem = checkedFile(file);
  if (fileProblem) errors.file = [fileProblem];
  if (!data || !file || Object.keys(errors).length > 0) throw badRequest(errors);

  return db.transaction(async (tx) => {
    const existing = await productRows(tx, productId);
    const series = data.supersedes ? existing.filter((row) => row.series === data.supersedes) : [];
    if (data.supersedes && series.length === 0) throw badRequest({ supersedes: ['Choose one of this product\'s documents.'] });
    const highest = Math.max(0, ...series.map((row) => row.version));
    const version = data.version ?? highest + 1;
    if (version <= highest) throw badRequest({ version: [`Enter a version above ${highest}.`] });

    const slug = await freeSlug(tx, data.supersedes ? `${data.supersedes}-v${version}` : slugify(data.name) || 'document');
    const [row] = await tx.insert(documents).values({
      slug, name: data.name, kind: data.kind, contentType: 'application/pdf', sizeBytes: file.content.length, content: file.content,
      series: data.supersedes ?? slug, version, issuedOn: data.issued_on ?? dayOf(now), expiresOn: data.expires_on ?? null,
    }).returning(versionColumns);
    const [{ position }] = data.supersedes
      ? await tx.select({ position: sql<number>`min(${productDocuments.position})::int` }).from(productDocuments)
        .innerJoin(documents, eq(documents.id, productDocuments.documentId))
        .where(and(eq(productDocuments.productId, productId), eq(documents.series, data.supersedes)))
      : await tx.select({ position: sql<number>`coalesce(max(${productDocuments.position}) + 1, 0)::int` }).from(productDocuments)
        .where(eq(productDocuments.productId, productId));
    await tx.insert(productDocuments).values({ productId, documentId: row.id, position });
    const [view] = staffViews([...existing, row].filter((r) => r.series === row.series), now).filter((r) => r.id === row.id);
    await recordAudit(tx, actor, { action: 'product.document.add', entity: 'product', entityId: productId, after: view });
    return view;
  });
}

/** Unlinks one document version from the product; the file stays for the other products that use it. */
export async function removeProductDocument(
  db: Db, actor: Actor, productId: number, documentId: number, now = new Date(),
): Promise<StaffDocument[]> {
  return db.transaction(async (tx) => {
    const before = staffViews(await productRows(tx, productId), now).find((row) => row.id === documentId);
    if (!before) throw notFound('Document not found.');
    await tx.delete(productDocuments).where(and(eq(productDocuments.productId, productId), eq(productDocuments.documentId, documentId)));
    await recordAudit(tx, actor, { action: 'product.document.remove', entity: 'product', entityId: productId, before });
    return staffViews(await productRows(tx, productId), now);
  });
}
