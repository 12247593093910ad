import { and, asc, desc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { documentDownloadPath } from '#contracts/catalog';
import type { RegulatoryDocument, VariantRegulatory } from '#contracts/regulatory';
import { contentsSheetPath } from '#contracts/regulatory-files';
import type { DbOrTx } from '../db/client.ts';
import { documents } from '../db/schema/catalog.ts';
import { variantRegulatory } from '../db/schema/regulatory.ts';
import { setCompositions } from '../sets/set-composition.ts';
import { todayUtc } from '../lots/lot-ledger.ts';

type RegulatoryRow = typeof variantRegulatory.$inferSelect;

/**
 * The version each referenced document stands for now: the latest issued version of its series, so that a renewed
 * certificate replaces the one staff first linked. A series with no version issued yet is left out.
 */
async function currentDocuments(db: DbOrTx, ids: number[], now: Date): Promise<Map<number, RegulatoryDocument>> {
  if (ids.length === 0) return new Map();
  const linked = alias(documents, 'linked');
  const rows = await db.selectDistinctOn([linked.id], {
    linkedId: linked.id, name: documents.name, slug: documents.slug, version: documents.version, expiresOn: documents.expiresOn,
  }).from(linked)
    .innerJoin(documents, and(eq(documents.series, linked.series), or(isNull(documents.issuedOn), lte(documents.issuedOn, todayUtc(now)))))
    .where(inArray(linked.id, [...new Set(ids)]))
    .orderBy(asc(linked.id), desc(documents.version));
  return new Map(rows.map((row) => [row.linkedId, {
    name: row.name, url: documentDownloadPath(row.slug), version: row.version, expires_on: row.expiresOn,
  }]));
}

/** The stored rows of the given variants, with the current version of each document they link. */
export async function regulatoryRows(db: DbOrTx, variantIds: readonly number[], now = new Date()):
  Promise<{ rows: Map<number, RegulatoryRow>; documents: Map<number, RegulatoryDocument> }> {
  if (variantIds.length === 0) return { rows: new Map(), documents: new Map() };
  const rows = await db.select().from(variantRegulatory).where(inArray(variantRegulatory.variantId, [...new Set(variantIds)]));
  const linked = rows.flatMap((row) => [row.conformityDocumentId, row.certificateDocumentId]).filter((id): id is number => id !== null);
  return { rows: new Map(rows.map((row) => [row.variantId, row])), documents: await currentDocuments(db, linked, now) };
}

/** A stored row as the storefront shows it; the label's UDI-DI is the variant's GTIN. */
export function regulatoryView(row: RegulatoryRow, gtin: string | null, docs: Map<number, RegulatoryDocument>): VariantRegulatory {
  const documentOf = (id: number | null) => (id === null ? null : docs.get(id) ?? null);
  return {
    gmdn_code: row.gmdnCode,
    sterility: row.sterility,
    use: row.use,
    mri_safety: row.mriSafety,
    contains_latex: row.containsLatex,
    udi_di: gtin,
    direct_marking_di: row.directMarkingDi,
    eifu: row.eifuUrl ? { url: row.eifuUrl, version: row.eifuVersion } : null,
    declaration_of_conformity: documentOf(row.conformityDocumentId),
    notified_body_certificate: documentOf(row.certificateDocumentId),
  };
}

/** Each variant's regulatory data (null when none is recorded) and, for a set, its contents sheet's address. */
export async function regulatoryOfVariants(db: DbOrTx, slug: string, variants: readonly { id: number; gtin: string | null }[], now = new Date()):
  Promise<Map<number, { regulatory: VariantRegulatory | null; contents_sheet: string | null }>> {
  const ids = variants.map((variant) => variant.id);
  const [{ rows, documents: docs }, sets] = await Promise.all([regulatoryRows(db, ids, now), setCompositions(db, ids)]);
  return new Map(variants.map((variant) => {
    const row = rows.get(variant.id);
    return [variant.id, {
      regulatory: row ? regulatoryView(row, variant.gtin, docs) : null,
      contents_sheet: sets.has(variant.id) ? contentsSheetPath(slug, variant.id) : null,
    }];
  }));
}
