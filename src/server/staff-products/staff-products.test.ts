import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ProductDetail } from '#contracts/catalog';
import type { ErrorBody } from '#contracts/errors';
import type { StaffProduct, StaffProductListItem } from '#contracts/staff-products';
import { auditLog } from '../db/schema/audit.ts';
import { products } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { scissorsInput, staffProductsClient } from './staff-product-fixtures.ts';

let t: TestApp;
let api: ReturnType<typeof staffProductsClient>;
let other: ReturnType<typeof staffProductsClient>;
let buyer: Record<string, string>;
let categoryId: number;
let otherCategoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  const { categories } = await insertCatalogue(t.database.db, ['general-surgery', 'orthopaedics'], [
    { name: 'Kocher Clamp', category: 'general-surgery', priceCents: 10_000 },
  ]);
  [categoryId, otherCategoryId] = categories.map((category) => category.id);
  api = staffProductsClient(t, (await createTestUser(t.database.db, { email: 'catalogue@example.com', staffRole: 'catalogue' })).headers);
  other = staffProductsClient(t, (await createTestUser(t.database.db, { email: 'owner@example.com', staffRole: 'owner' })).headers);
  buyer = (await createTestUser(t.database.db, { email: 'buyer@example.com' })).headers;
});
afterAll(() => t.close());

const storefront = (slug: string) => t.app.inject({ method: 'GET', url: `/api/products/${slug}/`, headers: buyer });
const productCount = async () => (await t.database.db.select({ n: count() }).from(products))[0].n;
const auditOf = async (id: number) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(id))).orderBy(auditLog.id);

async function created(overrides: Parameters<typeof scissorsInput>[1] = {}, code?: string): Promise<StaffProduct> {
  const response = await api.create(scissorsInput(categoryId, overrides, code));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<StaffProduct>();
}

