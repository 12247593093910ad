import { and, asc, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { stockLots } from '../db/schema/lots.ts';
import { writeOff } from '../inventory/stock-ledger.ts';
import { todayUtc } from './lot-ledger.ts';

/**
 * Writes off the free units of every lot that has reached its expiry date, so available stock never counts expired
 * units. Units still reserved are written off by a later sweep once released. Answers the units written off.
 */
export async function writeOffExpiredLots(deps: { db: Db }, now = new Date()): Promise<number> {
  const due = await deps.db.select({
    id: stockLots.id, variantId: stockLots.variantId, lotNumber: stockLots.lotNumber, expiryDate: stockLots.expiryDate,
    free: sql<number>`(${stockLots.currentStock} - ${stockLots.reservedStock})::int`,
  }).from(stockLots)
    .where(and(lte(stockLots.expiryDate, todayUtc(now)), sql`${stockLots.currentStock} > ${stockLots.reservedStock}`))
    .orderBy(asc(stockLots.variantId), asc(stockLots.id));
  let units = 0;
  for (const lot of due) {
    const quantity = Number(lot.free);
    await writeOff(deps.db, {
      variantId: lot.variantId, quantity, lots: [{ lotId: lot.id, quantity }],
      reason: `Lot ${lot.lotNumber ?? '(unlabelled)'} expired on ${lot.expiryDate}`,
    });
    units += quantity;
  }
  return units;
}
