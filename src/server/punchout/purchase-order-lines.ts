import { eq, inArray, sql } from 'drizzle-orm';
import { centsToDecimal } from '#contracts/money';
import type { DbOrTx } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { catalogueOrderLines, type WantedLine } from '../orders/lines-order-source.ts';
import { lineTotalCents } from '../pricing/unit-price.ts';
import { badCxml } from './cxml-document.ts';
import type { PurchaseOrderLine } from './order-request.ts';

/** Units of measure that mean one of what the catalogue sells: the shop sells by the each. */
const EACH = new Set(['', 'EA', 'EACH', 'PCE', 'PC', 'C62']);

export interface MatchedLine extends WantedLine {
  line: PurchaseOrderLine;
  modelNumber: string;
}

/** A line whose price on the order is not ours for its quantity. */
export interface PriceDifference {
  lineNumber: string;
  modelNumber: string;
  orderedCents: number;
  /** Ours for one unit (the line's total over its units, where a sale prices only some). */
  oursCents: number;
}

/**
 * The variant of each line: its SupplierPartAuxiliaryID when that is a variant whose catalogue number (or its
 * product's) is the SupplierPartID, else the variant whose catalogue number the SupplierPartID is. An unknown part, a unit other than the
 * each, a currency other than US dollars or the same variant on two lines is a cXML 400 naming the line.
 */
export async function matchLines(db: DbOrTx, lines: PurchaseOrderLine[]): Promise<MatchedLine[]> {
  const parts = [...new Set(lines.map((line) => line.supplierPartId.toLowerCase()))];
  const variants = await db.select({ id: productVariants.id, productId: productVariants.productId, modelNumber: productVariants.modelNumber })
    .from(productVariants).where(inArray(sql`lower(${productVariants.modelNumber})`, parts));
  const auxiliaries = lines.map((line) => Number(line.auxiliaryId)).filter((id) => Number.isSafeInteger(id) && id > 0);
  const siblings = auxiliaries.length === 0 ? [] : await db.select({
    id: productVariants.id, productId: productVariants.productId, modelNumber: productVariants.modelNumber, productModel: products.modelNumber,
  }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, auxiliaries));
  const matched = lines.map((line): MatchedLine => {
    const named = `Line ${line.lineNumber}`;
    const byPart = variants.find((variant) => variant.modelNumber.toLowerCase() === line.supplierPartId.toLowerCase());
    const auxiliary = siblings.find((variant) => String(variant.id) === line.auxiliaryId
      && [variant.modelNumber, variant.productModel].some((number) => number.toLowerCase() === line.supplierPartId.toLowerCase()));
    const variant = auxiliary ?? byPart;
    if (!variant) throw badCxml(`${named}: no product has the catalogue number ${line.supplierPartId}.`);
    if (!EACH.has(line.unitOfMeasure)) throw badCxml(`${named}: the shop sells by the each (EA), not by ${line.unitOfMeasure}.`);
    if (line.currency && line.currency !== 'USD') throw badCxml(`${named}: prices are in USD, not ${line.currency}.`);
    return { variantId: variant.id, quantity: line.quantity, line, modelNumber: variant.modelNumber };
  });
  for (const [index, line] of matched.entries()) {
    const earlier = matched.slice(0, index).find((other) => other.variantId === line.variantId);
    if (earlier) throw badCxml(`Lines ${earlier.line.lineNumber} and ${line.line.lineNumber} order the same product: send it as one line.`);
  }
  return matched;
}

/** The lines whose unit price on the order is not the buyer's price for that quantity now. */
export async function priceDifferences(db: DbOrTx, buyerId: string, lines: MatchedLine[], now: Date): Promise<PriceDifference[]> {
  const ours = await catalogueOrderLines(db, buyerId, lines, now);
  return lines.flatMap((line) => {
    const priced = ours.find((row) => row.variantId === line.variantId);
    if (!priced) return [];
    const total = lineTotalCents(priced);
    if (line.line.unitPriceCents * line.quantity === total) return [];
    return [{ lineNumber: line.line.lineNumber, modelNumber: line.modelNumber, orderedCents: line.line.unitPriceCents, oursCents: Math.round(total / line.quantity) }];
  });
}

/** 'line 1 (SS-1001): 90.00 USD on the order, 100.00 USD ours' for each, joined. */
export const describeDifferences = (differences: PriceDifference[]) => differences.map((difference) =>
  `line ${difference.lineNumber} (${difference.modelNumber}): ${centsToDecimal(difference.orderedCents)} USD on the order, `
  + `${centsToDecimal(difference.oursCents)} USD ours`).join('; ');
