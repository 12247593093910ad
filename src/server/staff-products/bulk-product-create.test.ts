import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productInput } from '#contracts/staff-products';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';
import { categories, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems, stockMovements } from '../db/schema/inventory.ts';
import { stockLots } from '../db/schema/lots.ts';
import { adjustUpwards } from '../inventory/stock-ledger.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createTestMailer } from '../test/test-mailer.ts';
import { insertNewProducts, type Creation } from './bulk-product-create.ts';
import { csvOf, firstRow, sizedRows } from './product-csv-fixtures.ts';
import { importProductCsv } from './product-csv-import.ts';
import { parseProductCsv } from './product-csv-parse.ts';
import { createProduct } from './product-writer.ts';
import { scissorsInput } from './staff-product-fixtures.ts';
import { productAsInput } from './stored-product.ts';

let database: Database;
let categoryId: number;
let actor: { id: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
  [{ id: categoryId }] = await database.db.insert(categories).values({ slug: 'forceps', name: 'Forceps' }).returning();
  const { user } = await createTestUser(database.db, { email: 'catalogue@shop.test', staffRole: 'catalogue' });
  actor = { id: user.id, email: user.email };
});
afterAll(() => database.close());

const fields = (code: string, overrides: Parameters<typeof scissorsInput>[1] = {}) =>
  productInput.parse(scissorsInput(categoryId, { name: `Scissors ${code}`, ...overrides }, code));

const createdIds = (results: Creation[]) => results.map((result) => ('id' in result ? result.id : null));

describe('creating new products in one batch', () => {
  it('refuses a bad product on its own fields and creates the others, each with its audit entry read back as stored', async () => {
    await createProduct(database.db, actor, fields('SHOP'));
    const batch = [
      fields('B1', { slug: 'scissors-b1' }),
      // A catalogue number of the shop, and a tier dearer than its variant.
      fields('B2', {
        variants: [{ options: { Length: '14 cm', Tip: 'Straight' }, model_number: 'SHOP-14-S', price: '20.00', tiers: [{ min_quantity: 5, price: '30.00' }] }],
        options: [{ name: 'Length', values: ['14 cm'] }, { name: 'Tip', values: ['Straight'] }],
      }),
      // The first product's address and, on its first variant, the first product's GTIN.
      fields('B3', { slug: 'scissors-b1' }),
      fields('B4'),
    ];
    batch[0].variants[0].gtin = '5901234123457';
    batch[2].variants[0].gtin = '5901234123457';
    const results = await database.db.transaction((tx) => insertNewProducts(tx, actor, batch));
    const ids = createdIds(results);
    expect(ids[0]).toEqual(expect.any(Number));
    expect(ids[3]).toEqual(expect.any(Number));
    expect(results[1]).toEqual({
      errors: {
        'variants.0.model_number': ['Another variant in the shop has this catalogue number.'],
        'variants.0.tiers.0.price': ['A tier price must be below the variant price.'],
      },
    });
    expect(results[2]).toEqual({
      errors: {
        'variants.0.gtin': ['Another variant in the shop has this GTIN.'],
        slug: ['Another product has or had this address.'],
      },
    });
    const stored = await database.db.select({ slug: products.slug }).from(products).where(inArray(products.id, [ids[0]!, ids[3]!]));
    expect(stored.map((row) => row.slug).sort()).toEqual(['scissors-b1', 'scissors-b4']);
    for (const id of [ids[0]!, ids[3]!]) {
      const trail = await database.db.select({ action: auditLog.action, after: auditLog.after }).from(auditLog)
        .where(eq(auditLog.entityId, String(id)));
      expect(trail).toEqual([{ action: 'product.create', after: await productAsInput(database.db, id) }]);
    }
  });
});

