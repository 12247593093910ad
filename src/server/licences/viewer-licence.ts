import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, products } from '../db/schema/catalog.ts';
import { licenceStanding } from './licence-gate.ts';
import { productRestricted } from './restricted-product.ts';

/**
 * What a viewer of the catalogue may buy from restricted categories. Catalogue answers are built for a visitor
 * (`licence_required` = the product is restricted, see product-list-item.ts) and shared; only a viewer who may buy
 * restricted products (a business account holding a verified, unexpired licence) gets a personal answer.
 */
export async function viewerCanBuyRestricted(db: Db, userId: string | null, now = new Date()): Promise<boolean> {
  if (!userId) return false;
  return (await licenceStanding(db, userId, now)).reason === null;
}

interface Gated { licence_required: boolean }

/** The items as this viewer sees them: nothing needs a licence for one who may buy restricted products. */
export const forViewer = <T extends Gated>(items: T[], canBuyRestricted: boolean): T[] =>
  (canBuyRestricted ? items.map((item) => ({ ...item, licence_required: false })) : items);

/** Recommendations: only what this viewer can buy. */
export const buyableBy = <T extends Gated>(items: T[], canBuyRestricted: boolean): T[] =>
  forViewer(items, canBuyRestricted).filter((item) => !item.licence_required);

/** Which of these products are restricted (for answers not built from catalogue list items). */
export async function restrictedAmong(db: Db, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db.select({ id: products.id }).from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(inArray(products.id, productIds), productRestricted));
  return new Set(rows.map((row) => row.id));
}
