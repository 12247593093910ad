import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { insertCatalogue, insertDocument, insertFlashSale, insertMovement, insertUser, type FixtureProduct } from '../test/catalog-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { products as productsTable } from '../db/schema/catalog.ts';

let t: TestApp;
const hour = 3_600_000;
const names = (items: { name: string }[]) => items.map((p) => p.name);

const gs = (name: string, instrumentType: string, priceCents: number, extra: Partial<FixtureProduct> = {}): FixtureProduct =>
  ({ name, category: 'general-surgery', instrumentType, priceCents, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery', 'cardiology'], [
    gs('Mayo Scissors A', 'mayo-scissors', 3_000, {
      brand: 'Zenith Instruments', originalPriceCents: 3_600, stock: 12, reserved: 2, lowStockThreshold: 4, rating: 4,
      certifications: ['ISO 13485', 'CE'], extraImages: 3, features: ['Tungsten carbide inserts', 'Satin finish'],
      specifications: { Length: '17 cm', Pattern: 'Curved' },
    }),
    gs('Mayo Scissors B', 'mayo-scissors', 3_100),
    gs('Mayo Scissors C', 'mayo-scissors', 3_000, { stock: 0 }),
    gs('Mayo Scissors D', 'mayo-scissors', 5_000),
    gs('Metzenbaum Scissors', 'metzenbaum-scissors', 3_000),
    gs('Adson Forceps Other Brand', 'adson-tissue-forceps', 900, { rating: 5 }),
    gs('Adson Forceps Zenith', 'adson-tissue-forceps', 1_500, { brand: 'Zenith Instruments' }),
    gs('Mayo-Hegar Needle Holder', 'mayo-hegar-needle-holder', 2_500),
    gs('Kelly Hemostat', 'kelly-hemostat', 1_000, { stock: 0 }),
    gs('Crile Hemostat', 'crile-hemostat', 1_100),
    gs('Allis Forceps', 'allis-tissue-forceps', 1_300),
    gs('Deaver Retractor', 'deaver-retractor', 4_000),
    { name: 'DeBakey Forceps', category: 'cardiology', instrumentType: 'debakey-atraumatic-forceps', priceCents: 3_000 },
  ]);
  await insertDocument(t.database.db, { slug: 'ifu-mayo-scissors', name: 'Instructions for Use – Mayo Scissors', content: Buffer.alloc(4_300, 1) }, [products[0].id]);
  await insertFlashSale(t.database.db, products[0].variantId, {
    salePriceCents: 2_400, units: 5, claimedUnits: 1, startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + 2 * hour),
  });
  await insertMovement(t.database.db, { variantId: products[4].variantId, kind: 'sale', quantity: -2 });
  await insertMovement(t.database.db, { variantId: products[4].variantId, kind: 'reserve', quantity: 1 });
  await insertMovement(t.database.db, { variantId: products[4].variantId, kind: 'sale', quantity: -5, createdAt: new Date(Date.now() - 48 * hour) });
});
afterAll(() => t.close());