describe('importing new products', () => {
  it('creates the good products of a batch beside a bad one and gives their variants opening stock through the ledger', async () => {
    const csv = csvOf([
      ...sizedRows('batch-scissors', ['14 cm', '16 cm'], { 'Variant Barcode': '4012345678901' }),
      // Another product of the file has this GTIN.
      firstRow('batch-clamp', { 'Variant Barcode': '4012345678901' }),
      firstRow('batch-hook', { 'Variant Inventory Qty': '3' }),
    ]);
    const deps = { db: database.db, mailer: createTestMailer(), publicUrl: 'http://shop.test', log: console };
    const result = await importProductCsv(deps, actor, await parseProductCsv(csv), {
      dryRun: false, images: { fetchImage: () => Promise.reject(new Error('no images')) },
    });
    expect(result.products).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(result.errors).toEqual([{
      row: 4, column: 'Variant Barcode', handle: 'batch-clamp', key: 'gtin_in_shop', message: 'Another variant in the shop has this GTIN.',
    }]);
    const variants = await database.db.select({ id: productVariants.id, productId: productVariants.productId, slug: products.slug })
      .from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(products.slug, ['batch-scissors', 'batch-clamp', 'batch-hook'])).orderBy(asc(productVariants.id));
    expect(variants.map((row) => row.slug)).toEqual(['batch-scissors', 'batch-scissors', 'batch-hook']);
    const ids = variants.map((row) => row.id);
    const movements = await database.db.select({ variantId: stockMovements.variantId, kind: stockMovements.kind, quantity: stockMovements.quantity, reason: stockMovements.reason })
      .from(stockMovements).where(inArray(stockMovements.variantId, ids)).orderBy(asc(stockMovements.variantId));
    expect(movements).toEqual([[ids[0], 5], [ids[1], 6], [ids[2], 3]]
      .map(([variantId, quantity]) => ({ variantId, kind: 'adjust', quantity, reason: 'CSV import' })));
    const lots = await database.db.select({ variantId: stockLots.variantId, stock: stockLots.currentStock }).from(stockLots)
      .where(and(inArray(stockLots.variantId, ids), isNull(stockLots.lotNumber))).orderBy(asc(stockLots.variantId));
    const items = await database.db.select({ variantId: inventoryItems.variantId, stock: inventoryItems.currentStock }).from(inventoryItems)
      .where(inArray(inventoryItems.variantId, ids)).orderBy(asc(inventoryItems.variantId));
    expect(lots).toEqual([{ variantId: ids[0], stock: 5 }, { variantId: ids[1], stock: 6 }, { variantId: ids[2], stock: 3 }]);
    expect(items).toEqual(lots);
    const hook = variants[2].productId;
    const trail = await database.db.select({ action: auditLog.action, before: auditLog.before, after: auditLog.after }).from(auditLog)
      .where(eq(auditLog.entityId, String(hook))).orderBy(asc(auditLog.id));
    expect(trail.map((entry) => entry.action)).toEqual(['product.create', 'stock.adjust']);
    expect(trail[1]).toMatchObject({
      before: { variants: [{ model_number: 'BATCH-HOOK-1', current_stock: 0 }] },
      after: { reason: 'CSV import', variants: [{ model_number: 'BATCH-HOOK-1', current_stock: 3 }] },
    });
  });

  it('adds to a variant that already has stock, and refuses a variant given twice or a count that is not positive', async () => {
    const [variant] = await database.db.select({ id: productVariants.id }).from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId)).where(eq(products.slug, 'batch-hook'));
    const [level] = await adjustUpwards(database.db, [{ variantId: variant.id, quantity: 4, reason: 'Count' }]);
    expect(level).toMatchObject({ variantId: variant.id, currentStock: 7, reservedStock: 0, availableStock: 7, movementId: expect.any(Number) });
    const [lot] = await database.db.select({ stock: stockLots.currentStock }).from(stockLots)
      .where(and(eq(stockLots.variantId, variant.id), isNull(stockLots.lotNumber)));
    expect(lot.stock).toBe(7);
    await expect(adjustUpwards(database.db, [{ variantId: variant.id, quantity: 1 }, { variantId: variant.id, quantity: 2 }])).rejects.toThrow(RangeError);
    await expect(adjustUpwards(database.db, [{ variantId: variant.id, quantity: 0 }])).rejects.toThrow(RangeError);
  });
});
