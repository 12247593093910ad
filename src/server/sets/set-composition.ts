import { asc } from 'drizzle-orm';
import type { SetComponentRole } from '#contracts/instrument-sets';
import { oneOf, prepared, type DbOrTx } from '../db/client.ts';
import { setComponents } from '../db/schema/instrument-sets.ts';

export interface SetComponentRow {
  componentVariantId: number;
  quantity: number;
  role: SetComponentRole;
  replacesVariantId: number | null;
  isContainer: boolean;
}

/** The component rows of each of the given variants that is a set, in the order staff listed them; a variant that is not a set is absent. */
export async function setCompositions(db: DbOrTx, variantIds: readonly number[]): Promise<Map<number, SetComponentRow[]>> {
  const bySet = new Map<number, SetComponentRow[]>();
  if (variantIds.length === 0) return bySet;
  const rows = await prepared(db.select({
    setVariantId: setComponents.setVariantId,
    componentVariantId: setComponents.componentVariantId,
    quantity: setComponents.quantity,
    role: setComponents.role,
    replacesVariantId: setComponents.replacesVariantId,
    isContainer: setComponents.isContainer,
  }).from(setComponents).where(oneOf(setComponents.setVariantId, [...new Set(variantIds)]))
    .orderBy(asc(setComponents.setVariantId), asc(setComponents.position), asc(setComponents.componentVariantId)), 'set_compositions');
  for (const { setVariantId, ...row } of rows) bySet.set(setVariantId, [...(bySet.get(setVariantId) ?? []), row]);
  return bySet;
}

/** The standard set: its standard and optional components with their quantities per set. */
export const standardComponents = (rows: readonly SetComponentRow[]): { variant_id: number; quantity: number }[] =>
  rows.filter((row) => row.role === 'standard' || row.role === 'optional')
    .map((row) => ({ variant_id: row.componentVariantId, quantity: row.quantity }));

/**
 * Stock lines for lines that may be sets: each set line becomes its components (units per set times the line's
 * quantity), summed per variant with the other lines, in variant order (the order every transaction locks inventory
 * rows in).
 */
export function stockUnits(lines: readonly { variantId: number; quantity: number; components?: readonly { variant_id: number; quantity: number }[] | null }[]):
  { variantId: number; quantity: number }[] {
  const units = new Map<number, number>();
  for (const line of lines) {
    const parts = line.components?.length ? line.components.map((c) => [c.variant_id, c.quantity * line.quantity] as const) : [[line.variantId, line.quantity] as const];
    for (const [variantId, quantity] of parts) units.set(variantId, (units.get(variantId) ?? 0) + quantity);
  }
  return [...units.entries()].sort(([a], [b]) => a - b).map(([variantId, quantity]) => ({ variantId, quantity }));
}
