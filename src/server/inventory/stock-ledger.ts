import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { inventoryItems, stockMovements } from '../db/schema/inventory.ts';
import { createMovement } from '#contracts/inventory';
import { apiError, notFound } from '../lib/errors.ts';
import { setComponents } from '../db/schema/instrument-sets.ts';
import { addToLots, addToUnlabelledLots, notEnoughStock, takeFromLots, type LotPart, type ReceivedLot } from '../lots/lot-ledger.ts';

/**
 * The stock ledger. Every change is a movement row, and the stock columns are its running totals:
 * current stock is the sum of receive, return, adjust, damage and sale quantities; reserved stock is the
 * sum of reserve and release quantities. Quantities are stored signed as the change they make.
 * Stock is held in lots (src/server/lots): each change also moves the same units in the variant's lots, in the same
 * transaction, so the lots always add up to the columns. Reservations take the earliest-expiring sellable lot first.
 */
export type MovementKind = (typeof stockMovements.kind.enumValues)[number];
export const CURRENT_STOCK_KINDS = ['receive', 'return', 'adjust', 'damage', 'sale'] as const satisfies MovementKind[];
export const RESERVED_STOCK_KINDS = ['reserve', 'release'] as const satisfies MovementKind[];

export interface MovementInput {
  variantId: number;
  /** Units, always positive except for 'adjust', whose sign is the direction. */
  quantity: number;
  reason?: string;
  userId?: string | null;
  /** The exact lots to move (stock going back where it came from); otherwise the ledger picks them. */
  lots?: LotPart[];
  /** Receiving only: the lot the units arrive in; otherwise the variant's unlabelled lot. */
  lot?: ReceivedLot;
}

export interface StockLevel {
  variantId: number;
  currentStock: number;
  reservedStock: number;
  availableStock: number;
}

const level = (row: { variantId: number; currentStock: number; reservedStock: number }): StockLevel => ({
  variantId: row.variantId,
  currentStock: row.currentStock,
  reservedStock: row.reservedStock,
  availableStock: row.currentStock - row.reservedStock,
});

/**
 * Applies one conditional update and writes its movement, in one transaction (a savepoint inside a caller's), so the
 * columns never move without their movement. The WHERE clause is what keeps stock from going negative under
 * concurrency (PostgreSQL re-checks it after waiting for a competing row lock).
 */
function update(
  db: DbOrTx,
  kind: MovementKind,
  input: MovementInput,
  change: { current: number; reserved: number },
  guard: ReturnType<typeof sql>,
  moveLots: (tx: DbOrTx) => Promise<LotPart[]>,
): Promise<StockLevel & { movementId: number; lots: LotPart[] }> {
  return db.transaction(async (tx) => {
    if (kind !== 'sale' && change.current !== 0) await refuseSetStock(tx, [input.variantId]);
    const [row] = await tx.update(inventoryItems)
      .set({
        currentStock: sql`${inventoryItems.currentStock} + ${change.current}`,
        reservedStock: sql`${inventoryItems.reservedStock} + ${change.reserved}`,
        updatedAt: new Date(),
      })
      .where(and(eq(inventoryItems.variantId, input.variantId), guard))
      .returning({
        variantId: inventoryItems.variantId,
        currentStock: inventoryItems.currentStock,
        reservedStock: inventoryItems.reservedStock,
      });
    if (!row) {
      const [exists] = await tx.select({ id: inventoryItems.id }).from(inventoryItems)
        .where(eq(inventoryItems.variantId, input.variantId));
      if (!exists) throw notFound('Inventory item not found.');
      throw notEnoughStock();
    }
    const lots = await moveLots(tx);
    const [movement] = await tx.insert(stockMovements).values({
      variantId: input.variantId,
      kind,
      quantity: change.current !== 0 ? change.current : change.reserved,
      reason: input.reason ?? '',
      userId: input.userId ?? null,
    }).returning({ id: stockMovements.id });
    return { ...level(row), movementId: movement.id, lots };
  });
}

export const SET_STOCK_DERIVED = "A set has no stock of its own: its stock follows its components. Receive, adjust or write off the components instead.";

/**
 * A set's inventory row is kept by the database at what its components make (0047): stock cannot be received into,
 * adjusted on or written off a set. 409 SET_STOCK_DERIVED when one of the variants is a set (staff change stock by hand
 * through createMovement; the CSV import refuses a set's count before it reaches the ledger).
 */
export async function refuseSetStock(db: DbOrTx, variantIds: number[]): Promise<void> {
  if (variantIds.length === 0) return;
  const [set] = await db.select({ id: setComponents.setVariantId }).from(setComponents)
    .where(sql`${setComponents.setVariantId} = any(${sql.param(variantIds)}::int[])`).limit(1);
  if (set) throw apiError(createMovement, 'SET_STOCK_DERIVED', 409, SET_STOCK_DERIVED);
}

const positive = (quantity: number) => {
  if (!Number.isInteger(quantity) || quantity <= 0) throw new RangeError(`Quantity must be a positive whole number, got ${quantity}`);
  return quantity;
};

const available = sql`${inventoryItems.currentStock} - ${inventoryItems.reservedStock}`;