describe('creating a product', () => {
  it('keeps two options and four variants, and the storefront shows them once active', async () => {
    const product = await created({ name: 'Mayo Scissors Set' });
    expect(product).toMatchObject({
      slug: 'mayo-scissors-set', status: 'active', certifications: ['CE', 'ISO13485'],
      handling: { latex_free: true, sterile: false },
      options: [{ name: 'Length', values: ['14 cm', '17 cm'] }, { name: 'Tip', values: ['Straight', 'Curved'] }],
    });
    expect(product.variants.map((variant) => [variant.label, variant.model_number, variant.price, variant.available_stock])).toEqual([
      ['14 cm · Straight', 'MS-14-S', '20.00', 0],
      ['14 cm · Curved', 'MS-14-C', '21.00', 0],
      ['17 cm · Straight', 'MS-17-S', '24.00', 0],
      ['17 cm · Curved', 'MS-17-C', '25.00', 0],
    ]);
    expect(product.variants[2].tiers).toEqual([{ min_quantity: 10, price: '22.00' }, { min_quantity: 50, price: '20.50' }]);
    const stock = await t.database.db.select().from(inventoryItems)
      .where(eq(inventoryItems.variantId, product.variants[0].id));
    expect(stock).toMatchObject([{ currentStock: 0, reservedStock: 0 }]);

    const page = await storefront('mayo-scissors-set');
    expect(page.statusCode).toBe(200);
    const detail = page.json<ProductDetail>();
    expect(detail).toMatchObject({ name: 'Mayo Scissors Set', price: '20.00', price_max: '25.00', variant_count: 4 });
    expect(detail.description).toBe('<p>Heavy <strong>dissecting</strong> scissors.</p>');
    expect(detail.variants.map((variant) => variant.model_number)).toEqual(['MS-14-S', 'MS-14-C', 'MS-17-S', 'MS-17-C']);

    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({ action: 'product.create', actorEmail: 'catalogue@example.com', before: null });
    expect(entry.after).toMatchObject({ name: 'Mayo Scissors Set', slug: 'mayo-scissors-set' });
  });

  it('makes a free slug from the name when none is given', async () => {
    const first = await created({ name: 'Iris Scissors', variants: [{ model_number: 'IS-1', price: '9.00' }], options: [] });
    const second = await created({ name: 'Iris Scissors', variants: [{ model_number: 'IS-2', price: '9.00' }], options: [] });
    const third = await created({ name: 'Iris Scissors', variants: [{ model_number: 'IS-3', price: '9.00' }], options: [] });
    expect([first.slug, second.slug, third.slug]).toEqual(['iris-scissors', 'iris-scissors-2', 'iris-scissors-3']);
  });

  it('answers 400 per field for each broken rule and writes nothing', async () => {
    const before = await productCount();
    const cases: [Parameters<typeof scissorsInput>[1], string, RegExp][] = [
      [{ slug: 'kocher-clamp' }, 'slug', /address/],
      [{ category_id: 99_999 }, 'category_id', /category/],
      [{ variants: [{ options: { Length: '14 cm' }, model_number: 'X-1', price: '1.00' }] }, 'variants.0.options', /Tip/],
      [{ variants: [{ options: { Length: '15 cm', Tip: 'Straight' }, model_number: 'X-1', price: '1.00' }] }, 'variants.0.options', /15 cm/],
      [{ variants: [{ options: { Length: '14 cm', Tip: 'Straight', Finish: 'Gold' }, model_number: 'X-1', price: '1.00' }] },
        'variants.0.options', /Finish/],
      [{ variants: [
        { options: { Length: '14 cm', Tip: 'Straight' }, model_number: 'X-1', price: '1.00' },
        { options: { Tip: 'Straight', Length: '14 cm' }, model_number: 'X-2', price: '1.00' },
      ] }, 'variants.1.options', /same values/],
      [{ variants: [
        { options: { Length: '14 cm', Tip: 'Straight' }, model_number: 'X-1', price: '1.00' },
        { options: { Length: '17 cm', Tip: 'Straight' }, model_number: 'x-1', price: '1.00' },
      ] }, 'variants.1.model_number', /catalogue number/],
      [{ variants: [{ options: { Length: '14 cm', Tip: 'Straight' }, model_number: 'T-1000', price: '1.00' }] },
        'variants.0.model_number', /in the shop/],
      [{ variants: [{ options: { Length: '14 cm', Tip: 'Straight' }, model_number: 'X-1', price: '1.00', gtin: '4006381333932' }] },
        'variants.0.gtin', /check digit/],
      [{ variants: [{ options: { Length: '14 cm', Tip: 'Straight' }, model_number: 'X-1', price: '10.00', original_price: '10.00' }] },
        'variants.0.original_price', /above/],
      [{ variants: [{ options: { Length: '14 cm', Tip: 'Straight' }, model_number: 'X-1', price: '10.00', tiers: [{ min_quantity: 5, price: '10.00' }] }] },
        'variants.0.tiers.0.price', /below the variant price/],
      [{ variants: [{
        options: { Length: '14 cm', Tip: 'Straight' }, model_number: 'X-1', price: '10.00',
        tiers: [{ min_quantity: 5, price: '9.00' }, { min_quantity: 5, price: '8.00' }],
      }] }, 'variants.0.tiers.1.min_quantity', /more units/],
      [{ variants: [{
        options: { Length: '14 cm', Tip: 'Straight' }, model_number: 'X-1', price: '10.00',
        tiers: [{ min_quantity: 5, price: '9.00' }, { min_quantity: 10, price: '9.00' }],
      }] }, 'variants.0.tiers.1.price', /cheaper/],
      [{ options: [{ name: 'Length', values: ['14 cm', '14 CM'] }], variants: [{ options: { Length: '14 cm' }, model_number: 'X-1', price: '1.00' }] },
        'options.0.values', /once/],
      [{ specifications: [{ key: 'Material', value: 'Steel' }, { key: 'material', value: 'Titanium' }] }, 'specifications.1.key', /name/],
      [{ variants: [] }, 'variants', /at least one/],
      [{ slug: 'Not A Slug' }, 'slug', /lowercase/],
      [{ hs_code: '9018' }, 'hs_code', /6 to 10 digits/],
      [{ hs_code: '9018.9A' }, 'hs_code', /6 to 10 digits/],
      [{ country_of_origin: 'XX' }, 'country_of_origin', /two-letter country code/],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await api.create(scissorsInput(categoryId, overrides));
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      const body = response.json<ErrorBody>();
      expect(body.errors?.[field]?.join(' '), `${field}: ${response.body}`).toMatch(message);
    }
    expect(await productCount()).toBe(before);
  });

  it('keeps descriptions free of anything that runs', async () => {
    const hostile = [
      '<p onclick="steal()">Fine <script>alert(1)</script>steel</p>',
      '<img src=x onerror=alert(1)><svg onload=alert(1)><circle/></svg>',
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(2)">b</a><a href="java&#x09;script:alert(3)">c</a>',
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style><object data="x"></object>',
      '<scr<script>ipt>alert(1)</scr</script>ipt><p style="background:url(javascript:alert(1))">x</p>',
      '<a href="https://example.com/ifu" target="_blank" rel="opener">IFU</a><a href="//evil.example">p</a><a href="data:text/html,x">d</a>',
    ].join('');
    const product = await created({ name: 'Hostile Description', description: hostile, options: [], variants: [{ model_number: 'HD-1', price: '5.00' }] });
    expect(product.description).not.toMatch(/<script|onerror|onload|onclick|javascript:|<iframe|<style|<svg|<img|<object|style=|target=|data:|\/\/evil/i);
    expect(product.description).toContain('<a href="https://example.com/ifu" rel="noopener noreferrer">IFU</a>');
    expect(product.description).toContain('<p>Fine steel</p>');
  });
});

