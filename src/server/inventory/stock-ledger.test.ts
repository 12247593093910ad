import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { stockMovements } from '../db/schema/inventory.ts';
import { HttpError } from '../lib/errors.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestDatabase } from '../test/test-database.ts';
import {
  adjust, CURRENT_STOCK_KINDS, receive, release, RESERVED_STOCK_KINDS, reserve, sellReserved, stockLevel, writeOff,
} from './stock-ledger.ts';

let database: Database;
let ids: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  const { products } = await insertCatalogue(database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 1500, stock: 0 },
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1800, stock: 0 },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 1200, stock: 0 },
  ]);
  ids = products.map((p) => p.variantId);
});
afterAll(() => database.close());

/** Current and reserved stock recomputed from the movement rows alone. */
async function ledgerTotals(variantId: number) {
  const [row] = await database.db.select({
    current: sql<number>`coalesce(sum(quantity) filter (where kind in (${sql.join(CURRENT_STOCK_KINDS.map((k) => sql`${k}`), sql`, `)})), 0)::int`,
    reserved: sql<number>`coalesce(sum(quantity) filter (where kind in (${sql.join(RESERVED_STOCK_KINDS.map((k) => sql`${k}`), sql`, `)})), 0)::int`,
  }).from(stockMovements).where(eq(stockMovements.variantId, variantId));
  return row;
}

const rejects409 = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).status).toBe(409);
};

describe('stock ledger', () => {
  it('moves stock through receive, reserve, sale, release and write-off', async () => {
    const db = database.db;
    const id = ids[0];
    // The fixture's opening stock of 0 has no movement; everything below does.
    expect(await receive(db, { variantId: id, quantity: 10, reason: 'Delivery' })).toMatchObject({ currentStock: 10, availableStock: 10 });
    expect(await reserve(db, { variantId: id, quantity: 4 })).toMatchObject({ currentStock: 10, reservedStock: 4, availableStock: 6 });
    expect(await sellReserved(db, { variantId: id, quantity: 3 })).toMatchObject({ currentStock: 7, reservedStock: 1, availableStock: 6 });
    expect(await release(db, { variantId: id, quantity: 1 })).toMatchObject({ currentStock: 7, reservedStock: 0 });
    expect(await writeOff(db, { variantId: id, quantity: 2, reason: 'Damaged in transit' })).toMatchObject({ currentStock: 5 });
    expect(await adjust(db, { variantId: id, quantity: -1, reason: 'Stock count' })).toMatchObject({ currentStock: 4 });
    expect(await ledgerTotals(id)).toEqual({ current: 4, reserved: 0 });
  });

  it('refuses any change that would take available stock below zero, writing nothing', async () => {
    const db = database.db;
    const id = ids[1];
    await receive(db, { variantId: id, quantity: 3 });
    await reserve(db, { variantId: id, quantity: 2 });
    await rejects409(reserve(db, { variantId: id, quantity: 2 }));
    await rejects409(writeOff(db, { variantId: id, quantity: 2 }));
    await rejects409(adjust(db, { variantId: id, quantity: -2 }));
    await rejects409(release(db, { variantId: id, quantity: 3 }));
    await rejects409(sellReserved(db, { variantId: id, quantity: 3 }));
    expect(await stockLevel(db, id)).toMatchObject({ currentStock: 3, reservedStock: 2, availableStock: 1 });
    expect(await ledgerTotals(id)).toEqual({ current: 3, reserved: 2 });
  });

  it('rejects quantities that are not positive whole numbers', async () => {
    expect(() => receive(database.db, { variantId: ids[1], quantity: 0 })).toThrow(RangeError);
    expect(() => reserve(database.db, { variantId: ids[1], quantity: 1.5 })).toThrow(RangeError);
    expect(() => adjust(database.db, { variantId: ids[1], quantity: 0 })).toThrow(RangeError);
  });

  it('lets exactly the available units be reserved by 50 concurrent buyers', async () => {
    const db = database.db;
    const id = ids[2];
    await receive(db, { variantId: id, quantity: 10 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => reserve(db, { variantId: id, quantity: 1 })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await stockLevel(db, id)).toMatchObject({ currentStock: 10, reservedStock: 10, availableStock: 0 });
    expect(await ledgerTotals(id)).toEqual({ current: 10, reserved: 10 });
  });

  it('keeps the stock columns equal to the ledger over a long random sequence', async () => {
    const db = database.db;
    const id = ids[0];
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const operations = [
      () => receive(db, { variantId: id, quantity: 1 + Math.floor(random() * 5) }),
      () => reserve(db, { variantId: id, quantity: 1 + Math.floor(random() * 4) }),
      () => release(db, { variantId: id, quantity: 1 + Math.floor(random() * 3) }),
      () => sellReserved(db, { variantId: id, quantity: 1 + Math.floor(random() * 3) }),
      () => writeOff(db, { variantId: id, quantity: 1 + Math.floor(random() * 2) }),
      () => adjust(db, { variantId: id, quantity: Math.floor(random() * 7) - 3 || 1 }),
    ];
    for (let i = 0; i < 200; i++) {
      await operations[Math.floor(random() * operations.length)]().catch((e: unknown) => {
        if (!(e instanceof HttpError && e.status === 409)) throw e;
      });
      const levels = await stockLevel(db, id);
      expect(levels.availableStock).toBeGreaterThanOrEqual(0);
      expect(levels.reservedStock).toBeGreaterThanOrEqual(0);
    }
    const levels = await stockLevel(db, id);
    expect(await ledgerTotals(id)).toEqual({ current: levels.currentStock, reserved: levels.reservedStock });
  });
});
