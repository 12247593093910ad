import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { LineLot } from '#contracts/line-lot';
import type { DbOrTx } from '../db/client.ts';
import { lotSerials, orderLineLots, stockLots } from '../db/schema/lots.ts';
import { receive, release, reserve, sellReserved, type MovementInput } from '../inventory/stock-ledger.ts';
import type { LotPart } from './lot-ledger.ts';

/*
 * The stock ledger for an order's lines: a line's reservation records the lots (and serial numbers) it took, and its
 * sale, release or return moves exactly those lots again. Orders placed before lots were recorded have no rows;
 * the ledger then picks the lots itself.
 */

type LineInput = Omit<MovementInput, 'lots' | 'lot'>;

async function recordedLots(tx: DbOrTx, orderId: string, variantId: number): Promise<LotPart[] | undefined> {
  const rows = await tx.select({ lotId: orderLineLots.lotId, quantity: orderLineLots.quantity }).from(orderLineLots)
    .where(and(eq(orderLineLots.orderId, orderId), eq(orderLineLots.variantId, variantId))).orderBy(asc(orderLineLots.lotId));
  return rows.length ? rows : undefined;
}

/** Serialised units go to the order in serial order; the lot's row lock (held by the ledger) keeps claims apart. */
async function claimSerials(tx: DbOrTx, orderId: string, parts: LotPart[]) {
  for (const part of parts) {
    await tx.update(lotSerials).set({ orderId }).where(inArray(lotSerials.id,
      tx.select({ id: lotSerials.id }).from(lotSerials)
        .where(and(eq(lotSerials.lotId, part.lotId), isNull(lotSerials.orderId)))
        .orderBy(asc(lotSerials.serial)).limit(part.quantity)));
  }
}

async function freeSerials(tx: DbOrTx, orderId: string, parts: LotPart[]) {
  await tx.update(lotSerials).set({ orderId: null })
    .where(and(eq(lotSerials.orderId, orderId), inArray(lotSerials.lotId, parts.map((part) => part.lotId))));
}

/** Reserves a line, earliest-expiring lot of its variant first, and records the lots on the order. */
export async function reserveForOrder(tx: DbOrTx, orderId: string, input: LineInput) {
  const level = await reserve(tx, input);
  await tx.insert(orderLineLots)
    .values(level.lots.map((part) => ({ orderId, variantId: input.variantId, lotId: part.lotId, quantity: part.quantity })))
    .onConflictDoUpdate({
      target: [orderLineLots.orderId, orderLineLots.variantId, orderLineLots.lotId],
      set: { quantity: sql`${orderLineLots.quantity} + excluded.quantity` },
    });
  await claimSerials(tx, orderId, level.lots);
  return level;
}

/** Turns a line's reservation into a sale from the lots it was reserved in. */
export async function sellForOrder(tx: DbOrTx, orderId: string, input: LineInput) {
  return sellReserved(tx, { ...input, lots: await recordedLots(tx, orderId, input.variantId) });
}

/** Gives a line's reservation back to its lots. */
export async function releaseForOrder(tx: DbOrTx, orderId: string, input: LineInput) {
  const lots = await recordedLots(tx, orderId, input.variantId);
  const level = await release(tx, { ...input, lots });
  await freeSerials(tx, orderId, level.lots);
  return level;
}

/** Puts a sold line's units back into the lots they shipped from (a cancellation after payment). */
export async function returnForOrder(tx: DbOrTx, orderId: string, input: LineInput) {
  const lots = await recordedLots(tx, orderId, input.variantId);
  const level = await receive(tx, { ...input, lots }, 'return');
  await freeSerials(tx, orderId, level.lots);
  return level;
}

/**
 * Puts `quantity` of a sold line's units back into lots it took them from, the lots recorded last first, and takes
 * them off the order's record of its lots and serial numbers (staff making the order smaller before it ships).
 */
