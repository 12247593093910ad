import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import type { ImportResult } from '#contracts/staff-products';
import type { Db } from '../db/client.ts';
import { categories, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { multipart, type Part } from '../test/multipart-body.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { ImageFailure } from './product-csv-images.ts';

/**
 * Shopify's own product template, the product_template.csv its import dialog offers (Example T-Shirt, Example Jeans,
 * Example Beanie: 3 products, 16 variants), kept as it is in fixtures/. The copy is the one in the public repository
 * yavuztopsever/shopify-automation (product_template.csv, commit 147ae911fcfa8b6664fd4714977f97b94d7feab4).
 */
const TEMPLATE = readFileSync(new URL('./fixtures/shopify-product-template.csv', import.meta.url), 'utf8');
const SHOPIFY_CDN = 'burst.shopifycdn.com';

let t: TestApp;
let db: Db;
let headers: Record<string, string>;
const fetched: string[] = [];

beforeAll(async () => {
  // The template's images are on Shopify's CDN, which this shop cannot reach here: the fetcher says so as the shop's does.
  t = await createTestApp({
    fetchImage: async (url) => {
      fetched.push(url.href);
      throw new ImageFailure({ key: 'image_unreachable', params: { host: url.hostname } });
    },
  });
  db = t.database.db;
  await db.insert(categories).values([
    { slug: 'general-surgery', name: 'General Surgery' },
    { slug: 'hats', name: 'Hats' },
  ]);
  headers = (await createTestUser(db, { email: 'catalogue@shop.test', staffRole: 'catalogue' })).headers;
});
afterAll(() => t.close());

function upload(csv: string, fields: { dryRun?: boolean; defaultCategory?: string } = {}) {
  const parts: Part[] = [{ name: 'file', value: csv, filename: 'product_template.csv', contentType: 'text/csv' }];
  if (fields.defaultCategory !== undefined) parts.push({ name: 'default_category', value: fields.defaultCategory });
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST', url: `/api/staff/products/import/${fields.dryRun ? '?dry_run=1' : ''}`,
    headers: { ...headers, 'content-type': contentType }, payload,
  });
}

async function imported(csv: string, fields: { dryRun?: boolean; defaultCategory?: string } = {}): Promise<ImportResult> {
  const res = await upload(csv, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const counts = (created: number, updated: number, unchanged: number) => ({ created, updated, unchanged });
const keysOf = (problems: ImportResult['warnings']) => problems.reduce<Record<string, number>>(
  (tally, problem) => ({ ...tally, [problem.key]: (tally[problem.key] ?? 0) + 1 }), {},
);

describe("Shopify's own product template", () => {
  it('is refused product by product when no category matches and none is chosen, and a default that does not exist is a 400', async () => {
    const result = await imported(TEMPLATE, { dryRun: true });
    // The beanie's Product Category names Hats; the shirt and the jeans name no category of this shop.
    expect(result.products).toEqual(counts(1, 0, 0));
    expect(result.errors).toEqual([
      expect.objectContaining({ row: 2, column: 'Product Category', handle: 'example-shirt', key: 'category_unmatched' }),
      expect.objectContaining({ row: 14, column: 'Product Category', handle: 'example-pants', key: 'category_unmatched' }),
    ]);
    const unknown = await upload(TEMPLATE, { dryRun: true, defaultCategory: 'clamps' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ default_category: ['No category has the slug clamps.'] });
  });

  it('previews as 3 products and 16 variants with warnings only: barcodes that are not GTINs, compare-at prices below the price', async () => {
    const result = await imported(TEMPLATE, { dryRun: true, defaultCategory: 'general-surgery' });
    expect(result.products).toEqual(counts(3, 0, 0));
    expect(result.variants).toEqual(counts(16, 0, 0));
    expect(result.errors).toEqual([]);
    expect(keysOf(result.warnings)).toEqual({ columns_ignored: 1, barcode_not_gtin: 14, compare_at_not_above: 3 });
    expect(result.warnings[0]).toMatchObject({ row: 1, handle: '', key: 'columns_ignored' });
    expect(result.warnings).toContainEqual({
      row: 15, column: 'Variant Compare At Price', handle: 'example-pants', key: 'compare_at_not_above',
      params: { compare_at: '64.95', price: '95' }, message: 'The compare-at price 64.95 is not above the price 95: it is left out.',
    });
    expect(fetched).toEqual([]);
  });

  it('imports as 3 products and 16 variants, drafts and archived as their Status says; unreachable images are warnings worded for a person', async () => {
    const result = await imported(TEMPLATE, { defaultCategory: 'general-surgery' });
    expect(result.products).toEqual(counts(3, 0, 0));
    expect(result.variants).toEqual(counts(16, 0, 0));
    expect(result.errors).toEqual([]);
    // Each address once; the CDN is asked once, then known to be out of reach for the rest of the file.
    expect(keysOf(result.warnings)).toEqual({ columns_ignored: 1, barcode_not_gtin: 14, compare_at_not_above: 3, image_unreachable: 11 });
    expect(result.warnings).toContainEqual({
      row: 2, column: 'Image Src', handle: 'example-shirt', key: 'image_unreachable', params: { host: SHOPIFY_CDN },
      message: `The image was not added: ${SHOPIFY_CDN} could not be reached.`,
    });
    expect(result.warnings.map((warning) => warning.message).join(' ')).not.toMatch(/ENOTFOUND|getaddrinfo/);
    expect(fetched).toHaveLength(1);

    const stored = await db.select({ slug: products.slug, status: products.status, category: categories.slug, type: products.instrumentType })
      .from(products).innerJoin(categories, eq(categories.id, products.categoryId)).orderBy(asc(products.id));
    expect(stored).toEqual([
      { slug: 'example-shirt', status: 'active', category: 'general-surgery', type: 'Shirts' },
      { slug: 'example-pants', status: 'draft', category: 'general-surgery', type: 'Pants' },
      { slug: 'example-hat', status: 'archived', category: 'hats', type: 'Hat' },
    ]);
    const variants = await db.select({
      sku: productVariants.modelNumber, options: productVariants.options, gtin: productVariants.gtin, price: productVariants.priceCents,
      was: productVariants.originalPriceCents, cost: productVariants.costCents, grams: productVariants.weightGrams, stock: inventoryItems.currentStock,
    }).from(productVariants).innerJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id)).orderBy(asc(productVariants.id));
    expect(variants).toHaveLength(16);
    expect(variants.filter((variant) => variant.gtin).map((variant) => [variant.sku, variant.gtin])).toEqual([
      ['SRT_COT_233', '777979207524'], ['SRT_COT_333', '845853890770'],
    ]);
    expect(variants[0]).toEqual({
      sku: 'SRT_COT_111', options: { Color: 'Green', Size: 'S' }, gtin: null, price: 2500, was: null, cost: null, grams: 145, stock: 0,
    });
    // Decimal grams rounded; a compare-at price below the price left out; the cost per item kept.
    expect(variants.slice(12).map(({ sku, price, was, cost, grams, stock }) => [sku, price, was, cost, grams, stock])).toEqual([
      ['PNT_DEN_285', 9500, null, 5000, 227, 20],
      ['PNT_DEN_305', 9500, null, 5000, 283, 15],
      ['PNT_DEN_405', 9500, null, 5000, 397, 10],
      ['HAT_GRY_275', 1799, 2299, 850, 72, 50],
    ]);

    // The same file again changes nothing.
    const again = await imported(TEMPLATE, { defaultCategory: 'general-surgery' });
    expect([again.products, again.variants, again.errors]).toEqual([counts(0, 0, 3), counts(0, 0, 16), []]);
  });
});
