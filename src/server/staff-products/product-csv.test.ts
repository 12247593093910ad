import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import type { ImportResult } from '#contracts/staff-products';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';
import {
  categories, productCertifications, productFeatures, productImageRenditions, productImages, productOptions, products,
  productSlugRedirects, productSpecifications, productVariants,
} from '../db/schema/catalog.ts';
import { inventoryItems, stockMovements } from '../db/schema/inventory.ts';
import { productHandling } from '../db/schema/lots.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { multipart, type Part } from '../test/multipart-body.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/test-app.ts';
import { deflatedZeros, zipOf } from '../test/zip-fixtures.ts';
import { csvOf, firstRow, sizedRows } from './product-csv-fixtures.ts';
import { ImageFailure } from './product-csv-images.ts';
import { importProductCsv } from './product-csv-import.ts';
import { parseProductCsv } from './product-csv-parse.ts';
import { parse as parseCsv } from 'csv-parse/sync';
import { updateProduct } from './product-writer.ts';
import { productAsInput } from './stored-product.ts';

let t: TestApp;
let db: Db;
let headers: Record<string, string>;
let actor: { id: string; email: string };

const CATEGORIES = ['forceps', 'scissors'];
const insertCategories = (target: Db) => target.insert(categories)
  .values(CATEGORIES.map((slug, i) => ({ slug, name: slug, sortOrder: i }))).returning();

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await insertCategories(db);
  const staff = await createTestUser(db, { email: 'catalogue@shop.test', staffRole: 'catalogue' });
  headers = staff.headers;
  actor = { id: staff.user.id, email: staff.user.email };
});
afterAll(() => t.close());

const png = (colour: string) => sharp({ create: { width: 320, height: 240, channels: 3, background: colour } }).png().toBuffer();

function upload(app: TestApp, csv: string, options: { dryRun?: boolean; zip?: Buffer; auth?: Record<string, string> } = {}) {
  const parts: Part[] = [{ name: 'file', value: csv, filename: 'products.csv', contentType: 'text/csv' }];
  if (options.zip) parts.push({ name: 'images', value: options.zip, filename: 'images.zip', contentType: 'application/zip' });
  const { payload, contentType } = multipart(parts);
  return app.app.inject({
    method: 'POST', url: `/api/staff/products/import/${options.dryRun ? '?dry_run=1' : ''}`,
    headers: { ...(options.auth ?? headers), 'content-type': contentType }, payload,
  });
}