describe('editing a product', () => {
  it('keeps the HS code as digits and the country of origin in capitals, Pakistan unless told', async () => {
    const product = await created({ name: 'Iris Scissors' }, 'IR');
    expect(product).toMatchObject({ hs_code: '', country_of_origin: 'PK' });
    const response = await api.update(product.id, { hs_code: ' 9018.90.10 ', country_of_origin: 'de', updated_at: product.updated_at });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<StaffProduct>()).toMatchObject({ hs_code: '90189010', country_of_origin: 'DE', name: 'Iris Scissors' });
    expect((await t.database.db.select().from(products).where(eq(products.id, product.id)))[0]).toMatchObject({ hsCode: '90189010', countryOfOrigin: 'DE' });
    expect((await auditOf(product.id)).at(-1)!.after).toMatchObject({ hs_code: '90189010', country_of_origin: 'DE' });
  });

  it('changes what is given, keeps the rest, and records before and after', async () => {
    const product = await created({ name: 'Metzenbaum Scissors' }, 'MZ');
    const response = await api.update(product.id, { name: 'Metzenbaum Scissors, Fine', updated_at: product.updated_at });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<StaffProduct>();
    expect(saved).toMatchObject({ name: 'Metzenbaum Scissors, Fine', status: 'active', certifications: ['CE', 'ISO13485'], slug: product.slug });
    expect(saved.variants).toHaveLength(4);
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.parse(product.updated_at));
    const entries = await auditOf(product.id);
    expect(entries.map((entry) => entry.action)).toEqual(['product.create', 'product.update']);
    expect(entries[1].before).toMatchObject({ name: 'Metzenbaum Scissors' });
    expect(entries[1].after).toMatchObject({ name: 'Metzenbaum Scissors, Fine' });
  });

  it('keeps a variant\'s cost when an edit leaves it out (the editor does not show it), and changes it when given', async () => {
    const product = await created({}, 'CO');
    const variants = (costs: (string | null | undefined)[], from: StaffProduct) => from.variants.map(({ id, options, model_number, price }, i) => ({
      id, options, model_number, price, ...(costs[i] === undefined ? {} : { cost: costs[i] }),
    }));
    const costed = await api.update(product.id, { variants: variants(['7.25', '8'], product), updated_at: product.updated_at });
    expect(costed.statusCode, costed.body).toBe(200);
    const withCost = costed.json<StaffProduct>();
    expect(withCost.variants.map((variant) => variant.cost)).toEqual(['7.25', '8.00', null, null]);
    const left = await api.update(product.id, { variants: variants([], withCost), updated_at: withCost.updated_at });
    const kept = left.json<StaffProduct>();
    expect(kept.variants.map((variant) => variant.cost)).toEqual(['7.25', '8.00', null, null]);
    const cleared = await api.update(product.id, { variants: variants([null], kept), updated_at: kept.updated_at });
    expect(cleared.json<StaffProduct>().variants.map((variant) => variant.cost)).toEqual([null, '8.00', null, null]);
  });

  it('matches variants by id, option values or catalogue number, adds new ones and deactivates left-out ones', async () => {
    const product = await created({
      name: 'Needle Holder', options: [{ name: 'Length', values: ['14 cm', '17 cm', '20 cm'] }],
      variants: [
        { options: { Length: '14 cm' }, model_number: 'NH-14', price: '10.00' },
        { options: { Length: '17 cm' }, model_number: 'NH-17', price: '12.00' },
      ],
    });
    const [short, long] = product.variants;
    // The two swap catalogue numbers (unique only once both are saved); a third length is added.
    const swapped = await api.update(product.id, {
      updated_at: product.updated_at,
      variants: [
        { id: short.id, options: { Length: '14 cm' }, model_number: 'NH-17', price: '11.00' },
        { options: { Length: '17 cm' }, model_number: 'NH-14', price: '12.00' },
        { options: { Length: '20 cm' }, model_number: 'NH-20', price: '15.00' },
      ],
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    const saved = swapped.json<StaffProduct>();
    expect(saved.variants.map((variant) => [variant.id, variant.model_number, variant.price, variant.is_active])).toEqual([
      [short.id, 'NH-17', '11.00', true], [long.id, 'NH-14', '12.00', true], [expect.any(Number), 'NH-20', '15.00', true],
    ]);
    expect(await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.variantId, saved.variants[2].id))).toHaveLength(1);

    // Matched by catalogue number; the 17 cm one is left out: deactivated, never deleted.
    const trimmed = await api.update(product.id, {
      updated_at: saved.updated_at,
      options: [{ name: 'Length', values: ['14 cm', '18 cm', '20 cm'] }],
      variants: [
        { options: { Length: '18 cm' }, model_number: 'nh-20', price: '16.00' },
        { options: { Length: '14 cm' }, model_number: 'NH-17', price: '11.00' },
      ],
    });
    expect(trimmed.statusCode, trimmed.body).toBe(200);
    const after = trimmed.json<StaffProduct>();
    expect(after.variants.map((variant) => [variant.id, variant.label, variant.is_active])).toEqual([
      [saved.variants[2].id, '18 cm', true], [short.id, '14 cm', true], [long.id, '17 cm', false],
    ]);

    // A left-out variant keeps its catalogue number: no other variant may take it.
    const clash = await api.update(product.id, {
      updated_at: after.updated_at,
      variants: [after.variants[0], { id: short.id, options: { Length: '14 cm' }, model_number: 'NH-14', price: '11.00' }],
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json<ErrorBody>().errors?.['variants.1.model_number']).toEqual(['Another variant in the shop has this catalogue number.']);
  });

  it('moves the slug, answers 301 from the old one and keeps it for this product', async () => {
    const product = await created({ name: 'Adson Forceps', options: [], variants: [{ model_number: 'AF-1', price: '8.00' }] });
    const moved = (await api.update(product.id, { slug: 'adson-tissue-forceps', updated_at: product.updated_at })).json<StaffProduct>();
    expect(moved).toMatchObject({ slug: 'adson-tissue-forceps', redirects: ['adson-forceps'] });

    const old = await storefront('adson-forceps');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/api/products/adson-tissue-forceps/');
    expect((await storefront('adson-tissue-forceps')).statusCode).toBe(200);

    const taken = await api.create(scissorsInput(categoryId, { slug: 'adson-forceps', options: [], variants: [{ model_number: 'AF-2', price: '8.00' }] }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json<ErrorBody>().errors?.slug).toBeDefined();

    const back = await api.update(product.id, { slug: 'adson-forceps', updated_at: moved.updated_at });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<StaffProduct>()).toMatchObject({ slug: 'adson-forceps', redirects: ['adson-tissue-forceps'] });
    expect((await storefront('adson-forceps')).statusCode).toBe(200);
  });

  it('refuses an edit of a product saved since it was read: 409 EDIT_CONFLICT naming the fields and who saved', async () => {
    const product = await created({ name: 'Langenbeck Retractor', options: [], variants: [{ model_number: 'LR-1', price: '30.00' }] });
    const first = await other.update(product.id, { name: 'Langenbeck Retractor, Small', updated_at: product.updated_at });
    expect(first.statusCode).toBe(200);
    const stale = await api.update(product.id, { brand: 'Other Brand', updated_at: product.updated_at });
    expect(stale.statusCode).toBe(409);
    const body = stale.json<ErrorBody>();
    expect(body).toMatchObject({
      code: 'EDIT_CONFLICT',
      changes: { fields: ['name'], updated_at: first.json<StaffProduct>().updated_at, by: 'owner@example.com' },
    });
    expect((await api.get(product.id)).brand).toBe('Sialkot Surgical');
    expect((await auditOf(product.id)).map((entry) => entry.action)).toEqual(['product.create', 'product.update']);
  });

  it('answers 404 for an unknown product and 400 for a variant id of another product', async () => {
    expect((await api.update(99_999, { name: 'X', updated_at: new Date().toISOString() })).statusCode).toBe(404);
    const a = await created({ name: 'Product A', options: [], variants: [{ model_number: 'PA-1', price: '1.00' }] });
    const b = await created({ name: 'Product B', options: [], variants: [{ model_number: 'PB-1', price: '1.00' }] });
    const response = await api.update(a.id, {
      updated_at: a.updated_at, variants: [{ id: b.variants[0].id, model_number: 'PA-1', price: '1.00' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors?.['variants.0.id']).toBeDefined();
  });
});

describe('drafts and archived products', () => {
  it('are invisible to buyers (detail, list, search) but listed for staff', async () => {
    const draft = await created({ name: 'Zygomatic Draft Elevator', status: 'draft', options: [], variants: [{ model_number: 'ZD-1', price: '3.00' }] });
    const archived = await created({ name: 'Zygomatic Archived Elevator', status: 'archived', options: [], variants: [{ model_number: 'ZA-1', price: '3.00' }] });
    for (const product of [draft, archived]) {
      expect((await storefront(product.slug)).statusCode).toBe(404);
    }
    const list = (await t.app.inject('/api/products/?search=zygomatic')).json<{ results: { slug: string }[] }>();
    expect(list.results).toEqual([]);
    const search = await t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'zygomatic' } });
    expect(search.body).not.toContain('Zygomatic');

    const staffList = (await api.list('?search=zygomatic')).json<{ results: StaffProductListItem[] }>();
    expect(staffList.results.map((item) => [item.name, item.status])).toEqual([
      ['Zygomatic Archived Elevator', 'archived'], ['Zygomatic Draft Elevator', 'draft'],
    ]);

    const published = await api.update(draft.id, { status: 'active', updated_at: draft.updated_at });
    expect(published.statusCode).toBe(200);
    expect((await storefront(draft.slug)).statusCode).toBe(200);
    const found = await t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'zygomatic' } });
    expect(found.body).toContain('Zygomatic Draft Elevator');
    expect(found.body).not.toContain('Zygomatic Archived Elevator');
  });
});

