import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { stockLots } from '../db/schema/lots.ts';
import { stockMovements } from '../db/schema/inventory.ts';
import { receive, release, reserve, sellReserved, stockLevel, writeOff } from '../inventory/stock-ledger.ts';
import { HttpError } from '../lib/errors.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { writeOffExpiredLots } from './expiry-sweep.ts';
import { listExpiringLots, listProductLots } from './lots.service.ts';
import { daysFromToday, lotsOf, lotTotals } from '../test/lot-fixtures.ts';

let database: Database;
let ids: number[];
/** The two lengths of one bone screw. */
let short: number;
let long: number;
let screw: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const { products } = await insertCatalogue(database.db, ['orthopedics'], [
    { name: 'Cortical Screw', category: 'orthopedics', priceCents: 1500, stock: 3 },
    { name: 'Cancellous Screw', category: 'orthopedics', priceCents: 1500, stock: 0 },
    { name: 'Compression Plate', category: 'orthopedics', priceCents: 9000, stock: 3 },
    { name: 'Indicator Tape', category: 'orthopedics', priceCents: 900, stock: 0 },
    { name: 'Test Pack', category: 'orthopedics', priceCents: 900, stock: 0 },
    {
      name: 'Bone Screw', category: 'orthopedics', priceCents: 1200, options: [{ name: 'Length', values: ['14 mm', '18 mm'] }],
      variants: [{ options: { Length: '14 mm' }, stock: 0 }, { options: { Length: '18 mm' }, stock: 0 }],
    },
  ]);
  ids = products.map((p) => p.variantId);
  [short, long] = products[5].variants.map((variant) => variant.id);
  screw = products[5].id;
});
afterAll(() => database.close());

const lot = (lotNumber: string, days: number | null) => ({ lotNumber, expiryDate: days === null ? null : daysFromToday(days) });

const status = (promise: Promise<unknown>) => promise.then(() => 200, (error: unknown) => {
  if (error instanceof HttpError) return error.status;
  throw error;
});

