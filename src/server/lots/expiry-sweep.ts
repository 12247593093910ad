import { and, asc, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { stockLots } from '../db/schema/lots.ts';
import { publishStockChange, type ReleaseDeps } from '../orders/release-order.ts';
import { writeOff } from '../inventory/stock-ledger.ts';
import { todayUtc } from './lot-ledger.ts';

export const EXPIRY_SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * Writes off the free units of every lot that has reached its expiry date, so available stock never counts expired
 * units. Units still reserved are written off by a later sweep once released. Answers the units written off.
 */
export async function writeOffExpiredLots(deps: ReleaseDeps, now = new Date()): Promise<number> {
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
  await publishStockChange(deps, [...new Set(due.map((lot) => lot.variantId))]);
  return units;
}

/** Sweeps once the app is ready, then every 15 minutes. */
export function scheduleExpirySweep(app: FastifyInstance, deps: ReleaseDeps): void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = () => writeOffExpiredLots(deps).catch((error: unknown) => deps.log.error({ err: error }, 'expiry sweep failed'));
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(sweep, EXPIRY_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
