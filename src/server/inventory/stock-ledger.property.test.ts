import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { stockMovements } from '../db/schema/inventory.ts';
import { HttpError } from '../lib/errors.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { lotTotals } from '../test/lot-fixtures.ts';
import { adjust, receive, release, reserve, sellReserved, stockLevel, writeOff } from './stock-ledger.ts';

let database: Database;
let variantId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const { products } = await insertCatalogue(database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 1500, stock: 0 },
  ]);
  variantId = products[0].variantId;
});
afterAll(() => database.close());

type Operation =
  | { kind: 'receive' | 'return' | 'damage' | 'reserve' | 'release' | 'sale'; quantity: number }
  | { kind: 'adjust'; quantity: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('receive', 'return', 'damage', 'reserve', 'release', 'sale' as const), quantity: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('adjust' as const), quantity: fc.integer({ min: -8, max: 8 }).filter((q) => q !== 0) }),
);

/** What the ledger should do: the new levels, or null where it must refuse (409). */
function expected(model: { current: number; reserved: number }, op: Operation) {
  const available = model.current - model.reserved;
  switch (op.kind) {
    case 'receive':
    case 'return':
      return { current: model.current + op.quantity, reserved: model.reserved };
    case 'damage':
      return available >= op.quantity ? { current: model.current - op.quantity, reserved: model.reserved } : null;
    case 'adjust':
      return available + op.quantity >= 0 ? { current: model.current + op.quantity, reserved: model.reserved } : null;
    case 'reserve':
      return available >= op.quantity ? { current: model.current, reserved: model.reserved + op.quantity } : null;
    case 'release':
      return model.reserved >= op.quantity ? { current: model.current, reserved: model.reserved - op.quantity } : null;
    case 'sale':
      return model.reserved >= op.quantity ? { current: model.current - op.quantity, reserved: model.reserved - op.quantity } : null;
  }
}

function apply(op: Operation) {
  const db = database.db;
  const input = { variantId, quantity: op.quantity, reason: 'property test' };
  switch (op.kind) {
    case 'receive': return receive(db, input);
    case 'return': return receive(db, input, 'return');
    case 'damage': return writeOff(db, input);
    case 'adjust': return adjust(db, input);
    case 'reserve': return reserve(db, input);
    case 'release': return release(db, input);
    case 'sale': return sellReserved(db, input);
  }
}

async function ledgerTotals() {
  const [row] = await database.db.select({
    current: sql<number>`coalesce(sum(quantity) filter (where kind in ('receive', 'return', 'adjust', 'damage', 'sale')), 0)::int`,
    reserved: sql<number>`coalesce(sum(quantity) filter (where kind in ('reserve', 'release')), 0)::int`,
  }).from(stockMovements).where(eq(stockMovements.variantId, variantId));
  return row;
}

describe('stock ledger (property)', () => {
  it('follows the model for any sequence: refusals exactly when stock would go below zero, columns equal to the ledger', async () => {
    await fc.assert(fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
      const start = await stockLevel(database.db, variantId);
      let model = { current: start.currentStock, reserved: start.reservedStock };
      for (const op of operations) {
        const next = expected(model, op);
        const outcome = await apply(op).then(
          (level) => ({ ok: true as const, level }),
          (error: unknown) => {
            if (error instanceof HttpError && error.status === 409) return { ok: false as const };
            throw error;
          },
        );
        expect(outcome.ok, JSON.stringify({ model, op })).toBe(next !== null);
        if (next) {
          model = next;
          if (outcome.ok) expect(outcome.level).toMatchObject({ currentStock: next.current, reservedStock: next.reserved });
        }
      }
      const level = await stockLevel(database.db, variantId);
      expect(level).toMatchObject({ currentStock: model.current, reservedStock: model.reserved, availableStock: model.current - model.reserved });
      expect(level.availableStock).toBeGreaterThanOrEqual(0);
      expect(await ledgerTotals()).toEqual({ current: level.currentStock, reserved: level.reservedStock });
      const totals = await lotTotals(database.db, variantId);
      expect(totals.lots).toEqual(totals.item);
    }), { numRuns: 60 });
  });
});