const detail = async (slug: string) => {
  const res = await t.app.inject(`/api/products/${slug}/`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/products/{slug}/', () => {
  it('gives every field of the spec\'s Product', async () => {
    const product = await detail('mayo-scissors-a');
    expect(product).toMatchObject({
      slug: 'mayo-scissors-a', name: 'Mayo Scissors A', category: 'general-surgery', category_name: 'general surgery',
      brand: 'Zenith Instruments', model_number: 'T-1000', price: '24.00', original_price: '36.00', stock_quantity: 10,
      is_in_stock: true, main_image: '/media/test/mayo-scissors-a.svg', certifications: ['ISO 13485', 'CE'],
      features: ['Tungsten carbide inserts', 'Satin finish'], specifications: { Length: '17 cm', Pattern: 'Curved' },
      average_rating: 4, review_count: 0, instrument_type: 'mayo-scissors', low_stock_threshold: 4,
    });
    expect(product.images).toHaveLength(4);
    expect(product.images[0]).toEqual({
      id: expect.any(Number), image_url: '/media/test/mayo-scissors-a.svg', alt: 'Mayo Scissors A 1', srcset: '', width: null, height: null,
    });
    expect(product.documents).toEqual([{
      id: expect.any(Number), name: 'Instructions for Use – Mayo Scissors', type: 'PDF', size: '4.2 KB', size_bytes: 4_300,
      url: '/api/documents/ifu-mayo-scissors/download/', kind: 'ifu', version: 1, issued_on: null, expires_on: null,
      status: 'current', previous_versions: [],
    }]);
    // The sale strikes out the same "was" as the product's price: its compare-at price, above its list price.
    expect(product.flash_sale).toMatchObject({ productId: product.id, salePrice: 24, originalPrice: 36, discount: 33, availableStock: 4 });
    expect((await detail('mayo-scissors-b')).flash_sale).toBeNull();
  });

  it('relates products of the same category: same type first, in stock first, closest price next, at most 8', async () => {
    const { related_products: related } = await detail('mayo-scissors-a');
    expect(names(related)).toEqual([
      'Mayo Scissors B', 'Mayo Scissors D', 'Mayo Scissors C',
      'Metzenbaum Scissors', 'Mayo-Hegar Needle Holder', 'Deaver Retractor', 'Adson Forceps Zenith', 'Allis Forceps',
    ]);
    expect(related[2].is_in_stock).toBe(false);
  });

  it('offers the rest of the procedure kit: one in-stock product per other instrument family, same brand first', async () => {
    const { frequently_bought_together: kit } = await detail('mayo-scissors-a');
    expect(names(kit)).toEqual(['Adson Forceps Zenith', 'Mayo-Hegar Needle Holder', 'Crile Hemostat', 'Allis Forceps']);
    expect(names((await detail('crile-hemostat')).frequently_bought_together))
      .toEqual(['Mayo Scissors B', 'Adson Forceps Other Brand', 'Mayo-Hegar Needle Holder', 'Allis Forceps']);
    expect((await detail('debakey-forceps')).frequently_bought_together).toEqual([]);
  });

  it('puts products from the same paid orders first, most often together first, then tops up from the kit', async () => {
    const db = t.database.db;
    // Ids straight from the table: a detail request would count as a view.
    const ids = Object.fromEntries((await db.select({ slug: productsTable.slug, id: productsTable.id }).from(productsTable))
      .map((row) => [row.slug, row.id]));
    const buyer = await insertUser(db, { email: 'theatre@example.com', firstName: 'Theatre', lastName: 'Nurse' });
    await insertOrder(db, buyer.id, [{ productId: ids['allis-forceps'] }, { productId: ids['deaver-retractor'] }, { productId: ids['metzenbaum-scissors'] }]);
    await insertOrder(db, buyer.id, [{ productId: ids['allis-forceps'] }, { productId: ids['deaver-retractor'] }]);
    await insertOrder(db, buyer.id, [{ productId: ids['allis-forceps'] }, { productId: ids['crile-hemostat'] }], 'failed');
    await insertOrder(db, buyer.id, [{ productId: ids['allis-forceps'] }, { productId: ids['kelly-hemostat'] }]);
    const together = names((await detail('allis-forceps')).frequently_bought_together);
    expect(together.slice(0, 2)).toEqual(['Deaver Retractor', 'Metzenbaum Scissors']);
    expect(together).toHaveLength(4);
    expect(new Set(together).size).toBe(4);
    expect(together).not.toContain('Kelly Hemostat');
  });

  it('revalidates with an ETag', async () => {
    const res = await t.app.inject('/api/products/mayo-scissors-d/');
    expect(res.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ url: '/api/products/mayo-scissors-d/', headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/products/{slug}/stock/', () => {
  it('gives the live stock record with 24-hour demand and conversion from detail views', async () => {
    for (let i = 0; i < 4; i++) await detail('metzenbaum-scissors');
    const res = await t.app.inject('/api/products/metzenbaum-scissors/stock/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.json()).toMatchObject({
      currentStock: 10, availableStock: 10, reservedStock: 0, lowStockThreshold: 5, isFlashSale: false, flashSaleEndTime: null,
      totalDemand: 3, conversionRate: 0.5,
    });
    expect(Date.parse(res.json().lastUpdated)).not.toBeNaN();
  });

  it('shows a running flash sale and no conversion without views', async () => {
    const stock = (await t.app.inject('/api/products/deaver-retractor/stock/')).json();
    expect(stock).toMatchObject({ isFlashSale: false, totalDemand: 0, conversionRate: 0 });
    const onSale = (await t.app.inject('/api/products/mayo-scissors-a/stock/')).json();
    expect(onSale).toMatchObject({ currentStock: 12, reservedStock: 2, availableStock: 10, lowStockThreshold: 4, isFlashSale: true });
    expect(Date.parse(onSale.flashSaleEndTime)).toBeGreaterThan(Date.now());
  });
});
