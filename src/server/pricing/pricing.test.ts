import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '#contracts/cart';
import type { ProductDetail, ProductList } from '#contracts/catalog';
import type { Order } from '#contracts/orders';
import type { SearchResponse } from '#contracts/search';
import type { Wishlist, WishlistItem, WishlistShare } from '#contracts/wishlist';
import { flashSales } from '../db/schema/catalog.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';
import { oneUnitPrices, oneUnitVariantPrices } from './customer-prices.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue, insertFlashSale } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { pdfText } from '../test/pdf-text.ts';

type Headers = Record<string, string>;
let t: CommerceTestApp;
let staff: Headers;
let individual: Headers;
type Product = { id: number; slug: string; variantId: number; variants: { id: number }[] };
let scalpel: Product;
let retractor: Product;
let drill: Product;
let scissors: Product;

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['general-surgery', 'orthopedics'], [
    { name: 'Scalpel Handle', category: 'general-surgery', priceCents: 10_000, stock: 500 },
    { name: 'Weitlaner Retractor', category: 'general-surgery', priceCents: 20_000, stock: 500 },
    { name: 'Bone Drill', category: 'orthopedics', priceCents: 50_000, stock: 500 },
    {
      name: 'Metzenbaum Scissors', category: 'general-surgery', priceCents: 10_000, stock: 500,
      options: [{ name: 'Length', values: ['14 cm', '18 cm', '23 cm'] }],
      variants: [{ options: { Length: '14 cm' }, priceCents: 10_000 }, { options: { Length: '18 cm' }, priceCents: 12_000 }, { options: { Length: '23 cm' }, priceCents: 14_000 }],
    },
  ]);
  [scalpel, retractor, drill, scissors] = products;
  await db.insert(priceTiers).values([
    { variantId: scalpel.variantId, minQuantity: 10, unitPriceCents: 9_500 },
    { variantId: scalpel.variantId, minQuantity: 50, unitPriceCents: 9_000 },
  ]);
  staff = (await createTestUser(db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
  individual = (await createTestUser(db, { email: 'dr.solo@example.com' })).headers;
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers?: Headers, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const emptyCart = async (headers: Headers) => {
  const cart = (await inject('GET', '/api/cart/', headers)).json<Cart>();
  for (const item of cart.items) await inject('DELETE', `/api/cart/items/${item.id}/`, headers);
};
const cartWith = async (headers: Headers, productId: number, quantity: number, variantId?: number) => {
  await emptyCart(headers);
  await inject('POST', '/api/cart/add-item/', headers, { product_id: productId, variant_id: variantId, quantity });
  return (await inject('GET', '/api/cart/', headers)).json<Cart>();
};
const detailOf = async (slug: string, headers?: Headers) => (await inject('GET', `/api/products/${slug}/`, headers)).json<ProductDetail>();

describe('volume tiers', () => {
  it('are in the product detail, lowest quantity first, for everyone', async () => {
    expect((await detailOf(scalpel.slug)).price_tiers).toEqual([
      { min_quantity: 10, unit_price: '95.00' }, { min_quantity: 50, unit_price: '90.00' },
    ]);
    expect((await detailOf(retractor.slug)).price_tiers).toEqual([]);
  });

  it('price the cart exactly at their boundaries: 9, 10, 49 and 50 units', async () => {
    const expected = { 9: ['100.00', '900.00'], 10: ['95.00', '950.00'], 49: ['95.00', '4655.00'], 50: ['90.00', '4500.00'] } as const;
    for (const [quantity, [unit, subtotal]] of Object.entries(expected)) {
      const cart = await cartWith(individual, scalpel.id, Number(quantity));
      expect(cart.items[0].unit_price, `${quantity} units`).toBe(unit);
      expect(cart.subtotal, `${quantity} units`).toBe(subtotal);
    }
    // Lowering the quantity on the line takes the tier away again.
    const cart = (await inject('GET', '/api/cart/', individual)).json<Cart>();
    const lowered = (await inject('PATCH', `/api/cart/items/${cart.items[0].id}/`, individual, { quantity: 9 })).json<Cart>();
    expect(lowered.items[0]).toMatchObject({ unit_price: '100.00', total_price: '900.00' });
  });

  it('are charged and recorded on the order and its invoice', async () => {
    await emptyCart(individual);
    const { orderId } = await buyByCard(t, individual, [{ productId: scalpel.id, quantity: 10 }]);
    const order = (await inject('GET', '/api/orders/', individual)).json<{ orders: Order[] }>().orders.find((o) => o.id === orderId)!;
    expect(order.items[0]).toMatchObject({ quantity: 10, price: 95 });
    const pdf = await inject('GET', `/api/orders/${orderId}/invoice.pdf`, individual);
    expect(await pdfText(pdf.rawPayload)).toContain('$950.00');
  });

  it('are set by staff only', async () => {
    const payload = { tiers: [{ min_quantity: 5, unit_price: '190.00' }] };
    expect((await inject('PUT', `/api/staff/products/${retractor.id}/price-tiers/`, undefined, payload)).statusCode).toBe(401);
    expect((await inject('PUT', `/api/staff/products/${retractor.id}/price-tiers/`, individual, payload)).statusCode).toBe(403);
    expect((await inject('PUT', '/api/staff/products/99999/price-tiers/', staff, payload)).statusCode).toBe(404);
    const response = await inject('PUT', `/api/staff/products/${retractor.id}/price-tiers/`, staff, {
      tiers: [{ min_quantity: 5, unit_price: '190' }, { min_quantity: 20, unit_price: '180.50' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().price_tiers).toEqual([{ min_quantity: 5, unit_price: '190.00' }, { min_quantity: 20, unit_price: '180.50' }]);
    expect((await detailOf(retractor.slug)).price_tiers).toHaveLength(2);
    const cleared = await inject('PUT', `/api/staff/products/${retractor.id}/price-tiers/`, staff, { tiers: [] });
    expect(cleared.json().price_tiers).toEqual([]);
  });

  it('refuse tiers that would never apply, per field, and keep the old ones', async () => {
    const put = (tiers: unknown[]) => inject('PUT', `/api/staff/products/${scalpel.id}/price-tiers/`, staff, { tiers });
    const cases: [unknown[], Record<string, string[]>][] = [
      [[{ min_quantity: 1, unit_price: '99' }], { 'tiers.0.min_quantity': ['Enter 2 or more.'] }],
      [[{ min_quantity: 10, unit_price: 'cheap' }], { 'tiers.0.unit_price': ['Enter a price like 12.50.'] }],
      [[{ min_quantity: 10, unit_price: '100.00' }], { 'tiers.0.unit_price': ['Enter less than the list price, 100.00.'] }],
      [[{ min_quantity: 10, unit_price: '0' }], { 'tiers.0.unit_price': ['Enter a price above 0.'] }],
      [[{ min_quantity: 50, unit_price: '90' }, { min_quantity: 10, unit_price: '95' }], {
        'tiers.1.min_quantity': ['Enter more than 50, the quantity of the tier before.'],
        'tiers.1.unit_price': ['Enter less than the unit price of the tier before.'],
      }],
    ];
    for (const [tiers, errors] of cases) {
      const response = await put(tiers);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await t.database.db.select().from(priceTiers).where(eq(priceTiers.variantId, scalpel.variantId))).toHaveLength(2);
  });
});

describe('volume tiers of a product with variants', () => {
  const [short, long] = [() => scissors.variants[0].id, () => scissors.variants[1].id];
  const put = (payload: Record<string, unknown>) => inject('PUT', `/api/staff/products/${scissors.id}/price-tiers/`, staff, payload);

  it('are set for the variant named, below its own list price, and price only its lines', async () => {
    const missing = await put({ tiers: [{ min_quantity: 10, unit_price: '110' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ variant_id: ['Choose Length.'] });
    const other = await put({ variant_id: scalpel.variantId, tiers: [{ min_quantity: 10, unit_price: '90' }] });
    expect(Object.keys(other.json().errors)).toEqual(['variant_id']);
    expect((await put({ variant_id: long(), tiers: [{ min_quantity: 10, unit_price: '120' }] })).json().errors)
      .toEqual({ 'tiers.0.unit_price': ['Enter less than the list price, 120.00.'] });
    expect(await t.database.db.select().from(priceTiers).where(eq(priceTiers.variantId, long()))).toEqual([]);

    const set = await put({ variant_id: long(), tiers: [{ min_quantity: 10, unit_price: '110' }] });
    expect(set.json().price_tiers).toEqual([{ min_quantity: 10, unit_price: '110.00' }]);
    expect((await cartWith(individual, scissors.id, 10, long())).items[0]).toMatchObject({ unit_price: '110.00', variant_label: '18 cm' });
    expect((await cartWith(individual, scissors.id, 10, short())).items[0]).toMatchObject({ unit_price: '100.00', variant_label: '14 cm' });
    await emptyCart(individual);
  });
});

describe('one unit of a product with variants, as a card shows it', () => {
  const HOUR = 3_600_000;
  it('is its cheapest variant now, striking out a list price only when no variant costs that anyway', async () => {
    const { db } = t.database;
    const running = { startsAt: new Date(Date.now() - HOUR), endsAt: new Date(Date.now() + HOUR) };
    // The 18 cm at 100.00 ties the 14 cm's list price: nothing is lowered.
    const tie = await insertFlashSale(db, scissors.variants[1].id, { salePriceCents: 10_000, ...running });
    expect(await oneUnitPrices(db, null, [scissors.id])).toBeNull();
    await db.delete(flashSales).where(eq(flashSales.id, tie.id));
    // The 23 cm at 95.00 is the cheapest unit: shown against its own list price.
    const sale = await insertFlashSale(db, scissors.variants[2].id, { salePriceCents: 9_500, ...running });
    expect((await oneUnitPrices(db, null, [scissors.id]))?.get(scissors.id))
      .toMatchObject({ unitPriceCents: 9_500, listPriceCents: 14_000, source: 'flash_sale', flashSaleId: sale.id, saleQuantity: 1 });
    expect((await oneUnitVariantPrices(db, null, scissors.variants.map((v) => v.id)))?.get(scissors.variants[2].id))
      .toMatchObject({ unitPriceCents: 9_500 });
    await db.delete(flashSales).where(eq(flashSales.id, sale.id));
  });
});

describe('price-list lines for a product with variants', () => {
  let clinic: Awaited<ReturnType<typeof createBusinessBuyer>>;
  const add = (payload: Record<string, unknown>) => inject('POST', `/api/staff/organisations/${clinic.organisation!.id}/prices/`, staff, payload);
  const unitPrice = async (variantId: number) => (await cartWith(clinic.headers, scissors.id, 1, variantId)).items[0].unit_price;
  const [short, long, longest] = [() => scissors.variants[0].id, () => scissors.variants[1].id, () => scissors.variants[2].id];

  beforeAll(async () => {
    clinic = await createBusinessBuyer(t.database.db, { email: 'buyer@variants.example', hospitalName: 'Variant Clinic', status: 'verified' });
  });

  it('resolve variant, then product, then category, then everything, each variant at its own list price', async () => {
    expect((await add({ scope: 'all', kind: 'percent', value: '2' })).statusCode).toBe(200);
    expect([await unitPrice(short()), await unitPrice(long()), await unitPrice(longest())]).toEqual(['98.00', '117.60', '137.20']);
    await add({ scope: 'category', category: 'general-surgery', kind: 'percent', value: '5' });
    expect([await unitPrice(short()), await unitPrice(long()), await unitPrice(longest())]).toEqual(['95.00', '114.00', '133.00']);
    await add({ scope: 'product', product: scissors.slug, kind: 'percent', value: '10' });
    expect([await unitPrice(short()), await unitPrice(long()), await unitPrice(longest())]).toEqual(['90.00', '108.00', '126.00']);
    // The narrowest line wins even when a wider one would be cheaper.
    const variantLine = await add({ scope: 'variant', variant: 'T-1003-2', kind: 'fixed', value: '115' });
    expect(variantLine.statusCode, variantLine.body).toBe(200);
    expect([await unitPrice(short()), await unitPrice(long()), await unitPrice(longest())]).toEqual(['90.00', '115.00', '126.00']);
    expect(variantLine.json().price_list.map((rule: { scope: string }) => rule.scope)).toEqual(['all', 'category', 'product', 'variant']);
    expect(variantLine.json().price_list[3]).toMatchObject({
      product: { id: scissors.id, slug: scissors.slug }, variant: { id: long(), model_number: 'T-1003-2', label: '18 cm', price: '120.00' },
      kind: 'fixed', value: '115.00',
    });
    // A product line may name the product by any of its variants' catalogue numbers; it replaces the product's line.
    const replaced = await add({ scope: 'product', product: 't-1003-3', kind: 'percent', value: '12' });
    expect(replaced.json().price_list).toHaveLength(4);
    expect([await unitPrice(short()), await unitPrice(long()), await unitPrice(longest())]).toEqual(['88.00', '115.00', '123.20']);
    await emptyCart(clinic.headers);
  });

  it('refuse an unknown variant or a fixed price not below its list price, per field, writing nothing', async () => {
    const before = (await inject('GET', `/api/staff/organisations/${clinic.organisation!.id}/`, staff)).json().price_list;
    const cases: [Record<string, unknown>, string][] = [
      [{ scope: 'variant', kind: 'percent', value: '5' }, 'variant'],
      [{ scope: 'variant', variant: 'NO-SUCH', kind: 'percent', value: '5' }, 'variant'],
      [{ scope: 'variant', variant: 'T-1003-3', kind: 'fixed', value: '140' }, 'value'],
      [{ scope: 'product', product: scissors.slug, kind: 'fixed', value: '100' }, 'value'],
    ];
    for (const [payload, field] of cases) {
      const response = await add(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    expect((await inject('GET', `/api/staff/organisations/${clinic.organisation!.id}/`, staff)).json().price_list).toEqual(before);
  });
});

describe('an organisation’s price list', () => {
  let hospital: Awaited<ReturnType<typeof createBusinessBuyer>>;
  let rival: Awaited<ReturnType<typeof createBusinessBuyer>>;

  beforeAll(async () => {
    const { db } = t.database;
    hospital = await createBusinessBuyer(db, { email: 'buyer@mayo.example', status: 'verified' });
    rival = await createBusinessBuyer(db, { email: 'buyer@rival.example', hospitalName: 'Rival Clinic', status: 'verified' });
    const add = (id: string, payload: Record<string, unknown>) => inject('POST', `/api/staff/organisations/${id}/prices/`, staff, payload);
    await add(hospital.organisation!.id, { scope: 'all', kind: 'percent', value: '2' });
    await add(hospital.organisation!.id, { scope: 'category', category: 'general-surgery', kind: 'percent', value: '7' });
    await add(hospital.organisation!.id, { scope: 'product', product: retractor.slug, kind: 'fixed', value: '150' });
    await add(rival.organisation!.id, { scope: 'all', kind: 'percent', value: '50' });
  });

  it('is what the organisation sees in the list and on the detail, with the list price struck out', async () => {
    const list = (await inject('GET', '/api/products/', hospital.headers)).json<ProductList>().results;
    const byId = new Map(list.map((item) => [item.id, item]));
    expect(byId.get(scalpel.id)).toMatchObject({ price: '93.00', original_price: '100.00' });
    expect(byId.get(retractor.id)).toMatchObject({ price: '150.00', original_price: '200.00' });
    expect(byId.get(drill.id)).toMatchObject({ price: '490.00', original_price: '500.00' });
    const response = await inject('GET', `/api/products/${retractor.slug}/`, hospital.headers);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<ProductDetail>()).toMatchObject({ price: '150.00', original_price: '200.00' });
  });

  it('is the price in its search results and its wishlist, but not on the wishlist it shares', async () => {
    const search = async (headers?: Headers) => (await inject('POST', '/api/search', headers, { query: 'Weitlaner Retractor' }))
      .json<SearchResponse>().results.find((result) => result.id === retractor.id);
    expect(await search(hospital.headers)).toMatchObject({ price: 150 });
    expect(await search()).toMatchObject({ price: 200 });
    expect(await search(individual)).toMatchObject({ price: 200 });

    const added = (await inject('POST', `/api/wishlist/${retractor.id}`, hospital.headers)).json<{ item: WishlistItem }>().item;
    expect(added).toMatchObject({ price: 150, originalPrice: 200 });
    await inject('POST', `/api/wishlist/${drill.id}`, hospital.headers);
    const own = (await inject('GET', '/api/wishlist', hospital.headers)).json<Wishlist>().items;
    expect(own.map((item) => [item.productId, item.price, item.originalPrice]).sort()).toEqual([[drill.id, 490, 500], [retractor.id, 150, 200]].sort());

    const { shareId } = (await inject('POST', '/api/wishlist/share/', hospital.headers)).json<WishlistShare>();
    const shared = (await inject('GET', `/api/wishlist/shared/${shareId}`)).json<{ items: WishlistItem[] }>().items;
    expect(shared.map((item) => [item.productId, item.price, item.originalPrice]).sort()).toEqual([[drill.id, 500, null], [retractor.id, 200, null]].sort());
  });

  it('is not seen by visitors, individual buyers or another organisation', async () => {
    const visitor = await inject('GET', '/api/products/');
    expect(visitor.headers['cache-control']).toBe('public, max-age=60');
    expect(visitor.json<ProductList>().results.find((item) => item.id === retractor.id)).toMatchObject({ price: '200.00', original_price: null });
    expect((await detailOf(retractor.slug, individual))).toMatchObject({ price: '200.00', original_price: null });
    expect((await detailOf(retractor.slug, rival.headers))).toMatchObject({ price: '100.00' });
    expect((await cartWith(rival.headers, retractor.id, 1)).items[0].unit_price).toBe('100.00');
  });

  it('gives way to a volume tier that is lower, at the tier boundaries', async () => {
    // Category 7% off: 93.00; tiers 95.00 from 10 and 90.00 from 50.
    const prices = [];
    for (const quantity of [9, 10, 49, 50]) prices.push((await cartWith(hospital.headers, scalpel.id, quantity)).items[0].unit_price);
    expect(prices).toEqual(['93.00', '93.00', '93.00', '90.00']);
  });

  it('is charged at checkout and recorded on the order', async () => {
    await emptyCart(hospital.headers);
    const { orderId } = await buyByCard(t, hospital.headers, [{ productId: retractor.id, quantity: 2 }, { productId: drill.id, quantity: 1 }]);
    const order = (await inject('GET', '/api/orders/', hospital.headers)).json<{ orders: Order[] }>().orders.find((o) => o.id === orderId)!;
    expect(order.items.map((item) => [item.productId, item.price]).sort()).toEqual([[retractor.id, 150], [drill.id, 490]].sort());
    expect(order.total).toBeCloseTo((300 + 490) * 1.025, 2);
  });

  it('stops applying while the organisation is not verified', async () => {
    const buyer = await createBusinessBuyer(t.database.db, { email: 'lapsed@clinic.example', status: 'verified' });
    await inject('POST', `/api/staff/organisations/${buyer.organisation!.id}/prices/`, staff, { scope: 'all', kind: 'percent', value: '10' });
    expect((await detailOf(drill.slug, buyer.headers)).price).toBe('450.00');
    await inject('PUT', '/api/auth/profile/', buyer.headers, { profile: { license_number: 'PMC-NEW-1' } });
    expect((await detailOf(drill.slug, buyer.headers)).price).toBe('500.00');
    expect((await cartWith(buyer.headers, drill.id, 1)).items[0].unit_price).toBe('500.00');
  });
});
