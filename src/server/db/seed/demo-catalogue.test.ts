import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { categories, documents, flashSales, productImages, products } from '../schema/catalog.ts';
import { inventoryItems, stockMovements } from '../schema/inventory.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { generateCatalogue } from './catalogue-generator.ts';
import { seedDemoCatalogue, type SeedSummary } from './demo-catalogue.ts';
import { INSTRUMENT_TYPES } from './instrument-types.ts';
import { INSTRUMENT_FAMILIES } from '../../media/instrument-families.ts';

const PRODUCT_COUNT = 150;
const now = new Date('2026-03-01T12:00:00Z');

describe('seedDemoCatalogue', () => {
  let database: Database;
  let summary: SeedSummary;

  beforeAll(async () => {
    database = await createTestDatabase();
    summary = await seedDemoCatalogue(database.db, { productCount: PRODUCT_COUNT, now });
  });

  afterAll(async () => {
    await database?.close();
  });

  it('creates the specialty categories', async () => {
    const slugs = (await database.db.select({ slug: categories.slug }).from(categories)).map((row) => row.slug);
    expect(slugs.length).toBeGreaterThanOrEqual(10);
    expect(slugs).toEqual(expect.arrayContaining(['cardiology', 'neurosurgery', 'orthopedics', 'general-surgery']));
    expect(summary.categories).toBe(slugs.length);
  });

  it('writes products with unique slugs and model numbers', async () => {
    const rows = await database.db.select({ slug: products.slug, modelNumber: products.modelNumber }).from(products);
    expect(rows).toHaveLength(PRODUCT_COUNT);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(PRODUCT_COUNT);
    expect(new Set(rows.map((r) => r.modelNumber)).size).toBe(PRODUCT_COUNT);
    expect(summary.products).toBe(PRODUCT_COUNT);
  });

  it('gives every product an inventory row and at least one image', async () => {
    const productIds = (await database.db.select({ id: products.id }).from(products)).map((row) => row.id).sort((a, b) => a - b);
    const inventoryIds = (await database.db.select({ id: inventoryItems.productId }).from(inventoryItems)).map((row) => row.id).sort((a, b) => a - b);
    const imaged = new Set((await database.db.select({ id: productImages.productId }).from(productImages)).map((row) => row.id));
    expect(inventoryIds).toEqual(productIds);
    expect(productIds.filter((id) => !imaged.has(id))).toEqual([]);
  });

  it('stores real PDF documents', async () => {
    const ifus = await database.db.select({ content: documents.content, sizeBytes: documents.sizeBytes }).from(documents)
      .where(eq(documents.kind, 'ifu'));
    expect(ifus.length).toBe(INSTRUMENT_TYPES.length);
    for (const ifu of ifus) {
      expect(ifu.content.subarray(0, 4).toString('latin1')).toBe('%PDF');
      expect(ifu.content.length).toBe(ifu.sizeBytes);
    }
    expect(summary.documents).toBeGreaterThanOrEqual(100);
    expect(summary.documents).toBeLessThanOrEqual(200);
  });

  it('keeps the stock ledger in step with current stock', async () => {
    const ledger = new Map((await database.db
      .select({ productId: stockMovements.productId, total: sql<number>`sum(${stockMovements.quantity})::int` })
      .from(stockMovements).groupBy(stockMovements.productId)).map((row) => [row.productId, row.total]));
    const stock = await database.db.select({ productId: inventoryItems.productId, current: inventoryItems.currentStock }).from(inventoryItems);
    expect(stock).toHaveLength(PRODUCT_COUNT);
    for (const row of stock) expect(ledger.get(row.productId)).toBe(row.current);
  });

  it('seeds flash sales with real windows, allocations within stock and nothing claimed', async () => {
    const sales = await database.db.select({
      startsAt: flashSales.startsAt, endsAt: flashSales.endsAt, units: flashSales.units, claimedUnits: flashSales.claimedUnits,
      salePriceCents: flashSales.salePriceCents, priceCents: products.priceCents, stock: inventoryItems.currentStock,
    }).from(flashSales).innerJoin(inventoryItems, eq(inventoryItems.productId, flashSales.productId))
      .innerJoin(products, eq(products.id, flashSales.productId));
    expect(sales.length).toBeGreaterThanOrEqual(6);
    expect(sales.length).toBeLessThanOrEqual(8);
    expect(sales.length).toBe(summary.flashSales);
    expect(sales.filter((sale) => sale.startsAt <= now).length).toBeGreaterThanOrEqual(4);
    expect(sales.some((sale) => sale.units === null)).toBe(true);
    for (const sale of sales) {
      expect(sale.endsAt.getTime()).toBeGreaterThan(now.getTime());
      expect(sale.endsAt.getTime() - sale.startsAt.getTime()).toBeLessThanOrEqual(72 * 3_600_000);
      expect(sale.claimedUnits).toBe(0);
      expect(sale.salePriceCents).toBeLessThan(sale.priceCents);
      if (sale.units !== null) expect(sale.units).toBeGreaterThan(0);
      if (sale.units !== null) expect(sale.units).toBeLessThanOrEqual(sale.stock);
    }
  });

});

describe('generateCatalogue', () => {
  it('is deterministic for the same options', () => {
    const snapshot = () => [...generateCatalogue({ productCount: PRODUCT_COUNT, now }).products()]
      .map((p) => ({ name: p.name, slug: p.slug, priceCents: p.priceCents, originalPriceCents: p.originalPriceCents }));
    expect(snapshot()).toEqual(snapshot());
  });

  it('defines enough real instrument types, each drawn with a known family', () => {
    expect(INSTRUMENT_TYPES.length).toBeGreaterThanOrEqual(100);
    expect(new Set(INSTRUMENT_TYPES.map((t) => t.slug)).size).toBe(INSTRUMENT_TYPES.length);
    for (const type of INSTRUMENT_TYPES) expect(INSTRUMENT_FAMILIES).toContain(type.family);
  });
});
