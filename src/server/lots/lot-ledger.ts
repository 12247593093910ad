import { and, asc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { createMovement } from '#contracts/inventory';
import { cancelOrder } from '#contracts/orders';
import { processPayment } from '#contracts/payment';
import { acceptQuote } from '#contracts/quotes';
import { openRecall } from '#contracts/recalls';
import { advanceOrder, staffCancelOrder } from '#contracts/staff-orders';
import type { DbOrTx } from '../db/client.ts';
import { lotSerials, stockLots } from '../db/schema/lots.ts';
import { apiError, badRequest } from '../lib/errors.ts';

/*
 * The lot side of the stock ledger. These functions run inside a ledger transaction, after the variant's inventory
 * row has been updated (and so locked): every change to one variant's lots is serialised by that row lock, so the
 * lots read here are current, and the conditional updates below are a second guard, never the only one.
 */

export interface LotPart {
  lotId: number;
  quantity: number;
}

/** A lot as received: its number, and where the item has them an expiry date, GTIN and serial numbers. */
export interface ReceivedLot {
  lotNumber: string;
  expiryDate?: string | null;
  gtin?: string | null;
  serials?: string[];
}

/** Today's date as expiry is counted (UTC), YYYY-MM-DD. */
export const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/**
 * A lot is sold while it is not recalled and has no expiry date or one after today: from its expiry date on it is
 * expired and never reserved.
 */
export const sellableLot = (today: string): SQL =>
  sql`${stockLots.recalledAt} is null and (${stockLots.expiryDate} is null or ${stockLots.expiryDate} > ${today})`;

/** First expiry first out: the earliest expiry date first, lots without one last, then the oldest lot. */
export const FEFO_ORDER = [sql`${stockLots.expiryDate} asc nulls last`, asc(stockLots.id)];

const free = sql<number>`(${stockLots.currentStock} - ${stockLots.reservedStock})`;
/** The routes whose stock changes reach the ledger: each answers 409 when a change would take stock below zero. */
const LEDGER_ROUTES = [
  createMovement, openRecall, processPayment, acceptQuote, advanceOrder, cancelOrder, staffCancelOrder,
] as const;
export const notEnoughStock = () => apiError(LEDGER_ROUTES, 'INSUFFICIENT_STOCK', 409, 'Not enough stock for this change.', { reason: 'lots' });

type Step = 'reserve' | 'release' | 'sell' | 'remove';

const stepChange: Record<Step, { current: number; reserved: number; guard: (q: number) => SQL }> = {
  reserve: { current: 0, reserved: 1, guard: (q) => sql`${free} >= ${q}` },
  release: { current: 0, reserved: -1, guard: (q) => sql`${stockLots.reservedStock} >= ${q}` },
  sell: { current: -1, reserved: 0, guard: (q) => sql`${free} >= ${q}` },
  remove: { current: -1, reserved: 0, guard: (q) => sql`${free} >= ${q}` },
};

async function applyParts(tx: DbOrTx, variantId: number, step: Step, parts: LotPart[]): Promise<LotPart[]> {
  const change = stepChange[step];
  for (const part of parts) {
    const [row] = await tx.update(stockLots).set({
      currentStock: sql`${stockLots.currentStock} + ${change.current * part.quantity}`,
      reservedStock: sql`${stockLots.reservedStock} + ${change.reserved * part.quantity}`,
    }).where(and(eq(stockLots.id, part.lotId), eq(stockLots.variantId, variantId), change.guard(part.quantity)))
      .returning({ id: stockLots.id });
    if (!row) throw notEnoughStock();
  }
  return parts;
}

const sumOf = (parts: LotPart[]) => parts.reduce((total, part) => total + part.quantity, 0);

function checkParts(parts: LotPart[], quantity: number) {
  if (parts.some((part) => !Number.isInteger(part.quantity) || part.quantity <= 0) || sumOf(parts) !== quantity) {
    throw new RangeError(`Lot quantities must be positive and add up to ${quantity}`);
  }
  return parts;
}

/** Which lots a step takes from when the caller does not say. */
function candidates(tx: DbOrTx, variantId: number, step: Step) {
  const where = {
    reserve: and(sql`${free} > 0`, sellableLot(todayUtc())),
    release: gt(stockLots.reservedStock, 0),
    sell: sql`${free} > 0`,
    remove: sql`${free} > 0`,
  }[step];
  const units = step === 'release' ? stockLots.reservedStock : free;
  return tx.select({ lotId: stockLots.id, units: sql<number>`${units}::int` }).from(stockLots)
    .where(and(eq(stockLots.variantId, variantId), where)).orderBy(...FEFO_ORDER);
}

/**
 * Takes `quantity` units out of the variant's lots for one step: from the given parts, or else in FEFO order (a
 * reservation only from sellable lots). 409 when the lots cannot cover it.
 */
export async function takeFromLots(tx: DbOrTx, variantId: number, quantity: number, step: Step, given?: LotPart[]): Promise<LotPart[]> {
  if (given) return applyParts(tx, variantId, step, checkParts(given, quantity));
  const parts: LotPart[] = [];
  let needed = quantity;
  for (const lot of await candidates(tx, variantId, step)) {
    if (needed === 0) break;
    const take = Math.min(needed, Number(lot.units));
    parts.push({ lotId: lot.lotId, quantity: take });
    needed -= take;
  }
  if (needed > 0) throw notEnoughStock();
  return applyParts(tx, variantId, step, parts);
}

async function existingLot(tx: DbOrTx, variantId: number, lotNumber: string | null) {
  const [row] = await tx.select().from(stockLots)
    .where(and(eq(stockLots.variantId, variantId), lotNumber === null ? isNull(stockLots.lotNumber) : eq(stockLots.lotNumber, lotNumber)));
  return row;
}

/** Field errors of a received lot that conflict with what the shop already holds. */
async function receivedLotProblems(tx: DbOrTx, variantId: number, lot: ReceivedLot, quantity: number) {
  const problems: string[] = [];
  const existing = await existingLot(tx, variantId, lot.lotNumber);
  if (existing && (existing.expiryDate ?? null) !== (lot.expiryDate ?? null)) {
    problems.push(`Lot ${lot.lotNumber} is already held with ${existing.expiryDate ? `expiry ${existing.expiryDate}` : 'no expiry date'}.`);
  }
  if (lot.gtin) {
    const [other] = await tx.select({ variantId: stockLots.variantId }).from(stockLots)
      .where(and(eq(stockLots.gtin, lot.gtin), sql`${stockLots.variantId} <> ${variantId}`)).limit(1);
    if (other) problems.push(`GTIN ${lot.gtin} belongs to another product.`);
  }
  const serials = lot.serials ?? [];
  if (serials.length && serials.length !== quantity) problems.push(`Give one serial number per unit: ${quantity} units, ${serials.length} serial numbers.`);
  if (new Set(serials).size !== serials.length) problems.push('A serial number is given twice.');
  if (existing && serials.length) {
    const [taken] = await tx.select({ serial: lotSerials.serial }).from(lotSerials)
      .where(and(eq(lotSerials.lotId, existing.id), sql`${lotSerials.serial} = any(${sql.param(serials)}::text[])`)).limit(1);
    if (taken) problems.push(`Serial number ${taken.serial} of lot ${lot.lotNumber} was received before.`);
  }
  return problems;
}

/**
 * Puts `quantity` units into lots: the given parts (stock coming back to the lots it left), a received lot
 * (created or topped up), or the variant's unlabelled lot.
 */
export async function addToLots(
  tx: DbOrTx, variantId: number, quantity: number, target: { lots?: LotPart[]; lot?: ReceivedLot },
): Promise<LotPart[]> {
  if (target.lots) {
    const parts = checkParts(target.lots, quantity);
    for (const part of parts) {
      const [row] = await tx.update(stockLots).set({ currentStock: sql`${stockLots.currentStock} + ${part.quantity}` })
        .where(and(eq(stockLots.id, part.lotId), eq(stockLots.variantId, variantId))).returning({ id: stockLots.id });
      if (!row) throw new RangeError(`Lot ${part.lotId} is not a lot of variant ${variantId}`);
    }
    return parts;
  }
  const lot = target.lot;
  if (lot) {
    const problems = await receivedLotProblems(tx, variantId, lot, quantity);
    if (problems.length) throw badRequest({ gs1: problems });
  }
  if (!lot) return [{ lotId: (await addToUnlabelledLots(tx, [{ variantId, quantity }])).get(variantId)!, quantity }];
  const [row] = await tx.insert(stockLots).values({
    variantId,
    lotNumber: lot.lotNumber,
    expiryDate: lot.expiryDate ?? null,
    gtin: lot.gtin ?? null,
    currentStock: quantity,
  }).onConflictDoUpdate({
    target: [stockLots.variantId, stockLots.lotNumber],
    set: {
      currentStock: sql`${stockLots.currentStock} + ${quantity}`,
      ...(lot.gtin ? { gtin: lot.gtin } : {}),
    },
  }).returning({ id: stockLots.id });
  if (lot.serials?.length) await tx.insert(lotSerials).values(lot.serials.map((serial) => ({ lotId: row.id, serial })));
  return [{ lotId: row.id, quantity }];
}

/**
 * Adds units to each variant's unlabelled lot (its stock without a lot number), made when missing: one statement for
 * any number of variants, each given once. Answers each variant's lot id.
 */
export async function addToUnlabelledLots(tx: DbOrTx, additions: { variantId: number; quantity: number }[]): Promise<Map<number, number>> {
  const rows = await tx.insert(stockLots).values(additions.map(({ variantId, quantity }) => ({ variantId, currentStock: quantity })))
    .onConflictDoUpdate({
      target: stockLots.variantId,
      targetWhere: isNull(stockLots.lotNumber),
      set: { currentStock: sql`${stockLots.currentStock} + excluded.current_stock` },
    }).returning({ id: stockLots.id, variantId: stockLots.variantId });
  return new Map(rows.map((row) => [row.variantId, row.id]));
}
