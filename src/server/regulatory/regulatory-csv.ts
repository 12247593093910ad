import { asc, eq } from 'drizzle-orm';
import type { MriSafety } from '#contracts/regulatory';
import type { Db } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { csvField } from '../inventory/inventory-report.ts';
import { SHOP } from '../lib/pdf-layout.ts';
import { optionOrders, variantLabel } from '../catalog/variants.ts';
import { setCompositions } from '../sets/set-composition.ts';
import { regulatoryRows } from './variant-regulatory.ts';

/*
 * Column names follow the GUDID Data Elements Reference Table (FDA) and the UDI-DI data elements of EU MDR Annex VI
 * Part B (EUDAMED), so that a row can be keyed or mapped into either database. What the shop does not hold is left
 * empty: the Basic UDI-DI and the EMDN code are the manufacturer's registration, never derived here.
 */
export const REGULATORY_CSV_COLUMNS = [
  'Product', 'Variant', 'Product Status',
  'GUDID Primary DI Number', 'GUDID Issuing Agency', 'GUDID Brand Name', 'GUDID Version or Model', 'GUDID Catalog Number',
  'GUDID Company Name', 'GUDID GMDN Code', 'GUDID Kit', 'GUDID For Single-Use', 'GUDID Device Packaged as Sterile',
  'GUDID Requires Sterilization Prior to Use', 'GUDID MRI Safety Status',
  'GUDID Device labeled as containing natural rubber latex or dry natural rubber', 'GUDID DM DI Different from Primary DI',
  'GUDID DM DI Number',
  'EUDAMED Basic UDI-DI', 'EUDAMED UDI-DI Issuing Entity', 'EUDAMED UDI-DI', 'EUDAMED Trade Name',
  'EUDAMED Reference or Catalogue Number', 'EUDAMED Nomenclature Code (EMDN)', 'EUDAMED Labelled as Single Use',
  'EUDAMED Device Labelled Sterile', 'EUDAMED Need for Sterilisation Before Use', 'EUDAMED Containing Latex',
  'EUDAMED URL for Electronic Instructions for Use',
  'eIFU Version', 'Declaration of Conformity', 'Notified Body Certificate', 'Certificate Expires On',
] as const;

/** GUDID's list of values for MRI Safety Status. */
const GUDID_MRI: Record<MriSafety, string> = {
  mr_safe: 'MR Safe',
  mr_conditional: 'MR Conditional',
  mr_unsafe: 'MR Unsafe',
  not_evaluated: 'Labeling does not contain MRI Safety Information',
};

/** Yes or No for a known answer, empty for one not recorded. */
const yesNo = (value: boolean | null | undefined) => (value === null || value === undefined ? '' : value ? 'Yes' : 'No');

/** A GS1 GTIN as both databases take it: 14 digits, zeros on the left (the check digit is kept). */
const gtin14 = (gtin: string | null) => (gtin ? gtin.padStart(14, '0') : '');

/** Every active variant, product by product in name order, as one CSV row each (CRLF line ends). */
export async function regulatoryCsv(db: Db, publicUrl: string, now = new Date()): Promise<string> {
  const variants = await db.select({
    id: productVariants.id, productId: products.id, product: products.name, status: products.status, brand: products.brand,
    options: productVariants.options, modelNumber: productVariants.modelNumber, gtin: productVariants.gtin,
  }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.isActive, true))
    .orderBy(asc(products.name), asc(products.id), asc(productVariants.position), asc(productVariants.id));
  const ids = variants.map((variant) => variant.id);
  const [{ rows, documents }, sets, orders] = await Promise.all([
    regulatoryRows(db, ids, now), setCompositions(db, ids), optionOrders(db, variants.map((variant) => variant.productId)),
  ]);
  // The shop's own paths (its documents) as full addresses; another site's address as staff gave it.
  const address = (path: string | undefined) => (path?.startsWith('/') ? new URL(path, `${publicUrl}/`).href : path ?? '');

  const lines = [REGULATORY_CSV_COLUMNS.map(csvField).join(',')];
  for (const variant of variants) {
    const row = rows.get(variant.id);
    const sterile = row?.sterility == null ? null : row.sterility === 'sterile';
    const singleUse = row?.use == null ? null : row.use === 'single_use';
    const marked = row?.directMarkingDi ?? '';
    const conformity = row?.conformityDocumentId == null ? undefined : documents.get(row.conformityDocumentId);
    const certificate = row?.certificateDocumentId == null ? undefined : documents.get(row.certificateDocumentId);
    const di = gtin14(variant.gtin);
    const cells: Record<(typeof REGULATORY_CSV_COLUMNS)[number], string> = {
      Product: variant.product,
      Variant: variantLabel(variant.options, orders.get(variant.productId)),
      'Product Status': variant.status,
      'GUDID Primary DI Number': di,
      'GUDID Issuing Agency': di ? 'GS1' : '',
      'GUDID Brand Name': variant.brand,
      'GUDID Version or Model': variant.modelNumber,
      'GUDID Catalog Number': variant.modelNumber,
      'GUDID Company Name': SHOP,
      'GUDID GMDN Code': row?.gmdnCode ?? '',
      'GUDID Kit': yesNo(sets.has(variant.id)),
      'GUDID For Single-Use': yesNo(singleUse),
      'GUDID Device Packaged as Sterile': yesNo(sterile),
      'GUDID Requires Sterilization Prior to Use': yesNo(sterile === null ? null : !sterile),
      'GUDID MRI Safety Status': row ? GUDID_MRI[row.mriSafety] : '',
      'GUDID Device labeled as containing natural rubber latex or dry natural rubber': yesNo(row?.containsLatex),
      'GUDID DM DI Different from Primary DI': marked ? yesNo(gtin14(marked) !== di) : '',
      'GUDID DM DI Number': marked,
      'EUDAMED Basic UDI-DI': '',
      'EUDAMED UDI-DI Issuing Entity': di ? 'GS1' : '',
      'EUDAMED UDI-DI': di,
      'EUDAMED Trade Name': variant.product,
      'EUDAMED Reference or Catalogue Number': variant.modelNumber,
      'EUDAMED Nomenclature Code (EMDN)': '',
      'EUDAMED Labelled as Single Use': yesNo(singleUse),
      'EUDAMED Device Labelled Sterile': yesNo(sterile),
      'EUDAMED Need for Sterilisation Before Use': yesNo(sterile === null ? null : !sterile),
      'EUDAMED Containing Latex': yesNo(row?.containsLatex),
      'EUDAMED URL for Electronic Instructions for Use': address(row?.eifuUrl),
      'eIFU Version': row?.eifuVersion ?? '',
      'Declaration of Conformity': address(conformity?.url),
      'Notified Body Certificate': address(certificate?.url),
      'Certificate Expires On': certificate?.expires_on ?? '',
    };
    lines.push(REGULATORY_CSV_COLUMNS.map((column) => csvField(cells[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
