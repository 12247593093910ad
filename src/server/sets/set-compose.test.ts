import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import type { ErrorBody } from '#contracts/errors';
import type { SetComponentInput } from '#contracts/instrument-sets';
import { INVENTORY_REPORT_PATH, type InventoryOverview } from '#contracts/inventory';
import type { ProductInput, StaffProduct } from '#contracts/staff-products';
import { products } from '../db/schema/catalog.ts';
import { setComponents } from '../db/schema/instrument-sets.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { variantRegulatory } from '../db/schema/regulatory.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue, insertDocument } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { staffProductsClient } from '../staff-products/staff-product-fixtures.ts';

let t: TestApp;
let api: ReturnType<typeof staffProductsClient>;
let fulfilment: Record<string, string>;
let categoryId: number;
/** Component variants: scissors (12 free), forceps (9 free of 10), a needle holder (4), a tray (30), another forceps (7). */
let scissors: number;
let forceps: number;
let holder: number;
let tray: number;
let kelly: number;
let scissorsProduct: number;
let documentId: number;

beforeAll(async () => {
  t = await createTestApp();
  const { categories, products: rows } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 2_000, stock: 12 },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 1_500, stock: 10, reserved: 1 },
    { name: 'Mayo Hegar Needle Holder', category: 'general-surgery', priceCents: 2_500, stock: 4 },
    { name: 'Instrument Tray', category: 'general-surgery', priceCents: 4_000, stock: 30 },
    { name: 'Kelly Forceps', category: 'general-surgery', priceCents: 1_800, stock: 7 },
  ]);
  categoryId = categories[0].id;
  [scissors, forceps, holder, tray, kelly] = rows.map((row) => row.variantId);
  scissorsProduct = rows[0].id;
  documentId = (await insertDocument(t.database.db, { slug: 'doc-ce', name: 'EU declaration of conformity', content: Buffer.from('%PDF-1.4') }, [])).id;
  api = staffProductsClient(t, (await createTestUser(t.database.db, { email: 'catalogue@example.com', staffRole: 'catalogue' })).headers);
  fulfilment = (await createTestUser(t.database.db, { email: 'stock@example.com', staffRole: 'fulfilment' })).headers;
});
afterAll(() => t.close());

/** An edit of the product as it is now. */
const edit = async (id: number, body: Record<string, unknown>) =>
  api.update(id, { updated_at: (await api.get(id)).updated_at, ...body });

let code = 0;
/** A one-variant set product made of `components`. */
const setInput = (components: SetComponentInput[], overrides: Partial<ProductInput> = {}): ProductInput => ({
  name: 'Basic Laparotomy Set',
  brand: 'Sialkot Surgical',
  category_id: categoryId,
  instrument_type: 'set',
  status: 'active',
  variants: [{ model_number: `LAP-${++code}`, price: '250.00', components }],
  ...overrides,
});

const standardSet = (): SetComponentInput[] => [
  { variant_id: scissors, quantity: 2 },
  { variant_id: forceps, quantity: 3, role: 'optional' },
  { variant_id: holder, quantity: 1, role: 'extra' },
  { variant_id: kelly, quantity: 3, role: 'alternative', replaces_variant_id: forceps },
  { variant_id: tray, quantity: 1, is_container: true },
];

const rowsOf = async () => (await t.database.db.select({ n: count() }).from(setComponents))[0].n;
const stockOf = async (variantId: number) =>
  (await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.variantId, variantId)))[0];

