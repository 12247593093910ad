import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { categories, documents, flashSales, productImages, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems, stockMovements } from '../db/schema/inventory.ts';
import { rowsOf } from '../db/rows.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { generateCatalogue } from './catalogue-generator.ts';
import { seedDemoCatalogue, type SeedSummary } from './demo-catalogue.ts';
import { INSTRUMENT_TYPES } from './instrument-types.ts';
import { INSTRUMENT_FAMILIES } from '../media/instrument-families.ts';

const VARIANT_COUNT = 150;
const now = new Date('2026-03-01T12:00:00Z');

describe('seedDemoCatalogue', () => {
  let database: Database;
  let summary: SeedSummary;

  beforeAll(async () => {
    database = await createTestDatabase();
    summary = await seedDemoCatalogue(database.db, { variantCount: VARIANT_COUNT, now });
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

  it('writes products with unique slugs, grouping their variants with unique catalogue numbers', async () => {
    const rows = await database.db.select({ slug: products.slug, variantCount: products.variantCount }).from(products);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    expect(summary.products).toBe(rows.length);
    expect(rows.reduce((sum, row) => sum + row.variantCount, 0)).toBe(VARIANT_COUNT);
    const variants = await database.db.select({ modelNumber: productVariants.modelNumber }).from(productVariants);
    expect(variants).toHaveLength(VARIANT_COUNT);
    expect(new Set(variants.map((v) => v.modelNumber)).size).toBe(VARIANT_COUNT);
    expect(summary.variants).toBe(VARIANT_COUNT);
  });

  it('gives every variant an inventory row and every product at least one image', async () => {
    const productIds = (await database.db.select({ id: products.id }).from(products)).map((row) => row.id);
    const variantIds = (await database.db.select({ id: productVariants.id }).from(productVariants)).map((row) => row.id).sort((a, b) => a - b);
    const inventoryIds = (await database.db.select({ id: inventoryItems.variantId }).from(inventoryItems)).map((row) => row.id).sort((a, b) => a - b);
    const imaged = new Set((await database.db.select({ id: productImages.productId }).from(productImages)).map((row) => row.id));
    expect(inventoryIds).toEqual(variantIds);
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

  it('records each hand instrument\'s regulatory data, its eIFU being its product\'s IFU, and leaves GMDN codes unrecorded', async () => {
    const recorded = rowsOf<{ instrument_type: string; sterility: string; eifu_url: string; gmdn_code: string; ifu: string }>(await database.db.execute(sql`
      select p.instrument_type, r.sterility, r.eifu_url, r.gmdn_code,
        (select '/api/documents/' || d.slug || '/download/' from product_documents pd join documents d on d.id = pd.document_id
          where pd.product_id = p.id and d.kind = 'ifu' limit 1) as ifu
      from variant_regulatory r join product_variants v on v.id = r.variant_id join products p on p.id = v.product_id`));
    const handInstruments = new Set(INSTRUMENT_TYPES.filter((type) => type.kind === 'hand-instrument').map((type) => type.slug));
    expect(recorded.length).toBeGreaterThan(0);
    for (const row of recorded) {
      expect(handInstruments.has(row.instrument_type)).toBe(true);
      expect(row).toMatchObject({ sterility: 'sterilise_before_use', gmdn_code: '', eifu_url: row.ifu });
    }
  });

  it('keeps the stock ledger in step with current stock', async () => {
    const ledger = new Map((await database.db
      .select({ variantId: stockMovements.variantId, total: sql<number>`sum(${stockMovements.quantity})::int` })
      .from(stockMovements).groupBy(stockMovements.variantId)).map((row) => [row.variantId, row.total]));
    const stock = await database.db.select({ variantId: inventoryItems.variantId, current: inventoryItems.currentStock }).from(inventoryItems);
    expect(stock).toHaveLength(VARIANT_COUNT);
    for (const row of stock) expect(ledger.get(row.variantId)).toBe(row.current);
  });

  it('seeds flash sales with real windows, allocations within stock and nothing claimed', async () => {
    const sales = await database.db.select({
      startsAt: flashSales.startsAt, endsAt: flashSales.endsAt, units: flashSales.units, claimedUnits: flashSales.claimedUnits,
      salePriceCents: flashSales.salePriceCents, priceCents: productVariants.priceCents, stock: inventoryItems.currentStock,
    }).from(flashSales).innerJoin(inventoryItems, eq(inventoryItems.variantId, flashSales.variantId))
      .innerJoin(productVariants, eq(productVariants.id, flashSales.variantId));
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
    const snapshot = () => [...generateCatalogue({ variantCount: VARIANT_COUNT, now }).products()]
      .map((p) => ({ name: p.name, slug: p.slug, variants: p.variants.map((v) => [v.modelNumber, v.options, v.priceCents, v.originalPriceCents]) }));
    expect(snapshot()).toEqual(snapshot());
  });

  it('sells each pattern from one brand as one product, its sizes, tips and inserts as variants', () => {
    const catalogue = [...generateCatalogue({ now }).products()];
    const variants = catalogue.flatMap((p) => p.variants);
    expect(variants.length).toBe(1200);
    expect(new Set(variants.map((v) => v.index)).size).toBe(1200);
    // A type with few combinations starts over as a second series once every one is used.
    const firstSeries = catalogue.filter((p) => !/, series \d+$/.test(p.name));
    expect(new Set(firstSeries.map((p) => `${p.typeSlug} ${p.brand}`)).size).toBe(firstSeries.length);
    expect(catalogue.filter((p) => p.variants.length >= 4).length).toBeGreaterThan(50);
    for (const product of catalogue) {
      if (product.variants.length === 1) {
        expect(product.options).toEqual([]);
        expect(product.variants[0]!.options).toEqual({});
        continue;
      }
      expect(product.options.length).toBeGreaterThanOrEqual(1);
      expect(product.options.length).toBeLessThanOrEqual(3);
      const combinations = product.variants.map((v) => JSON.stringify(product.options.map((o) => v.options[o.name])));
      expect(new Set(combinations).size).toBe(product.variants.length);
      for (const variant of product.variants) {
        for (const option of product.options) expect(option.values).toContain(variant.options[option.name]);
      }
      // What the variants differ in is chosen on the page, not written in the product's specifications.
      expect(product.specifications.map(([key]) => key)).not.toEqual(expect.arrayContaining(product.options.map((o) => o.name)));
    }
  });

  it('defines enough real instrument types, each drawn with a known family', () => {
    expect(INSTRUMENT_TYPES.length).toBeGreaterThanOrEqual(100);
    expect(new Set(INSTRUMENT_TYPES.map((t) => t.slug)).size).toBe(INSTRUMENT_TYPES.length);
    for (const type of INSTRUMENT_TYPES) expect(INSTRUMENT_FAMILIES).toContain(type.family);
  });
});