describe('the staff list', () => {
  it('searches catalogue numbers, filters by category, status and stock, newest change first, not cached', async () => {
    const response = await api.list('?search=mz-17');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<{ results: StaffProductListItem[] }>().results.map((item) => item.name)).toEqual(['Metzenbaum Scissors, Fine']);
    const byName = (await api.list('?search=MAYO%20scissors')).json<{ results: StaffProductListItem[] }>().results;
    expect(byName.map((item) => item.name)).toEqual(['Mayo Scissors Set']);

    const clamp = (await api.list(`?category=${categoryId}&stock=in`)).json<{ results: StaffProductListItem[] }>().results;
    expect(clamp.map((item) => item.name)).toEqual(['Kocher Clamp']);
    const out = (await api.list('?stock=out&status=draft')).json<{ results: StaffProductListItem[]; count: number }>();
    expect(out.results.every((item) => item.status === 'draft' && item.available_stock === 0)).toBe(true);
    expect((await api.list(`?category=${otherCategoryId}`)).json<{ count: number }>().count).toBe(0);
    const all = (await api.list()).json<{ results: StaffProductListItem[] }>().results;
    const times = all.map((item) => Date.parse(item.updated_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('is for catalogue staff and the owner only', async () => {
    expect((await api.list('', buyer)).statusCode).toBe(403);
    const support = (await createTestUser(t.database.db, { email: 'support@example.com', staffRole: 'support' })).headers;
    expect((await api.list('', support)).statusCode).toBe(403);
    expect((await api.create(scissorsInput(categoryId), support)).statusCode).toBe(403);
  });
});