describe('composing a set in the product body', () => {
  it('saves the components and reads them back, the stock following the standard set', async () => {
    // The set's own GTIN is its UDI-DI, checked like any GTIN.
    const input = setInput(standardSet());
    const response = await api.create({ ...input, variants: [{ ...input.variants[0], gtin: '4006381333931' }] });
    expect(response.statusCode, response.body).toBe(201);
    const product = await api.get(response.json<StaffProduct>().id);
    const [variant] = product.variants;
    expect(variant.components).toEqual([
      { variant_id: scissors, quantity: 2, role: 'standard', replaces_variant_id: null, is_container: false,
        product_name: 'Mayo Scissors', model_number: 'T-1000', label: '', available_stock: 12 },
      { variant_id: forceps, quantity: 3, role: 'optional', replaces_variant_id: null, is_container: false,
        product_name: 'Adson Forceps', model_number: 'T-1001', label: '', available_stock: 9 },
      { variant_id: holder, quantity: 1, role: 'extra', replaces_variant_id: null, is_container: false,
        product_name: 'Mayo Hegar Needle Holder', model_number: 'T-1002', label: '', available_stock: 4 },
      { variant_id: kelly, quantity: 3, role: 'alternative', replaces_variant_id: forceps, is_container: false,
        product_name: 'Kelly Forceps', model_number: 'T-1004', label: '', available_stock: 7 },
      { variant_id: tray, quantity: 1, role: 'standard', replaces_variant_id: null, is_container: true,
        product_name: 'Instrument Tray', model_number: 'T-1003', label: '', available_stock: 30 },
    ]);
    // min(12 / 2, 9 / 3, 30 / 1): the extra and the alternative are not in the standard set.
    expect([variant.current_stock, variant.available_stock]).toEqual([3, 3]);

    // An edit that takes the optional forceps out (and so the alternative) follows at once.
    const edited = await edit(product.id, {
      variants: [{ id: variant.id, model_number: variant.model_number, price: '250.00', gtin: variant.gtin, components: [standardSet()[0], standardSet()[4]] }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<StaffProduct>().variants[0]).toMatchObject({ current_stock: 6, components: [{ variant_id: scissors }, { variant_id: tray }] });

    // Left out of an edit, the composition stays; emptied, the variant is no set any more and holds nothing.
    const renamed = await edit(product.id, { name: 'Laparotomy Set' });
    expect(renamed.json<StaffProduct>().variants[0].components).toHaveLength(2);
    const unset = await edit(product.id, {
      variants: [{ id: variant.id, model_number: variant.model_number, price: '250.00', gtin: variant.gtin, components: [] }],
    });
    expect(unset.json<StaffProduct>().variants[0]).toMatchObject({ components: [], current_stock: 0 });
  });

  const refusals: [string, () => SetComponentInput[], string, string][] = [
    ['an unknown variant', () => [{ variant_id: 999_999, quantity: 1 }], 'variants.0.components.0.variant_id', 'No variant has this id or catalogue number.'],
    ['a quantity over 1000', () => [{ variant_id: scissors, quantity: 1001 }], 'variants.0.components.0.quantity', 'Enter a quantity from 1 to 1000.'],
    ['a quantity of 0', () => [{ variant_id: scissors, quantity: 0 }], 'variants.0.components.0.quantity', 'Enter a quantity from 1 to 1000.'],
    ['the same component twice', () => [{ variant_id: scissors, quantity: 1 }, { variant_id: scissors, quantity: 2 }],
      'variants.0.components.1.variant_id', 'This component is listed twice.'],
    ['an alternative to an extra', () => [{ variant_id: scissors, quantity: 1 }, { variant_id: holder, quantity: 1, role: 'extra' },
      { variant_id: kelly, quantity: 1, role: 'alternative', replaces_variant_id: holder }],
    'variants.0.components.2.replaces_variant_id', 'An alternative replaces a standard or optional component of this set.'],
    ['an alternative replacing nothing', () => [{ variant_id: scissors, quantity: 1 }, { variant_id: kelly, quantity: 1, role: 'alternative' }],
      'variants.0.components.1.replaces_variant_id', 'Choose the component this alternative replaces.'],
    ['a standard component replacing one', () => [{ variant_id: scissors, quantity: 1 }, { variant_id: kelly, quantity: 1, replaces_variant_id: scissors }],
      'variants.0.components.1.replaces_variant_id', 'Only an alternative replaces a component.'],
    ['two containers', () => [{ variant_id: scissors, quantity: 1, is_container: true }, { variant_id: tray, quantity: 1, is_container: true }],
      'variants.0.components.1.is_container', 'A set has one container at most.'],
    ['only extras', () => [{ variant_id: scissors, quantity: 1, role: 'extra' }], 'variants.0.components', 'Add at least one standard or optional component.'],
    ['too many components', () => Array.from({ length: 201 }, (_, i) => ({ variant_id: i + 1, quantity: 1 })),
      'variants.0.components', 'A set has at most 200 components.'],
  ];
  it.each(refusals)('refuses %s with a 400 on its field, writing nothing', async (_case, components, field, text) => {
    const [productsBefore, rowsBefore] = [(await t.database.db.select({ n: count() }).from(products))[0].n, await rowsOf()];
    const response = await api.create(setInput(components()));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors?.[field]).toContain(text);
    // Each refusal has a key of its own, so the editor says it in the staff member's language.
    expect(response.json<ErrorBody>().issues?.[field]?.map((issue) => issue.key)).not.toContain('invalid');
    expect([(await t.database.db.select({ n: count() }).from(products))[0].n, await rowsOf()]).toEqual([productsBefore, rowsBefore]);
  });

  it('refuses a set as a component, a variant of its own product, and making a component or a stocked variant a set', async () => {
    const set = (await api.create(setInput([{ variant_id: scissors, quantity: 1 }]))).json<StaffProduct>();
    const inSet = await api.create(setInput([{ variant_id: set.variants[0].id, quantity: 1 }]));
    expect(inSet.json<ErrorBody>().errors).toEqual({ 'variants.0.components.0.variant_id': ['A set cannot be a component of another set.'] });

    const own = await edit(set.id, {
      variants: [
        { id: set.variants[0].id, model_number: set.variants[0].model_number, price: '250.00', components: [{ variant_id: scissors, quantity: 1 }] },
        { model_number: 'LAP-OWN-2', price: '10.00', options: {}, components: [{ variant_id: set.variants[0].id, quantity: 1 }] },
      ],
    });
    expect(own.statusCode).toBe(400);
    expect(own.json<ErrorBody>().errors?.['variants.1.components.0.variant_id']).toEqual(['A variant of this product cannot be one of its components.']);

    const stocked = await edit(scissorsProduct, {
      variants: [{ id: scissors, model_number: 'T-1000', price: '20.00', components: [{ variant_id: tray, quantity: 1 }] }],
    });
    expect(stocked.json<ErrorBody>().errors?.['variants.0.components']).toEqual([
      'This variant is a component of another set, so it cannot be a set.',
      'This variant holds stock of its own: write it off before making it a set.',
    ]);
    expect(await t.database.db.select().from(setComponents).where(eq(setComponents.setVariantId, scissors))).toEqual([]);
  });
});

describe("a set's own stock", () => {
  it('cannot be received, adjusted or written off, and is left out of the stock report and its value', async () => {
    const set = (await api.create(setInput([{ variant_id: scissors, quantity: 4 }], { name: 'Scissor Pack' }))).json<StaffProduct>();
    expect(set.variants[0].current_stock).toBe(3);
    for (const body of [{ kind: 'receive', quantity: 5 }, { kind: 'adjust', quantity: 2, reason: 'count' }, { kind: 'damage', quantity: 1, reason: 'bent' }]) {
      const response = await t.app.inject({ method: 'POST', url: `/api/inventory/${set.id}/movements/create/`, headers: fulfilment, payload: body });
      expect(response.statusCode, body.kind).toBe(409);
      expect(response.json<ErrorBody>().detail).toMatch(/A set has no stock of its own/);
    }
    expect(await stockOf(set.variants[0].id)).toMatchObject({ currentStock: 3, reservedStock: 0 });

    const report = await t.app.inject({ method: 'GET', url: INVENTORY_REPORT_PATH, headers: fulfilment });
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('Mayo Scissors');
    expect(report.body).not.toContain('Scissor Pack');
    const overview = (await t.app.inject({ method: 'GET', url: '/api/inventory/overview/', headers: fulfilment })).json<InventoryOverview>();
    const held = await t.database.db.select().from(inventoryItems).where(inArray(inventoryItems.variantId, [scissors, forceps, holder, tray, kelly]));
    const prices: Record<number, number> = { [scissors]: 2_000, [forceps]: 1_500, [holder]: 2_500, [tray]: 4_000, [kelly]: 1_800 };
    const value = held.reduce((sum, row) => sum + row.currentStock * prices[row.variantId], 0);
    expect(overview.totalStockValue).toBe((value / 100).toFixed(2));
  });
});

describe('private-label minimum and regulatory data', () => {
  it('saves the minimum and each variant’s regulatory data, and reads them back', async () => {
    const regulatory = {
      gmdn_code: '35209', sterility: 'sterilise_before_use', use: 'reusable', mri_safety: 'mr_unsafe', contains_latex: false,
      direct_marking_di: '04006381333931', eifu_url: 'https://sialkot.example/eifu/mayo', eifu_version: '3.1',
      conformity_document_id: documentId, certificate_document_id: null,
    } as const;
    const response = await api.create(setInput([], {
      name: 'Metzenbaum Scissors', private_label_moq: 500,
      variants: [{ model_number: 'MZ-1', price: '20.00', regulatory }, { model_number: 'MZ-2', price: '21.00', options: {} }],
      options: [],
    }));
    // Two variants without options have the same values: one variant then.
    expect(response.statusCode).toBe(400);
    const created = await api.create(setInput([], {
      name: 'Metzenbaum Scissors', private_label_moq: 500, variants: [{ model_number: 'MZ-1', price: '20.00', regulatory }],
    }));
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json<StaffProduct>();
    expect(product.private_label_moq).toBe(500);
    expect(product.variants[0].regulatory).toEqual(regulatory);

    const kept = await edit(product.id, { private_label_moq: null, variants: [{ id: product.variants[0].id, model_number: 'MZ-1', price: '22.00' }] });
    expect(kept.json<StaffProduct>()).toMatchObject({ private_label_moq: null, variants: [{ price: '22.00', regulatory }] });
    const removed = await edit(product.id, { variants: [{ id: product.variants[0].id, model_number: 'MZ-1', price: '22.00', regulatory: null }] });
    expect(removed.json<StaffProduct>().variants[0].regulatory).toBeNull();
  });

  it('refuses a bad GMDN code, DI, eIFU address, document and minimum on their fields, writing nothing', async () => {
    const before = (await t.database.db.select({ n: count() }).from(variantRegulatory))[0].n;
    const response = await api.create(setInput([], {
      name: 'Bad Data Scissors', private_label_moq: 0,
      variants: [{
        model_number: 'BD-1', price: '20.00',
        regulatory: { gmdn_code: '1234', direct_marking_di: '4006381333932', eifu_url: 'http://sialkot.example/ifu', conformity_document_id: 987_654 },
      }],
    }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toMatchObject({
      private_label_moq: ['Enter a whole number of units from 1 to 1000000.'],
      'variants.0.regulatory.gmdn_code': ['Enter the 5-digit GMDN code.'],
      'variants.0.regulatory.eifu_url': ['Enter an address starting with https://.'],
    });
    const rules = await api.create(setInput([], {
      name: 'Bad Data Scissors',
      variants: [{ model_number: 'BD-1', price: '20.00', regulatory: { direct_marking_di: '4006381333932', conformity_document_id: 987_654 } }],
    }));
    expect(rules.json<ErrorBody>().errors).toEqual({
      'variants.0.regulatory.direct_marking_di': ['The DI check digit is wrong.'],
      'variants.0.regulatory.conformity_document_id': ['No document has this id.'],
    });
    expect((await t.database.db.select({ n: count() }).from(variantRegulatory))[0].n).toBe(before);
  });
});
