import { eq, inArray, sql } from 'drizzle-orm';
import type { SetBlocked } from '#contracts/set-sales';
import type { DbOrTx } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { variantLabels } from '../catalog/variants.ts';
import { lineName } from '../cart/line-name.ts';
import { setCompositions, standardComponents, type SetComponentRow } from './set-composition.ts';
import type { SetContents } from './set-choice.ts';

/** A component variant as it stands now: what it is, what it costs, how many are free, and whether it may be sold. */
export interface ComponentNow {
  variantId: number;
  productId: number;
  productSlug: string;
  name: string;
  variantLabel: string;
  modelNumber: string;
  listPriceCents: number;
  /** Units free to sell now (current less reserved), 0 without a stock row. */
  available: number;
  /** Why no set holding it may be sold now; null when it may. */
  blockedBy: SetBlocked['reason'] | null;
}

/** The components as they stand now, by variant id; a variant that does not exist is absent. */
export async function componentsNow(db: DbOrTx, variantIds: readonly number[]): Promise<Map<number, ComponentNow>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const [rows, labels] = await Promise.all([
    db.select({
      variantId: productVariants.id,
      productId: products.id,
      productSlug: products.slug,
      name: products.name,
      modelNumber: productVariants.modelNumber,
      listPriceCents: productVariants.priceCents,
      available: sql<number>`coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0)::int`,
      active: sql<boolean>`${productVariants.isActive} and ${products.status} = 'active'`,
      // Any recall of the component's lots holds back the sets it is in until staff review them.
      recalled: sql<boolean>`exists (select 1 from recalls r where r.variant_id = ${productVariants.id})`,
    }).from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
      .where(inArray(productVariants.id, ids)),
    variantLabels(db, ids),
  ]);
  return new Map(rows.map(({ active, recalled, available, ...row }) => [row.variantId, {
    ...row,
    variantLabel: labels.get(row.variantId) ?? '',
    available: Math.max(Number(available), 0),
    blockedBy: !active ? 'inactive' : recalled ? 'recalled' : null,
  }]));
}

/** The first component of the contents that keeps the set from being sold, and why; null when none does. */
export function contentsBlocked(contents: SetContents, components: ReadonlyMap<number, ComponentNow>): SetBlocked | null {
  for (const part of contents) {
    const component = components.get(part.variant_id);
    if (!component) return { reason: 'inactive', component_name: `#${part.variant_id}` };
    if (component.blockedBy) return { reason: component.blockedBy, component_name: lineName(component.name, component.variantLabel) };
  }
  return null;
}

/** Sets the contents make from the components' free units: the least, over them, of free units ÷ units per set. */
export function contentsAvailable(contents: SetContents, components: ReadonlyMap<number, ComponentNow>): number {
  if (contents.length === 0 || contentsBlocked(contents, components)) return 0;
  return Math.min(...contents.map((part) => Math.floor((components.get(part.variant_id)?.available ?? 0) / part.quantity)));
}

/** The set variants among these, with their component rows and the components as they stand now. */
export async function setsNow(db: DbOrTx, variantIds: readonly number[]): Promise<{
  compositions: Map<number, SetComponentRow[]>;
  components: Map<number, ComponentNow>;
}> {
  const compositions = await setCompositions(db, variantIds);
  const componentIds = [...compositions.values()].flatMap((rows) => rows.map((row) => row.componentVariantId));
  return { compositions, components: await componentsNow(db, componentIds) };
}

/** Why each of these set variants cannot be sold now, by set variant id; a set that can be sold (or a non-set) is absent. */
export async function setBlockers(db: DbOrTx, setVariantIds: readonly number[]): Promise<Map<number, SetBlocked>> {
  const { compositions, components } = await setsNow(db, setVariantIds);
  const blockers = new Map<number, SetBlocked>();
  for (const [setId, rows] of compositions) {
    const blocked = contentsBlocked(standardComponents(rows), components);
    if (blocked) blockers.set(setId, blocked);
  }
  return blockers;
}

/** Sets the contents make now. */
export async function contentsAvailableNow(db: DbOrTx, contents: SetContents): Promise<number> {
  return contentsAvailable(contents, await componentsNow(db, contents.map((part) => part.variant_id)));
}