export async function returnUnitsForOrder(tx: DbOrTx, orderId: string, input: LineInput) {
  const recorded = await recordedLots(tx, orderId, input.variantId);
  if (!recorded) return receive(tx, input, 'return');
  const parts: LotPart[] = [];
  let left = input.quantity;
  for (const lot of [...recorded].reverse()) {
    if (left === 0) break;
    parts.push({ lotId: lot.lotId, quantity: Math.min(left, lot.quantity) });
    left -= parts[parts.length - 1].quantity;
  }
  const level = await receive(tx, { ...input, lots: parts }, 'return');
  for (const part of parts) {
    const line = and(eq(orderLineLots.orderId, orderId), eq(orderLineLots.variantId, input.variantId), eq(orderLineLots.lotId, part.lotId));
    const kept = recorded.find((lot) => lot.lotId === part.lotId)!.quantity - part.quantity;
    if (kept === 0) await tx.delete(orderLineLots).where(line);
    else await tx.update(orderLineLots).set({ quantity: kept }).where(line);
    await tx.update(lotSerials).set({ orderId: null }).where(inArray(lotSerials.id,
      tx.select({ id: lotSerials.id }).from(lotSerials)
        .where(and(eq(lotSerials.lotId, part.lotId), eq(lotSerials.orderId, orderId)))
        .orderBy(desc(lotSerials.serial)).limit(part.quantity)));
  }
  return level;
}

/** A lot an order's units of a variant came from, with the serial numbers of them held for or shipped on the order. */
export interface OrderLot {
  lotNumber: string | null;
  expiryDate: string | null;
  gtin: string | null;
  quantity: number;
  serials: string[];
}

/** The lots each of the order's variants was reserved and shipped from, by variant id, earliest received first. */
export async function lotsOfOrder(db: DbOrTx, orderId: string): Promise<Map<number, OrderLot[]>> {
  const [lots, serials] = await Promise.all([
    db.select({ variantId: orderLineLots.variantId, lotId: stockLots.id, lotNumber: stockLots.lotNumber, expiryDate: stockLots.expiryDate,
      gtin: stockLots.gtin, quantity: orderLineLots.quantity })
      .from(orderLineLots).innerJoin(stockLots, eq(stockLots.id, orderLineLots.lotId))
      .where(eq(orderLineLots.orderId, orderId)).orderBy(asc(stockLots.id)),
    db.select({ lotId: lotSerials.lotId, serial: lotSerials.serial }).from(lotSerials)
      .where(eq(lotSerials.orderId, orderId)).orderBy(asc(lotSerials.serial)),
  ]);
  const byVariant = new Map<number, OrderLot[]>();
  for (const { variantId, lotId, ...lot } of lots) {
    const serialsOfLot = serials.filter((serial) => serial.lotId === lotId).map((serial) => serial.serial);
    byVariant.set(variantId, [...(byVariant.get(variantId) ?? []), { ...lot, serials: serialsOfLot }]);
  }
  return byVariant;
}

/** GS1's YYMMDD. */
const gs1Day = (isoDate: string) => isoDate.slice(2).replaceAll('-', '');

/** A unit's UDI as printed under its barcode: (01) GTIN, (17) expiry, (10) lot, (21) serial. */
export function udiText(lot: Pick<OrderLot, 'gtin' | 'expiryDate' | 'lotNumber'>, serial?: string): string | null {
  if (!lot.gtin) return null;
  return `(01)${lot.gtin}${lot.expiryDate ? `(17)${gs1Day(lot.expiryDate)}` : ''}${lot.lotNumber ? `(10)${lot.lotNumber}` : ''}${serial ? `(21)${serial}` : ''}`;
}

/** A lot of an order's line as buyers and staff read it, with the UDI of each serialised unit, or of the lot. */
export const lineLot = (lot: OrderLot): LineLot => ({
  lot_number: lot.lotNumber,
  expiry_date: lot.expiryDate,
  quantity: lot.quantity,
  serials: lot.serials,
  udis: (lot.serials.length > 0 ? lot.serials.map((serial) => udiText(lot, serial)) : [udiText(lot)])
    .flatMap((udi) => (udi ? [udi] : [])),
});