async function imported(csv: string, options: { dryRun?: boolean; zip?: Buffer } = {}, app = t): Promise<ImportResult> {
  const res = await upload(app, csv, options);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const idOf = async (slug: string, target = db) => (await target.select({ id: products.id }).from(products).where(eq(products.slug, slug)))[0]?.id;

/** Row counts of every table an import may write. */
async function tableCounts(target = db) {
  const tables = {
    products, productVariants, productOptions, productImages, productImageRenditions, productCertifications, productFeatures,
    productSpecifications, productSlugRedirects, productHandling, priceTiers, inventoryItems, stockMovements, auditLog,
  };
  const entries = await Promise.all(Object.entries(tables).map(async ([name, table]) => [name, (await target.select({ n: count() }).from(table))[0].n]));
  return Object.fromEntries(entries) as Record<string, number>;
}

const photosOf = async (slug: string) => (await db.select({ n: count() }).from(productImages)
  .where(eq(productImages.productId, (await idOf(slug))!)))[0].n;

/** The import service's dependencies on a test app, for calling it with a fetcher of the test's own. */
const serviceDeps = (app: TestApp) => ({
  db: app.database.db, mailer: app.mailer, publicUrl: TEST_PUBLIC_URL, log: console,
});

const counts = (created: number, updated: number, unchanged: number) => ({ created, updated, unchanged });

describe('who may import and export', () => {
  it('is refused to buyers and to staff outside the catalogue', async () => {
    const buyer = await createTestUser(db, { email: 'buyer@shop.test' });
    const fulfilment = await createTestUser(db, { email: 'fulfilment@shop.test', staffRole: 'fulfilment' });
    const csv = csvOf([firstRow('refused-forceps')]);
    expect((await upload(t, csv, { auth: buyer.headers })).statusCode).toBe(403);
    expect((await upload(t, csv, { auth: fulfilment.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/products/export/', headers: fulfilment.headers })).statusCode).toBe(403);
    expect(await idOf('refused-forceps')).toBeUndefined();
  });

  it('answers 400 when no CSV file is sent', async () => {
    const { payload, contentType } = multipart([{ name: 'note', value: 'nothing' }]);
    const res = await t.app.inject({
      method: 'POST', url: '/api/staff/products/import/', headers: { ...headers, 'content-type': contentType }, payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ file: ['Choose a CSV file.'] });
  });
});

describe('importing products', () => {
  const csv = csvOf([
    ...sizedRows('mayo-scissors', ['14 cm', '16 cm', '18 cm'], { Category: 'scissors', Certifications: 'CE' }),
    firstRow('adson-forceps', { Features: 'German steel', Specifications: 'Length: 12 cm', Sterile: 'TRUE' }),
  ]);

  it('on a dry run answers what would change and writes nothing', async () => {
    const before = await tableCounts();
    expect(await imported(csv, { dryRun: true })).toEqual({ products: counts(2, 0, 0), variants: counts(4, 0, 0), errors: [], warnings: [] });
    expect(await tableCounts()).toEqual(before);
  });

  it('creates the products, sets their stock through the ledger and records each write in the audit trail', async () => {
    expect(await imported(csv)).toEqual({ products: counts(2, 0, 0), variants: counts(4, 0, 0), errors: [], warnings: [] });
    const scissors = await productAsInput(db, (await idOf('mayo-scissors'))!);
    expect(scissors).toMatchObject({
      name: 'mayo scissors', status: 'active', certifications: ['CE'], options: [{ name: 'Length', values: ['14 cm', '16 cm', '18 cm'] }],
    });
    expect(scissors.variants.map((variant) => [variant.model_number, variant.price])).toEqual([
      ['MAYO-SCISSORS-14', '20.00'], ['MAYO-SCISSORS-16', '21.00'], ['MAYO-SCISSORS-18', '22.00'],
    ]);
    const movements = await db.select({ quantity: stockMovements.quantity, kind: stockMovements.kind, reason: stockMovements.reason })
      .from(stockMovements).innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .where(eq(productVariants.productId, scissors.id));
    expect(movements).toEqual(expect.arrayContaining([5, 6, 7].map((quantity) => ({ quantity, kind: 'adjust', reason: 'CSV import' }))));
    const levels = await db.select({ stock: inventoryItems.currentStock }).from(inventoryItems)
      .innerJoin(productVariants, eq(productVariants.id, inventoryItems.variantId)).where(eq(productVariants.productId, scissors.id));
    expect(levels.map((row) => row.stock).sort()).toEqual([5, 6, 7]);
    const trail = await db.select({ action: auditLog.action, after: auditLog.after }).from(auditLog)
      .where(eq(auditLog.entityId, String(scissors.id))).orderBy(auditLog.id);
    expect(trail.map((row) => row.action)).toEqual(['product.create', 'stock.adjust']);
    expect(trail[1].after).toEqual({
      reason: 'CSV import',
      variants: [5, 6, 7].map((stock, i) => ({ model_number: scissors.variants[i].model_number, current_stock: stock })),
    });
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await tableCounts();
    expect(await imported(csv)).toEqual({ products: counts(0, 0, 2), variants: counts(0, 0, 4), errors: [], warnings: [] });
    expect(await tableCounts()).toEqual(before);
  });

  it('updates what the file changes: a price, a stock count, a left-out variant; a dry run says so first', async () => {
    const rows = sizedRows('mayo-scissors', ['14 cm', '16 cm'], { Category: 'scissors', Certifications: 'CE' });
    rows[0]['Variant Price'] = '19.50';
    rows[1]['Variant Inventory Qty'] = '9';
    const changed = csvOf(rows);
    const expected = { products: counts(0, 1, 0), variants: counts(0, 3, 0), errors: [], warnings: [] };
    expect(await imported(changed, { dryRun: true })).toEqual(expected);
    expect(await imported(changed)).toEqual(expected);
    const scissors = await productAsInput(db, (await idOf('mayo-scissors'))!);
    expect(scissors.variants.map((variant) => [variant.model_number, variant.price, variant.is_active])).toEqual([
      ['MAYO-SCISSORS-14', '19.50', true], ['MAYO-SCISSORS-16', '21.00', true], ['MAYO-SCISSORS-18', '22.00', false],
    ]);
    expect(await imported(changed)).toEqual({ products: counts(0, 0, 1), variants: counts(0, 0, 2), errors: [], warnings: [] });
  });

  it('keeps what the file has no column for: a file of a few columns leaves the rest of the product as it is', async () => {
    const id = (await idOf('adson-forceps'))!;
    const before = await productAsInput(db, id);
    const few = ['Handle', 'Title', 'Vendor', 'Type', 'Category', 'Variant SKU', 'Variant Price'];
    expect(await imported(csvOf([firstRow('adson-forceps', { Title: 'Adson Dressing Forceps' })], few)))
      .toEqual({ products: counts(0, 1, 0), variants: counts(0, 0, 1), errors: [], warnings: [] });
    const after = await productAsInput(db, id);
    expect(after).toEqual({ ...before, name: 'Adson Dressing Forceps', updated_at: after.updated_at });
  });

  it('reports bad rows with their row, column and reason, and applies the good products', async () => {
    const rows = [
      firstRow('kelly-forceps'),
      ...sizedRows('metzenbaum-scissors', ['14 cm', '18 cm'], { Category: 'scissors' }),
      firstRow('allis-forceps', { Category: 'clamps' }),
      firstRow('babcock-forceps', { 'Variant SKU': 'MAYO-SCISSORS-14' }),
    ];
    rows[2]['Variant Price'] = 'free';
    const result = await imported(csvOf(rows));
    expect(result.products).toEqual(counts(1, 0, 0));
    expect(result.errors).toEqual([
      expect.objectContaining({ row: 4, column: 'Variant Price', handle: 'metzenbaum-scissors', key: 'invalid_price' }),
      expect.objectContaining({ row: 5, column: 'Category', handle: 'allis-forceps', key: 'category_not_found', params: { category: 'clamps' } }),
      {
        row: 6, column: 'Variant SKU', handle: 'babcock-forceps', key: 'catalogue_number_taken',
        message: 'Another product has this catalogue number.',
      },
    ]);
    expect(await idOf('kelly-forceps')).toBeDefined();
    for (const slug of ['metzenbaum-scissors', 'allis-forceps', 'babcock-forceps']) expect(await idOf(slug)).toBeUndefined();
  });

  it("gives every row problem a key the page translates, the product rules' too", async () => {
    const rows = [
      ...sizedRows('twin-clamp', ['14 cm', '14 cm']),
      firstRow('hook-retractor', { 'Variant Barcode': '4012345678900' }),
      firstRow('deaver-retractor', { 'Variant Barcode': '4012345678901' }),
      firstRow('army-retractor', { 'Variant Barcode': '4012345678901', 'Variant SKU': 'DEAVER-RETRACTOR-1' }),
    ];
    const result = await imported(csvOf(rows));
    expect(result.errors.map((problem) => problem.key)).toEqual(expect.arrayContaining(['variant_values_twice', 'catalogue_number_twice']));
    expect(result.errors.filter((problem) => problem.key === 'invalid')).toEqual([]);
    expect(result.warnings.filter((problem) => problem.key === 'invalid')).toEqual([]);
  });

  it('refuses a stock count below what is reserved for orders, on its row, and saves the rest', async () => {
    const id = (await idOf('kelly-forceps'))!;
    const [variant] = await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, id));
    await db.update(inventoryItems).set({ reservedStock: 4 }).where(eq(inventoryItems.variantId, variant.id));
    const result = await imported(csvOf([firstRow('kelly-forceps', { 'Variant Inventory Qty': '2', 'Variant Price': '13.00' })]));
    expect(result.errors).toEqual([{
      row: 2, column: 'Variant Inventory Qty', handle: 'kelly-forceps', key: 'stock_below_reserved', params: { reserved: 4 },
      message: '4 units are reserved for orders: the count cannot be below that.',
    }]);
    expect((await productAsInput(db, id)).variants[0].price).toBe('13.00');
  });
});

describe('images', () => {
  it('adds photos from the zip beside the CSV, once, and warns of a missing file on its row only', async () => {
    const zip = Buffer.from(zipSync({ 'photos/front.png': await png('#8899aa'), 'side.png': await png('#aa9988') }));
    const rows = [
      firstRow('iris-scissors', { Category: 'scissors', 'Image Src': 'front.png', 'Image Alt Text': 'Front' }),
      { Handle: 'iris-scissors', 'Image Src': 'side.png', 'Image Position': '2', 'Image Alt Text': 'Side' },
      { Handle: 'iris-scissors', 'Image Src': 'back.png', 'Image Position': '3' },
    ];
    const missing = {
      row: 4, column: 'Image Src', handle: 'iris-scissors', key: 'image_not_in_zip', params: { file: 'back.png' },
      message: 'The image was not added: the images zip has no file back.png.',
    };
    expect(await imported(csvOf(rows), { zip, dryRun: true })).toEqual({
      products: counts(1, 0, 0), variants: counts(1, 0, 0), errors: [], warnings: [missing],
    });
    const result = await imported(csvOf(rows), { zip });
    expect(result.products).toEqual(counts(1, 0, 0));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([missing]);
    const id = (await idOf('iris-scissors'))!;
    const photos = await db.select({ alt: productImages.alt }).from(productImages).where(eq(productImages.productId, id))
      .orderBy(productImages.position);
    expect(photos).toEqual([{ alt: 'Front' }, { alt: 'Side' }]);
    const before = await tableCounts();
    expect((await imported(csvOf(rows.slice(0, 2)), { zip })).products).toEqual(counts(0, 0, 1));
    expect(await tableCounts()).toEqual(before);
  });

  it('fetches an address through the fetcher it is given; a failing one is a warning on its row and fails nothing', async () => {
    const photo = await png('#446688');
    const fetched: string[] = [];
    const fetchImage = async (url: URL) => {
      fetched.push(url.href);
      if (url.pathname.endsWith('missing.png')) throw new ImageFailure({ key: 'image_status', params: { host: url.hostname, status: 404 } });
      return photo;
    };
    const rows = [
      firstRow('spencer-wells-forceps', { 'Image Src': 'https://images.example/sw.png' }),
      { Handle: 'spencer-wells-forceps', 'Image Src': 'https://images.example/missing.png' },
      { Handle: 'spencer-wells-forceps', 'Image Src': 'ftp://images.example/sw.png' },
      firstRow('kocher-forceps', { 'Image Src': 'https://images.example/notes.txt' }),
    ];
    const result = await importProductCsv(serviceDeps(t), actor, await parseProductCsv(csvOf(rows)), {
      dryRun: false, images: { fetchImage: async (url) => (url.pathname.endsWith('.txt') ? Buffer.from('not an image') : fetchImage(url)) },
    });
    expect(result.products).toEqual(counts(2, 0, 0));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      {
        row: 3, column: 'Image Src', handle: 'spencer-wells-forceps', key: 'image_status', params: { host: 'images.example', status: 404 },
        message: 'The image was not added: images.example answered with error 404.',
      },
      expect.objectContaining({ row: 4, column: 'Image Src', key: 'image_not_web' }),
      expect.objectContaining({ row: 5, column: 'Image Src', handle: 'kocher-forceps', key: 'image_not_photo' }),
    ]);
    expect(fetched).toEqual(['https://images.example/sw.png', 'https://images.example/missing.png']);
    expect(await photosOf('spencer-wells-forceps')).toBe(1);
    expect(await photosOf('kocher-forceps')).toBe(0);
  });
});

describe('images of variants, and an images zip that is a bomb', () => {
  it('shows each row\'s Variant Image on its variant, adding it to the gallery once; the export writes it back', async () => {
    const zip = Buffer.from(zipSync({ 'green.png': await png('#338833'), 'blue.png': await png('#333388') }));
    const rows = sizedRows('debakey-forceps', ['16 cm', '20 cm', '24 cm']);
    rows[0]['Image Src'] = 'green.png';
    rows[0]['Variant Image'] = 'green.png';
    rows[1]['Variant Image'] = 'blue.png';
    rows[2]['Variant Image'] = 'blue.png';
    // A dry run finds a file the zip lacks without reading anything: once, on the first row that names it.
    const missing = rows.map((row) => ({ ...row, 'Variant Image': 'red.png' }));
    expect((await imported(csvOf(missing), { zip, dryRun: true })).warnings).toEqual([
      expect.objectContaining({ row: 2, column: 'Variant Image', handle: 'debakey-forceps', key: 'image_not_in_zip', params: { file: 'red.png' } }),
    ]);
    const result = await imported(csvOf(rows), { zip });
    expect([result.errors, result.warnings]).toEqual([[], []]);
    const id = (await idOf('debakey-forceps'))!;
    const gallery = await db.select({ url: productImages.url }).from(productImages).where(eq(productImages.productId, id))
      .orderBy(productImages.position);
    const shown = await db.select({ sku: productVariants.modelNumber, image: productVariants.image }).from(productVariants)
      .where(eq(productVariants.productId, id)).orderBy(productVariants.position);
    expect(shown).toEqual([
      { sku: 'DEBAKEY-FORCEPS-16', image: gallery[0].url },
      { sku: 'DEBAKEY-FORCEPS-20', image: gallery[1].url },
      { sku: 'DEBAKEY-FORCEPS-24', image: gallery[1].url },
    ]);
    expect(gallery).toHaveLength(2);

    const before = await tableCounts();
    expect((await imported(csvOf(rows), { zip })).products).toEqual(counts(0, 0, 1));
    const exported = await t.app.inject({ method: 'GET', url: '/api/staff/products/export/?search=DEBAKEY', headers });
    const again = await imported(exported.body);
    expect([again.products, again.errors, again.warnings]).toEqual([counts(0, 0, 1), [], []]);
    expect(await tableCounts()).toEqual(before);
    expect((await parseProductCsv(exported.body)).products[0].variants.map((row) => row.record['Variant Image']))
      .toEqual([gallery[0].url, gallery[1].url, gallery[1].url].map((url) => new URL(url, `${TEST_PUBLIC_URL}/`).href));
  });

  it('refuses a zip whose directory unpacks to GBs with a 400 before unpacking anything, and writes nothing', async () => {
    // 300 files of 15 MB of zeros each: 4.5 GB in a zip of a few MB, each file named by the CSV.
    const bomb = await deflatedZeros('0.png', 15 * 1024 * 1024);
    const zip = zipOf(Array.from({ length: 300 }, (_, i) => ({ ...bomb, name: `${i}.png` })));
    const rows = Array.from({ length: 300 }, (_, i) => (i === 0
      ? firstRow('bomb-forceps', { 'Image Src': '0.png' }) : { Handle: 'bomb-forceps', 'Image Src': `${i}.png` }));
    const before = await tableCounts();
    const memory = process.memoryUsage().arrayBuffers;
    const res = await upload(t, csvOf(rows), { zip });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: { images: ['The images zip unpacks to more than 1 GB.'] },
      issues: { images: [{ key: 'zip_too_large', params: { max: 1 } }] },
    });
    expect(process.memoryUsage().arrayBuffers - memory).toBeLessThan(100 * 1024 * 1024);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('export', () => {
  it('writes every product in the import\'s columns, narrowed by the list\'s filters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/staff/products/export/?search=MAYO-SCISSORS', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const file = await parseProductCsv(res.body);
    expect(file.errors).toEqual([]);
    expect(file.products.map((product) => product.handle)).toEqual(['mayo-scissors']);
    expect(file.products[0].variants.map((row) => row.record['Variant SKU'])).toEqual(['MAYO-SCISSORS-14', 'MAYO-SCISSORS-16']);

    const drafts = await t.app.inject({ method: 'GET', url: '/api/staff/products/export/?status=draft', headers });
    expect((await parseProductCsv(drafts.body)).products).toEqual([]);
  });

  it('escapes cells a spreadsheet would run as formulas, and an import of the export reads them back as they were', async () => {
    const risky = firstRow('formula-forceps', {
      Title: '=HYPERLINK("http://evil.example","Forceps")', 'Short Description': '@SUM(A1:A9)', 'SEO Title': '+44 20 7946 0000',
      // A cell the import reads as an escaped one: the stored text begins with an apostrophe, which the export keeps.
      'SEO Description': '\'\'=already quoted', 'Variant SKU': '-1200',
    });
    expect((await imported(csvOf([risky]))).errors).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/api/staff/products/export/?search=HYPERLINK', headers });
    const [cells] = parseCsv(res.body, { columns: true }) as Record<string, string>[];
    expect(cells).toMatchObject({
      Title: '\'=HYPERLINK("http://evil.example","Forceps")', 'Short Description': '\'@SUM(A1:A9)', 'SEO Title': '\'+44 20 7946 0000',
      'SEO Description': '\'\'=already quoted',
      // A plain number is no formula in any spreadsheet: it stays as it is.
      'Variant SKU': '-1200', 'Variant Price': '12.50',
    });
    expect((await imported(res.body)).products).toEqual(counts(0, 0, 1));
    expect(await productAsInput(db, (await idOf('formula-forceps'))!)).toMatchObject({
      name: risky.Title, short_description: '@SUM(A1:A9)', meta_title: '+44 20 7946 0000', meta_description: '\'=already quoted',
      variants: [expect.objectContaining({ model_number: '-1200' })],
    });
  });

  it('writes each product\'s HS code and country of origin, and reads them back; a bad one is refused on its cell', async () => {
    const rows = [
      firstRow('customs-forceps', { 'HS Code': '9018.90.10', 'Country of Origin': 'de' }),
      firstRow('plain-forceps', { 'Variant SKU': 'PLAIN-1' }),
    ];
    expect((await imported(csvOf(rows))).errors).toEqual([]);
    expect(await productAsInput(db, (await idOf('customs-forceps'))!)).toMatchObject({ hs_code: '90189010', country_of_origin: 'DE' });
    expect(await productAsInput(db, (await idOf('plain-forceps'))!)).toMatchObject({ hs_code: '', country_of_origin: 'PK' });

    const res = await t.app.inject({ method: 'GET', url: '/api/staff/products/export/?search=forceps', headers });
    const cells = parseCsv(res.body, { columns: true }) as Record<string, string>[];
    expect(cells.find((row) => row.Handle === 'customs-forceps' && row.Title)).toMatchObject({ 'HS Code': '90189010', 'Country of Origin': 'DE' });
    expect(cells.find((row) => row.Handle === 'plain-forceps' && row.Title)).toMatchObject({ 'HS Code': '', 'Country of Origin': 'PK' });
    expect((await imported(res.body)).products.updated).toBe(0);

    const bad = await imported(csvOf([firstRow('customs-forceps', { 'HS Code': '90-18', 'Country of Origin': 'QQ' })]));
    expect(bad.errors.map((error) => error.column).sort()).toEqual(['Country of Origin', 'HS Code']);
    expect(await productAsInput(db, (await idOf('customs-forceps'))!)).toMatchObject({ hs_code: '90189010', country_of_origin: 'DE' });
  });

  it('writes each product\'s UNSPSC code and reads it back; an empty cell takes the category\'s code, a bad one is refused on its cell', async () => {
    const rows = [
      firstRow('classified-forceps', { UNSPSC: '4229 1800' }),
      firstRow('unclassified-forceps', { 'Variant SKU': 'UNCLASSIFIED-1' }),
    ];
    expect((await imported(csvOf(rows))).errors).toEqual([]);
    expect(await productAsInput(db, (await idOf('classified-forceps'))!)).toMatchObject({ unspsc: '42291800' });
    expect(await productAsInput(db, (await idOf('unclassified-forceps'))!)).toMatchObject({ unspsc: '42290000' });

    const res = await t.app.inject({ method: 'GET', url: '/api/staff/products/export/?search=classified', headers });
    const cells = parseCsv(res.body, { columns: true }) as Record<string, string>[];
    expect(cells.filter((row) => row.Title).map((row) => [row.Handle, row.UNSPSC]).sort()).toEqual([
      ['classified-forceps', '42291800'], ['unclassified-forceps', '42290000'],
    ]);
    expect((await imported(res.body)).products.updated).toBe(0);
    expect((await imported(res.body.replace(/42291800/g, '42291614'))).products.updated).toBe(1);
    expect(await productAsInput(db, (await idOf('classified-forceps'))!)).toMatchObject({ unspsc: '42291614' });

    const bad = await imported(csvOf([firstRow('classified-forceps', { UNSPSC: '4229' })]));
    expect(bad.errors).toMatchObject([{ column: 'UNSPSC', message: expect.stringMatching(/8-digit UNSPSC code/) }]);
    expect(await productAsInput(db, (await idOf('classified-forceps'))!)).toMatchObject({ unspsc: '42291614' });
  });

  it('reads back into an empty shop as the same catalogue, photos included', async () => {
    const scissors = (await idOf('mayo-scissors'))!;
    const stored = await productAsInput(db, scissors);
    await updateProduct(db, actor, scissors, {
      variants: stored.variants.filter((variant) => variant.is_active)
        .map((variant, i) => (i === 0 ? { ...variant, tiers: [{ min_quantity: 10, price: '18.00' }] } : variant)),
    });
    const exported = await t.app.inject({ method: 'GET', url: '/api/staff/products/export/', headers });
    // Importing its own export changes nothing, tiers (which have no column) included.
    expect((await imported(exported.body)).products.updated).toBe(0);

    const target = await createTestApp();
    try {
      await insertCategories(target.database.db);
      const owner = await createTestUser(target.database.db, { email: 'owner@shop.test', staffRole: 'owner' });
      const fetchImage = async (url: URL) => (await t.app.inject({ method: 'GET', url: url.pathname })).rawPayload;
      const result = await importProductCsv(serviceDeps(target), { id: owner.user.id, email: owner.user.email },
        await parseProductCsv(exported.body), { dryRun: false, images: { fetchImage } });
      expect(result.errors).toEqual([]);
      const slugs = (await db.select({ slug: products.slug }).from(products)).map((row) => row.slug);
      expect(result.products.created).toBe(slugs.length);
      const comparable = async (target: Db, slug: string) => {
        const { id: _id, updated_at: _at, category_id: _category, ...product } = await productAsInput(target, (await idOf(slug, target))!);
        const variants = product.variants.filter((v) => v.is_active).map(({ id: _v, tiers: _tiers, ...variant }) => variant);
        // An option value that no active variant has cannot be written in the file.
        const options = product.options.map((option) => ({
          ...option, values: option.values.filter((value) => variants.some((variant) => variant.options[option.name] === value)),
        }));
        return { ...product, options, variants };
      };
      for (const slug of slugs) expect(await comparable(target.database.db, slug)).toEqual(await comparable(db, slug));
      const photoCount = async (target: Db) => (await target.select({ n: count() }).from(productImages))[0].n;
      expect(await photoCount(target.database.db)).toBe(await photoCount(db));
    } finally {
      await target.close();
    }
  });
});
