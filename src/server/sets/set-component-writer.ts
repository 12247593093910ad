import { inArray, sql } from 'drizzle-orm';
import type { SetComponentFields } from '#contracts/instrument-sets';
import type { Tx } from '../db/client.ts';
import { setComponents } from '../db/schema/instrument-sets.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { setCompositions } from './set-composition.ts';

const sameComposition = (a: readonly SetComponentFields[], b: readonly SetComponentFields[]): boolean =>
  a.length === b.length && a.every((component, i) => component.variant_id === b[i].variant_id && component.quantity === b[i].quantity
    && component.role === b[i].role && component.replaces_variant_id === b[i].replaces_variant_id
    && component.is_container === b[i].is_container);

/** The stored compositions in the body's form, by set variant id. */
export async function componentsOf(tx: Parameters<typeof setCompositions>[0], variantIds: readonly number[]): Promise<Map<number, SetComponentFields[]>> {
  const bySet = await setCompositions(tx, variantIds);
  return new Map([...bySet].map(([setId, rows]) => [setId, rows.map((row) => ({
    variant_id: row.componentVariantId,
    quantity: row.quantity,
    role: row.role,
    replaces_variant_id: row.replacesVariantId,
    is_container: row.isContainer,
  }))]));
}

/**
 * Saves each variant's composition where it changed. The database then keeps a set's stock row at what its components
 * make (0047's triggers, at commit); a variant that stops being a set holds no stock of its own, so its row goes to 0.
 */
export async function writeSetComponents(tx: Tx, entries: { variantId: number; components: SetComponentFields[] }[]): Promise<void> {
  const stored = await componentsOf(tx, entries.map((entry) => entry.variantId));
  const changed = entries.filter((entry) => !sameComposition(entry.components, stored.get(entry.variantId) ?? []));
  if (changed.length === 0) return;
  const ids = changed.map((entry) => entry.variantId);
  await tx.delete(setComponents).where(inArray(setComponents.setVariantId, ids));
  const rows = changed.flatMap(({ variantId, components }) => components.map((component, position) => ({
    setVariantId: variantId,
    componentVariantId: component.variant_id,
    quantity: component.quantity,
    role: component.role,
    replacesVariantId: component.replaces_variant_id,
    isContainer: component.is_container,
    position,
  })));
  if (rows.length) await tx.insert(setComponents).values(rows);
  const unset = changed.filter((entry) => entry.components.length === 0 && stored.has(entry.variantId)).map((entry) => entry.variantId);
  if (unset.length) {
    await tx.update(inventoryItems).set({ currentStock: 0, reservedStock: 0, updatedAt: sql`now()` })
      .where(inArray(inventoryItems.variantId, unset));
  }
}
