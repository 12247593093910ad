import { inArray } from 'drizzle-orm';
import { message } from '#contracts/issues';
import type { VariantRegulatoryFields } from '#contracts/regulatory';
import type { DbOrTx, Tx } from '../db/client.ts';
import { documents } from '../db/schema/catalog.ts';
import { variantRegulatory } from '../db/schema/regulatory.ts';
import type { FieldErrors } from '../lib/errors.ts';
import { validGtin } from '../staff-products/product-rules.ts';

export const DOCUMENT_UNKNOWN = message('document_unknown', 'No document has this id.');
export const DI_CHECK_DIGIT = message('gtin_check_digit', 'The DI check digit is wrong.');

type Row = typeof variantRegulatory.$inferSelect;

const asFields = (row: Row): VariantRegulatoryFields => ({
  gmdn_code: row.gmdnCode,
  sterility: row.sterility,
  use: row.use,
  mri_safety: row.mriSafety,
  contains_latex: row.containsLatex,
  direct_marking_di: row.directMarkingDi,
  eifu_url: row.eifuUrl,
  eifu_version: row.eifuVersion,
  conformity_document_id: row.conformityDocumentId,
  certificate_document_id: row.certificateDocumentId,
});

/** The regulatory data of each of the variants that has any, by variant id. */
export async function regulatoryOf(db: DbOrTx, variantIds: readonly number[]): Promise<Map<number, VariantRegulatoryFields>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db.select().from(variantRegulatory).where(inArray(variantRegulatory.variantId, [...new Set(variantIds)]));
  return new Map(rows.map((row) => [row.variantId, asFields(row)]));
}

/**
 * The rules the schema cannot state, for each product's variants (`regulatory` of each, in body order): a direct-marked
 * DI with a right check digit, and documents the shop has. Keys follow the body: `variants.0.regulatory.eifu_url`.
 */
export async function regulatoryErrors(tx: Tx, products: (VariantRegulatoryFields | null | undefined)[][]): Promise<FieldErrors[]> {
  const ids = [...new Set(products.flat().flatMap((data) => (data ? [data.conformity_document_id, data.certificate_document_id] : []))
    .filter((id): id is number => id !== null))];
  const known = new Set(ids.length ? (await tx.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids))).map((row) => row.id) : []);
  return products.map((variants) => {
    const errors: FieldErrors = {};
    variants.forEach((data, i) => {
      if (!data) return;
      const at = `variants.${i}.regulatory`;
      if (data.direct_marking_di && !validGtin(data.direct_marking_di)) errors[`${at}.direct_marking_di`] = [DI_CHECK_DIGIT];
      for (const field of ['conformity_document_id', 'certificate_document_id'] as const) {
        if (data[field] !== null && !known.has(data[field])) errors[`${at}.${field}`] = [DOCUMENT_UNKNOWN];
      }
    });
    return errors;
  });
}

/** Saves the regulatory data given (null removes a variant's; left out, undefined, keeps it). */
export async function writeRegulatory(tx: Tx, entries: { variantId: number; regulatory: VariantRegulatoryFields | null | undefined }[]): Promise<void> {
  const removed = entries.filter((entry) => entry.regulatory === null).map((entry) => entry.variantId);
  if (removed.length) await tx.delete(variantRegulatory).where(inArray(variantRegulatory.variantId, removed));
  const given = entries.flatMap(({ variantId, regulatory: data }) => (data ? [{
    variantId,
    gmdnCode: data.gmdn_code,
    sterility: data.sterility,
    use: data.use,
    mriSafety: data.mri_safety,
    containsLatex: data.contains_latex,
    directMarkingDi: data.direct_marking_di,
    eifuUrl: data.eifu_url,
    eifuVersion: data.eifu_version,
    conformityDocumentId: data.conformity_document_id,
    certificateDocumentId: data.certificate_document_id,
  }] : []));
  if (given.length === 0) return;
  const stored = await regulatoryOf(tx, given.map((row) => row.variantId));
  const changed = given.filter((row) => {
    const before = stored.get(row.variantId);
    return !before || JSON.stringify(asFields({ ...row, updatedAt: new Date() })) !== JSON.stringify(before);
  });
  for (const row of changed) {
    await tx.insert(variantRegulatory).values(row)
      .onConflictDoUpdate({ target: variantRegulatory.variantId, set: { ...row, updatedAt: new Date() } });
  }
}
