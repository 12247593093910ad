import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProductDetail, ProductFilters } from '#contracts/catalog';
import type { ImportResult, StaffProduct } from '#contracts/staff-products';
import { categories, productOptions } from '../db/schema/catalog.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { multipart } from '../test/multipart-body.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { csvOf, firstRow } from './product-csv-fixtures.ts';
import { scissorsInput, staffProductsClient } from './staff-product-fixtures.ts';

let t: TestApp;
let api: ReturnType<typeof staffProductsClient>;
let staff: Record<string, string>;
let categoryId: number;

const LENGTH = {
  name: 'Length', values: ['14 cm', '17 cm'],
  translations: { ur: { name: 'لمبائی', values: { '14 cm': '14 سینٹی میٹر' } }, ar: { name: 'الطول', values: { '14 cm': '١٤ سم', '17 cm': '١٧ سم' } } },
};
const TIP = { name: 'Tip', values: ['Straight', 'Curved'], translations: { ar: { name: 'الطرف', values: { Curved: 'منحني' } } } };

beforeAll(async () => {
  t = await createTestApp();
  [{ id: categoryId }] = await t.database.db.insert(categories).values({ slug: 'general-surgery', name: 'General Surgery' }).returning();
  staff = (await createTestUser(t.database.db, { email: 'catalogue@example.com', staffRole: 'catalogue' })).headers;
  api = staffProductsClient(t, staff);
});
afterAll(() => t.close());

const storefront = async (slug: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${slug}/` })).json<ProductDetail>();
const filters = async () => (await t.app.inject({ method: 'GET', url: '/api/products/filters/' })).json<ProductFilters>();

async function created(name: string, code: string, options: unknown[]): Promise<StaffProduct> {
  const response = await api.create({ ...scissorsInput(categoryId, { name }, code), options });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<StaffProduct>();
}

describe('option names and values in Urdu and Arabic', () => {
  it('keeps what staff give, and the storefront answers it beside the English', async () => {
    const product = await created('Mayo Scissors', 'MS', [LENGTH, TIP]);
    expect(product.options).toEqual([LENGTH, TIP]);
    expect((await api.get(product.id)).options).toEqual([LENGTH, TIP]);

    const detail = await storefront(product.slug);
    expect(detail.options).toEqual([
      {
        name: 'Length', values: ['14 cm', '17 cm'], name_translations: { ur: 'لمبائی', ar: 'الطول' },
        value_translations: { '14 cm': { ur: '14 سینٹی میٹر', ar: '١٤ سم' }, '17 cm': { ar: '١٧ سم' } },
      },
      { name: 'Tip', values: ['Straight', 'Curved'], name_translations: { ar: 'الطرف' }, value_translations: { Curved: { ar: 'منحني' } } },
    ]);
    // Each value in the language where it has one, its English where it has none.
    expect(detail.variants.map((variant) => [variant.label, variant.label_translations])).toEqual([
      ['14 cm · Straight', { ur: '14 سینٹی میٹر · Straight', ar: '١٤ سم · Straight' }],
      ['14 cm · Curved', { ur: '14 سینٹی میٹر · Curved', ar: '١٤ سم · منحني' }],
      ['17 cm · Straight', { ar: '١٧ سم · Straight' }],
      ['17 cm · Curved', { ar: '١٧ سم · منحني' }],
    ]);
  });

  it('names the catalogue filters in each language by what most products were given', async () => {
    await created('Metzenbaum Scissors', 'MZ', [LENGTH, { ...TIP, translations: { ar: { name: 'الطرف', values: { Curved: 'منحنٍ' } } } }]);
    await created('Iris Scissors', 'IR', [LENGTH, TIP]);
    const { options } = await filters();
    const tip = options.find((option) => option.name === 'Tip')!;
    expect(tip.name_translations).toEqual({ ar: 'الطرف' });
    expect(tip.values.find((value) => value.value === 'Curved')?.label_translations).toEqual({ ar: 'منحني' });
    expect(tip.values.find((value) => value.value === 'Straight')?.label_translations).toEqual({});
    expect(options.find((option) => option.name === 'Length')?.name_translations).toEqual({ ur: 'لمبائی', ar: 'الطول' });
  });

  it('drops empty texts and values the option does not have', async () => {
    const product = await created('Tenotomy Scissors', 'TS', [
      { name: 'Length', values: ['14 cm', '17 cm'], translations: { ur: { name: ' ', values: { '14 cm': '', '99 cm': '۹۹' } }, ar: { name: ' الطول ', values: {} } } },
      { name: 'Tip', values: ['Straight', 'Curved'] },
    ]);
    expect(product.options.map((option) => option.translations)).toEqual([{ ar: { name: 'الطول', values: {} } }, {}]);
  });

  it('answers 400 on the field for a translation of two lines or too long, and writes nothing', async () => {
    const before = await t.database.db.select().from(productOptions);
    const response = await api.create({
      ...scissorsInput(categoryId, { name: 'Bad Scissors' }, 'BS'),
      options: [{ ...LENGTH, translations: { ur: { name: 'دو\nسطریں', values: { '14 cm': 'x'.repeat(61) } } } }, TIP],
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['options.0.translations.ur.name', 'options.0.translations.ur.values.14 cm']);
    expect(await t.database.db.select().from(productOptions)).toEqual(before);
  });

  it('keeps them through an edit that leaves the options alone and through a CSV import, which has no column for them', async () => {
    const product = await created('Kelly Forceps', 'KF', [LENGTH, TIP]);
    const edited = await api.update(product.id, { name: 'Kelly Hemostatic Forceps', updated_at: product.updated_at });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<StaffProduct>().options).toEqual([LENGTH, TIP]);

    const rows = product.variants.map((variant, i) => ({
      ...(i === 0
        ? firstRow(product.slug, { Title: 'Kelly Hemostatic Forceps', Type: 'scissors', Category: 'general-surgery', 'Option1 Name': 'Length', 'Option2 Name': 'Tip' })
        : { Handle: product.slug }),
      'Option1 Value': variant.options.Length, 'Option2 Value': variant.options.Tip, 'Variant SKU': variant.model_number, 'Variant Price': variant.price,
    }));
    const csv = csvOf(rows, ['Handle', 'Title', 'Vendor', 'Type', 'Category', 'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value',
      'Variant SKU', 'Variant Price']);
    const { payload, contentType } = multipart([{ name: 'file', value: csv, filename: 'products.csv', contentType: 'text/csv' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/staff/products/import/', headers: { ...staff, 'content-type': contentType }, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResult>().products).toEqual({ created: 0, updated: 0, unchanged: 1 });
    const stored = await t.database.db.select().from(productOptions).where(eq(productOptions.productId, product.id)).orderBy(productOptions.position);
    expect(stored.map((option) => option.translations)).toEqual([LENGTH.translations, TIP.translations]);
  });
});
