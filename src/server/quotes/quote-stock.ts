import { sql } from 'drizzle-orm';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';

/** Units of a quoted variant the shop can sell now: stock not reserved; none once the product or variant is retired. */
export const sellableNow = sql<number>`(case when ${products.isActive} and ${productVariants.isActive}
  then coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0) else 0 end)::int`;

/** Whether a line asks for more than the shop can sell now. */
export const isShort = (line: { quantity: number; available: number }): boolean => line.quantity > line.available;

/** The lines as accepting what is in stock takes them: each at most the units available, lines with none left out. */
export function inStock<Line extends { quantity: number; available: number }>(lines: Line[]): Line[] {
  return lines.map((line) => ({ ...line, quantity: Math.min(line.quantity, Math.max(line.available, 0)) }))
    .filter((line) => line.quantity > 0);
}
