import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { stockLots } from '../db/schema/lots.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { todayUtc } from '../lots/lot-ledger.ts';

const DAY_MS = 86_400_000;

/** The date `days` from today (UTC), YYYY-MM-DD: tests place expiry relative to the day they run. */
export const daysFromToday = (days: number) => todayUtc(new Date(Date.now() + days * DAY_MS));

/** YYMMDD of a date `days` from today, for GS1 codes. */
export const gs1DaysFromToday = (days: number) => daysFromToday(days).slice(2).replace(/-/g, '');

/** A variant's lots as (lot number → current/reserved), and whether they add up to the inventory row. */
export async function lotsOf(db: Db, variantId: number) {
  const rows = await db.select({
    id: stockLots.id, lotNumber: stockLots.lotNumber, current: stockLots.currentStock, reserved: stockLots.reservedStock,
  }).from(stockLots).where(eq(stockLots.variantId, variantId)).orderBy(stockLots.id);
  return Object.fromEntries(rows.map((row) => [row.lotNumber ?? '(unlabelled)', { id: row.id, current: row.current, reserved: row.reserved }]));
}

/** Sums of the variant's lots next to its stock columns: equal whenever the ledger is sound. */
export async function lotTotals(db: Db, variantId: number) {
  const [row] = await db.select({
    current: sql<number>`coalesce(sum(${stockLots.currentStock}), 0)::int`,
    reserved: sql<number>`coalesce(sum(${stockLots.reservedStock}), 0)::int`,
  }).from(stockLots).where(eq(stockLots.variantId, variantId));
  const level = await stockLevel(db, variantId);
  return { lots: { current: Number(row.current), reserved: Number(row.reserved) }, item: { current: level.currentStock, reserved: level.reservedStock } };
}