describe('lots and first-expiry-first-out', () => {
  it('keeps opening stock as an unlabelled lot and takes the earliest expiry first, lots without expiry last', async () => {
    const db = database.db;
    const id = ids[0];
    await receive(db, { variantId: id, quantity: 4, lot: lot('LATE', 300) });
    await receive(db, { variantId: id, quantity: 2, lot: lot('SOON', 30) });
    await receive(db, { variantId: id, quantity: 3, lot: lot('MID', 120) });
    expect(await lotsOf(db, id)).toMatchObject({
      '(unlabelled)': { current: 3 }, LATE: { current: 4 }, SOON: { current: 2 }, MID: { current: 3 },
    });

    const first = await reserve(db, { variantId: id, quantity: 3 });
    const lots = await lotsOf(db, id);
    expect(first.lots).toEqual([{ lotId: lots.SOON.id, quantity: 2 }, { lotId: lots.MID.id, quantity: 1 }]);
    const second = await reserve(db, { variantId: id, quantity: 8 });
    expect(second.lots).toEqual([
      { lotId: lots.MID.id, quantity: 2 }, { lotId: lots.LATE.id, quantity: 4 }, { lotId: lots['(unlabelled)'].id, quantity: 2 },
    ]);
    expect(await lotTotals(db, id)).toEqual({ lots: { current: 12, reserved: 11 }, item: { current: 12, reserved: 11 } });

    // The sale and the release move exactly the lots they are given.
    await sellReserved(db, { variantId: id, quantity: 3, lots: first.lots });
    await release(db, { variantId: id, quantity: 8, lots: second.lots });
    expect(await lotsOf(db, id)).toMatchObject({
      SOON: { current: 0, reserved: 0 }, MID: { current: 2, reserved: 0 }, LATE: { current: 4, reserved: 0 }, '(unlabelled)': { current: 3, reserved: 0 },
    });
    expect(await lotTotals(db, id)).toEqual({ lots: { current: 9, reserved: 0 }, item: { current: 9, reserved: 0 } });
  });

  it('never reserves an expired lot, or one expiring today', async () => {
    const db = database.db;
    const id = ids[1];
    await receive(db, { variantId: id, quantity: 5, lot: lot('OLD', -1) });
    await receive(db, { variantId: id, quantity: 2, lot: lot('TODAY', 0) });
    await receive(db, { variantId: id, quantity: 2, lot: lot('FRESH', 10) });
    // The inventory row alone would allow 9; the lots allow 2.
    expect(await status(reserve(db, { variantId: id, quantity: 3 }))).toBe(409);
    const held = await reserve(db, { variantId: id, quantity: 2 });
    expect(held.lots).toEqual([{ lotId: (await lotsOf(db, id)).FRESH.id, quantity: 2 }]);
    expect(await status(reserve(db, { variantId: id, quantity: 1 }))).toBe(409);
    expect(await stockLevel(db, id)).toMatchObject({ currentStock: 9, reservedStock: 2 });
    expect(await lotTotals(db, id)).toEqual({ lots: { current: 9, reserved: 2 }, item: { current: 9, reserved: 2 } });
  });

  it('writes off the free units of expired lots, so available stock no longer counts them', async () => {
    const db = database.db;
    const id = ids[1];
    const deps = { db, mailer: { send: async () => {} }, publicUrl: '', log: console as never };
    // OLD (5) and TODAY (2) have reached their expiry; FRESH is fully reserved.
    expect(await writeOffExpiredLots(deps)).toBe(7);
    expect(await stockLevel(db, id)).toMatchObject({ currentStock: 2, reservedStock: 2, availableStock: 0 });
    const reasons = await db.select({ reason: stockMovements.reason, quantity: stockMovements.quantity }).from(stockMovements)
      .where(eq(stockMovements.variantId, id));
    expect(reasons).toContainEqual({ reason: `Lot OLD expired on ${daysFromToday(-1)}`, quantity: -5 });
    expect(await writeOffExpiredLots(deps)).toBe(0);
    expect(await lotTotals(db, id)).toEqual({ lots: { current: 2, reserved: 2 }, item: { current: 2, reserved: 2 } });
  });

  it('never reserves a recalled lot', async () => {
    const db = database.db;
    const id = ids[2];
    await receive(db, { variantId: id, quantity: 2, lot: lot('BAD', 20) });
    await db.update(stockLots).set({ recalledAt: new Date() }).where(eq(stockLots.lotNumber, 'BAD'));
    const held = await reserve(db, { variantId: id, quantity: 3 });
    expect(held.lots).toEqual([{ lotId: (await lotsOf(db, id))['(unlabelled)'].id, quantity: 3 }]);
    expect(await status(reserve(db, { variantId: id, quantity: 1 }))).toBe(409);
  });

  it('lets 50 concurrent buyers reserve exactly the sellable units, each lot within its stock', async () => {
    const db = database.db;
    const id = ids[3];
    await receive(db, { variantId: id, quantity: 4, lot: lot('A', 15) });
    await receive(db, { variantId: id, quantity: 3, lot: lot('B', 40) });
    await receive(db, { variantId: id, quantity: 5, lot: lot('GONE', -3) });
    await receive(db, { variantId: id, quantity: 3 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => reserve(db, { variantId: id, quantity: 1 })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as HttpError).status).toBe(409);
    }
    expect(await lotsOf(db, id)).toMatchObject({
      A: { current: 4, reserved: 4 }, B: { current: 3, reserved: 3 }, GONE: { current: 5, reserved: 0 }, '(unlabelled)': { current: 3, reserved: 3 },
    });
    expect(await lotTotals(db, id)).toEqual({ lots: { current: 15, reserved: 10 }, item: { current: 15, reserved: 10 } });
  });

  it('writes off from the earliest-expiring free units when no lot is named', async () => {
    const db = database.db;
    const id = ids[4];
    await receive(db, { variantId: id, quantity: 2, lot: lot('X', 200) });
    await receive(db, { variantId: id, quantity: 2, lot: lot('Y', 50) });
    await writeOff(db, { variantId: id, quantity: 3, reason: 'Crushed carton' });
    expect(await lotsOf(db, id)).toMatchObject({ X: { current: 1 }, Y: { current: 0 } });
  });

  it('refuses a lot received again with another expiry, or a serial number received twice', async () => {
    const db = database.db;
    const id = ids[4];
    const error = await receive(db, { variantId: id, quantity: 1, lot: lot('X', 90) }).catch((e: unknown) => e as HttpError);
    expect(error).toMatchObject({ status: 400, errors: { gs1: [`Lot X is already held with expiry ${daysFromToday(200)}.`] } });
    await receive(db, { variantId: id, quantity: 1, lot: { ...lot('S', 365), serials: ['SN-1'] } });
    const again = await receive(db, { variantId: id, quantity: 1, lot: { ...lot('S', 365), serials: ['SN-1'] } }).catch((e: unknown) => e as HttpError);
    expect(again).toMatchObject({ status: 400, errors: { gs1: ['Serial number SN-1 of lot S was received before.'] } });
    expect(await lotTotals(db, id)).toEqual({ lots: { current: 2, reserved: 0 }, item: { current: 2, reserved: 0 } });
  });

  it("takes a variant's lots only: the other length's sooner-expiring lots, even of the same lot number, stay untouched", async () => {
    const db = database.db;
    await receive(db, { variantId: short, quantity: 3, lot: lot('L1', 60) });
    await receive(db, { variantId: long, quantity: 4, lot: lot('L1', 60) });
    await receive(db, { variantId: long, quantity: 5, lot: lot('L0', 5) });

    const held = await reserve(db, { variantId: short, quantity: 2 });
    const shortLots = await lotsOf(db, short);
    expect(held.lots).toEqual([{ lotId: shortLots.L1.id, quantity: 2 }]);
    // The long screws' stock would cover it; the short ones' does not.
    expect(await status(reserve(db, { variantId: short, quantity: 2 }))).toBe(409);
    expect(await lotsOf(db, long)).toMatchObject({ L0: { current: 5, reserved: 0 }, L1: { current: 4, reserved: 0 } });
    expect(await lotTotals(db, short)).toEqual({ lots: { current: 3, reserved: 2 }, item: { current: 3, reserved: 2 } });
    expect(await lotTotals(db, long)).toEqual({ lots: { current: 9, reserved: 0 }, item: { current: 9, reserved: 0 } });

    // The long screws take their own soonest lot; a release naming the short screws' lot moves nothing.
    const longHeld = await reserve(db, { variantId: long, quantity: 2 });
    expect(longHeld.lots).toEqual([{ lotId: (await lotsOf(db, long)).L0.id, quantity: 2 }]);
    expect(await status(release(db, { variantId: long, quantity: 2, lots: held.lots }))).toBe(409);
    expect(await lotTotals(db, long)).toEqual({ lots: { current: 9, reserved: 2 }, item: { current: 9, reserved: 2 } });
    expect(await lotsOf(db, short)).toMatchObject({ L1: { current: 3, reserved: 2 } });

    // Staff see each lot with its variant: the product's lots a variant at a time, the expiring ones soonest first.
    const labelled = (lots: { variantId: number; variantLabel: string; lotNumber: string | null }[]) =>
      lots.map((row) => [row.variantId, row.variantLabel, row.lotNumber]);
    expect(labelled(await listProductLots(db, screw))).toEqual([[short, '14 mm', 'L1'], [long, '18 mm', 'L0'], [long, '18 mm', 'L1']]);
    const expiring = (await listExpiringLots(db, 90)).filter((row) => row.productId === screw);
    expect(expiring.map((row) => [row.variantId, row.variantLabel, row.productModel, row.lotNumber])).toEqual([
      [long, '18 mm', 'T-1005-2', 'L0'], [short, '14 mm', 'T-1005', 'L1'], [long, '18 mm', 'T-1005-2', 'L1'],
    ]);
  });
});
