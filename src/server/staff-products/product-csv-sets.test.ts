import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ImportResult } from '#contracts/staff-products';
import { categories, products } from '../db/schema/catalog.ts';
import { setComponents } from '../db/schema/instrument-sets.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { variantRegulatory } from '../db/schema/regulatory.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertDocument } from '../test/catalog-fixtures.ts';
import { multipart } from '../test/multipart-body.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { csvOf, firstRow } from './product-csv-fixtures.ts';
import { formatSetComponents, parseSetComponents } from './product-csv-sets.ts';
import { productAsInput } from './stored-product.ts';

let t: TestApp;
let headers: Record<string, string>;
let documentId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(categories).values([{ slug: 'forceps', name: 'forceps' }]);
  headers = (await createTestUser(t.database.db, { email: 'catalogue@shop.test', staffRole: 'catalogue' })).headers;
  documentId = (await insertDocument(t.database.db, { slug: 'doc-ce', name: 'Declaration', content: Buffer.from('%PDF-1.4') }, [])).id;
});
afterAll(() => t.close());

async function imported(csv: string): Promise<ImportResult> {
  const { payload, contentType } = multipart([{ name: 'file', value: csv, filename: 'products.csv', contentType: 'text/csv' }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/staff/products/import/', headers: { ...headers, 'content-type': contentType }, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const idOf = async (slug: string) => (await t.database.db.select({ id: products.id }).from(products).where(eq(products.slug, slug)))[0].id;

describe('the Set Components cell', () => {
  it('reads quantities, roles, the replaced component and the container, and writes them back alike', () => {
    const cell = '2 x SS-1001; 3 x SS-2002 (optional); 1 x SS 30 (extra); 3 x SS-2005 (alternative to SS-2002); 1 x TR-10 (container)';
    const parsed = parseSetComponents(cell);
    expect(parsed).toEqual({ components: [
      { quantity: 2, modelNumber: 'SS-1001', role: 'standard', replaces: null, isContainer: false },
      { quantity: 3, modelNumber: 'SS-2002', role: 'optional', replaces: null, isContainer: false },
      { quantity: 1, modelNumber: 'SS 30', role: 'extra', replaces: null, isContainer: false },
      { quantity: 3, modelNumber: 'SS-2005', role: 'alternative', replaces: 'SS-2002', isContainer: false },
      { quantity: 1, modelNumber: 'TR-10', role: 'standard', replaces: null, isContainer: true },
    ] });
    const ids = ['SS-1001', 'SS-2002', 'SS 30', 'SS-2005', 'TR-10'];
    const components = 'components' in parsed ? parsed.components.map((c) => ({
      variant_id: ids.indexOf(c.modelNumber) + 1, quantity: c.quantity, role: c.role,
      replaces_variant_id: c.replaces ? ids.indexOf(c.replaces) + 1 : null, is_container: c.isContainer,
    })) : [];
    expect(formatSetComponents(components, (id) => ids[id - 1])).toBe(cell);
    expect(parseSetComponents('SS-1001 twice')).toEqual({ unreadable: 'SS-1001 twice' });
  });
});

describe('sets, private label and regulatory data in the product CSV', () => {
  it('imports them, exports them in the same cells, and the export imports back unchanged', async () => {
    const regulatory = {
      'GMDN Code': '35209', Sterility: 'sterilise_before_use', 'Device Use': 'reusable', 'MRI Safety': 'mr_unsafe', 'Contains Latex': 'FALSE',
      'Direct Marking DI': '04006381333931', 'eIFU URL': 'https://sialkot.example/eifu/mayo', 'eIFU Version': '2',
      'Conformity Document ID': String(documentId),
    };
    const instruments = await imported(csvOf([
      firstRow('mayo-scissors', { 'Variant SKU': 'SS-1001', 'Variant Inventory Qty': '12', 'Private Label MOQ': '500', ...regulatory }),
      firstRow('adson-forceps', { 'Variant SKU': 'SS-2002', 'Variant Inventory Qty': '9' }),
      firstRow('kelly-forceps', { 'Variant SKU': 'SS-2005', 'Variant Inventory Qty': '9' }),
      firstRow('instrument-tray', { 'Variant SKU': 'TR-10', 'Variant Inventory Qty': '30' }),
    ]));
    expect(instruments.errors).toEqual([]);
    const cell = '2 x SS-1001; 3 x SS-2002 (optional); 3 x SS-2005 (alternative to SS-2002); 1 x TR-10 (container)';
    const sets = await imported(csvOf([firstRow('basic-laparotomy-set', { 'Variant SKU': 'LAP-1', 'Variant Inventory Qty': '', 'Set Components': cell })]));
    expect([sets.errors, sets.products.created]).toEqual([[], 1]);

    const set = await productAsInput(t.database.db, await idOf('basic-laparotomy-set'));
    expect(set.variants[0].components.map((c) => [c.quantity, c.role, c.is_container])).toEqual([
      [2, 'standard', false], [3, 'optional', false], [3, 'alternative', false], [1, 'standard', true],
    ]);
    const [stock] = await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.variantId, set.variants[0].id!));
    expect(stock.currentStock).toBe(3); // min(12 / 2, 9 / 3, 30 / 1)
    const scissors = await productAsInput(t.database.db, await idOf('mayo-scissors'));
    expect(scissors.private_label_moq).toBe(500);
    expect(scissors.variants[0].regulatory).toMatchObject({ gmdn_code: '35209', contains_latex: false, conformity_document_id: documentId });

    const exported = await t.app.inject({ method: 'GET', url: '/api/staff/products/export/', headers });
    expect(exported.body).toContain(cell);
    expect(exported.body).toContain('https://sialkot.example/eifu/mayo');
    const counts = async () => Promise.all([setComponents, variantRegulatory, products]
      .map(async (table) => (await t.database.db.select({ n: count() }).from(table))[0].n));
    const before = await counts();
    const again = await imported(exported.body);
    expect([again.products, again.errors]).toEqual([{ created: 0, updated: 0, unchanged: 5 }, []]);
    expect(await counts()).toEqual(before);
  });

  it('refuses an unknown component, a count for a set and a bad regulatory cell on their rows', async () => {
    const result = await imported(csvOf([
      firstRow('bad-set', { 'Variant SKU': 'BAD-1', 'Variant Inventory Qty': '', 'Set Components': '1 x NOPE-1' }),
      firstRow('counted-set', { 'Variant SKU': 'BAD-2', 'Variant Inventory Qty': '4', 'Set Components': '1 x SS-1001' }),
      firstRow('bad-gmdn', { 'Variant SKU': 'BAD-3', 'GMDN Code': '12', 'Private Label MOQ': '0' }),
    ]));
    expect(result.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [2, 'Set Components', 'No variant has this id or catalogue number. (NOPE-1)'],
      [3, 'Variant Inventory Qty', expect.stringMatching(/^A set has no stock of its own/)],
      [4, 'Private Label MOQ', 'Enter a whole number of at least 1.'],
      [4, 'GMDN Code', 'Enter the 5-digit GMDN code.'],
    ]);
    expect(result.products.created).toBe(0);
  });
});