/** Stock arriving or coming back: raises current stock. */
export function receive(db: DbOrTx, input: MovementInput, kind: 'receive' | 'return' = 'receive') {
  const q = positive(input.quantity);
  return update(db, kind, input, { current: q, reserved: 0 }, sql`true`, (tx) => addToLots(tx, input.variantId, q, input));
}

/** Stock leaving without a sale (damaged, lost): never below what is reserved. */
export function writeOff(db: DbOrTx, input: MovementInput) {
  const q = positive(input.quantity);
  return update(db, 'damage', input, { current: -q, reserved: 0 }, sql`${available} >= ${q}`,
    (tx) => takeFromLots(tx, input.variantId, q, 'remove', input.lots));
}

/** A stock count correction in either direction; never below what is reserved. */
export function adjust(db: DbOrTx, input: MovementInput) {
  const q = input.quantity;
  if (!Number.isInteger(q) || q === 0) throw new RangeError(`Adjustment must be a non-zero whole number, got ${q}`);
  return update(db, 'adjust', input, { current: q, reserved: 0 }, sql`${available} + ${q} >= 0`,
    (tx) => (q > 0 ? addToLots(tx, input.variantId, q, input) : takeFromLots(tx, input.variantId, -q, 'remove', input.lots)));
}

/**
 * Many stock count corrections upwards at once, each into its variant's unlabelled lot, as `adjust` makes them one by
 * one: the stock columns, the lots and a movement per variant, in three statements and one transaction (a savepoint
 * inside a caller's). Each variant at most once. Returns each variant's level and movement, in the order given.
 */
export async function adjustUpwards(db: DbOrTx, inputs: MovementInput[]): Promise<(StockLevel & { movementId: number })[]> {
  if (inputs.length === 0) return [];
  for (const input of inputs) {
    if (!Number.isInteger(input.quantity) || input.quantity <= 0) throw new RangeError(`Quantity must be a positive whole number, got ${input.quantity}`);
    if (input.lot || input.lots) throw new RangeError('Adjustments upwards go into the unlabelled lot');
  }
  const variantIds = inputs.map((input) => input.variantId);
  if (new Set(variantIds).size !== variantIds.length) throw new RangeError('Give each variant once');
  const quantities = inputs.map((input) => input.quantity);
  return db.transaction(async (tx) => {
    await refuseSetStock(tx, variantIds);
    const changes = sql`(select unnest(${sql.param(variantIds)}::int[]) as variant_id, unnest(${sql.param(quantities)}::int[]) as quantity)`;
    const rows = await tx.update(inventoryItems)
      .set({ currentStock: sql`${inventoryItems.currentStock} + c.quantity`, updatedAt: new Date() })
      .from(sql`${changes} c`)
      .where(sql`${inventoryItems.variantId} = c.variant_id`)
      .returning({
        variantId: inventoryItems.variantId,
        currentStock: inventoryItems.currentStock,
        reservedStock: inventoryItems.reservedStock,
      });
    if (rows.length !== inputs.length) throw notFound('Inventory item not found.');
    await addToUnlabelledLots(tx, inputs);
    const movements = await tx.insert(stockMovements).values(inputs.map((input) => ({
      variantId: input.variantId, kind: 'adjust' as const, quantity: input.quantity, reason: input.reason ?? '', userId: input.userId ?? null,
    }))).returning({ id: stockMovements.id, variantId: stockMovements.variantId });
    const levelOf = new Map(rows.map((row) => [row.variantId, level(row)]));
    const movementOf = new Map(movements.map((row) => [row.variantId, row.id]));
    return inputs.map((input) => ({ ...levelOf.get(input.variantId)!, movementId: movementOf.get(input.variantId)! }));
  });
}

/** Holds units for a checkout, earliest-expiring sellable lot first; fails with 409 when fewer are available. */
export function reserve(db: DbOrTx, input: MovementInput) {
  const q = positive(input.quantity);
  return update(db, 'reserve', input, { current: 0, reserved: q }, sql`${available} >= ${q}`,
    (tx) => takeFromLots(tx, input.variantId, q, 'reserve', input.lots));
}

/** Gives held units back (payment failed or abandoned). */
export function release(db: DbOrTx, input: MovementInput) {
  const q = positive(input.quantity);
  return update(db, 'release', input, { current: 0, reserved: -q }, sql`${inventoryItems.reservedStock} >= ${q}`,
    (tx) => takeFromLots(tx, input.variantId, q, 'release', input.lots));
}

/** Turns held units into a sale: the reservation is released and current stock goes down by the same amount. */
export function sellReserved(db: DbOrTx, input: MovementInput) {
  const q = positive(input.quantity);
  return db.transaction(async (tx) => {
    const released = await release(tx, input);
    return update(tx, 'sale', input, { current: -q, reserved: 0 }, sql`${available} >= ${q}`,
      (lotTx) => takeFromLots(lotTx, input.variantId, q, 'sell', released.lots));
  });
}

export async function stockLevel(db: Db, variantId: number): Promise<StockLevel> {
  const [row] = await db.select({
    variantId: inventoryItems.variantId,
    currentStock: inventoryItems.currentStock,
    reservedStock: inventoryItems.reservedStock,
  }).from(inventoryItems).where(eq(inventoryItems.variantId, variantId));
  if (!row) throw notFound('Inventory item not found.');
  return level(row);
}
