import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffFlashSale } from '#contracts/flash-sales';
import type { FlashSaleItem } from '#contracts/catalog';
import { flashSales } from '../db/schema/catalog.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';

type Headers = Record<string, string>;

const HOUR = 3_600_000;
let t: CommerceTestApp;
let staff: Headers;
let buyer: Headers;
let ids: { forceps: number; clamp: number; scissors: number };
let scissors: { short: number; long: number };

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17' } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'DeBakey Forceps', category: 'general-surgery', priceCents: 8_499, stock: 6 },
    { name: 'Kocher Clamp', category: 'general-surgery', priceCents: 10_000, stock: 100 },
    {
      name: 'Metzenbaum Scissors', category: 'general-surgery', priceCents: 2_400,
      options: [{ name: 'Length', values: ['14 cm', '18 cm'] }],
      variants: [{ options: { Length: '14 cm' }, priceCents: 2_400, stock: 20 }, { options: { Length: '18 cm' }, priceCents: 3_100, stock: 5 }],
    },
  ]);
  ids = { forceps: products[0].id, clamp: products[1].id, scissors: products[2].id };
  scissors = { short: products[2].variants[0].id, long: products[2].variants[1].id };
  staff = (await createTestUser(t.database.db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
  buyer = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
});
afterAll(() => t.close());

const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR).toISOString();
const body = (overrides: Record<string, unknown> = {}) =>
  ({ productId: ids.forceps, salePrice: '67.99', startsAt: at(-1), endsAt: at(5), units: 10, ...overrides });
const create = (payload: Record<string, unknown>, headers = staff) =>
  t.app.inject({ method: 'POST', url: '/api/staff/flash-sales/', headers, payload });
const update = (id: number, payload: Record<string, unknown>, headers = staff) =>
  t.app.inject({ method: 'PUT', url: `/api/staff/flash-sales/${id}/`, headers, payload });
const end = (id: number, headers = staff) => t.app.inject({ method: 'POST', url: `/api/staff/flash-sales/${id}/end/`, headers });
const list = async () => (await t.app.inject({ method: 'GET', url: '/api/staff/flash-sales/', headers: staff })).json<{ sales: StaffFlashSale[] }>().sales;
const homeCard = async (productId: number) =>
  (await t.app.inject('/api/flash-sales/')).json<{ items: FlashSaleItem[] }>().items.find((item) => item.productId === productId);
const saleCount = async () => (await t.database.db.select().from(flashSales)).length;

describe('/api/staff/flash-sales/', () => {
  it('is for staff only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/flash-sales/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/flash-sales/', headers: buyer })).statusCode).toBe(403);
    expect((await create(body(), buyer)).statusCode).toBe(403);
    expect((await update(1, body(), buyer)).statusCode).toBe(403);
    expect((await end(1, buyer)).statusCode).toBe(403);
    expect(await saleCount()).toBe(0);
  });

  it('answers 400 per field and writes nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, {
        productId: ['Choose a product.'], salePrice: ['This field is required.'],
        startsAt: ['Enter the start date and time.'], endsAt: ['Enter the end date and time.'],
      }],
      [body({ salePrice: '0' }), { salePrice: ['Enter a price above 0.'] }],
      [body({ salePrice: 'cheap' }), { salePrice: ['Enter a price like 12.50.'] }],
      [body({ endsAt: at(-2) }), { endsAt: ['The end must be after the start.'] }],
      [body({ startsAt: 'tomorrow' }), { startsAt: ['Enter the start date and time.'] }],
      [body({ units: 0 }), { units: ['Enter 1 or more units, or leave it empty.'] }],
      [body({ units: 2.5 }), { units: ['Enter a whole number of units.'] }],
      [body({ salePrice: '84.99' }), { salePrice: ['The sale price must be below the list price (84.99).'] }],
      [body({ productId: 9_999 }), { productId: ['Choose a product.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await saleCount()).toBe(0);
  });

  it('creates a sale that prices at once, with the same sold and left as the home card', async () => {
    const res = await create(body());
    expect(res.statusCode).toBe(201);
    const sale = res.json<StaffFlashSale>();
    // 10 units offered, only 6 in stock: 6 left.
    expect(sale).toMatchObject({
      productName: 'DeBakey Forceps', listPrice: '84.99', salePrice: '67.99', units: 10, claimedUnits: 0,
      soldCount: 0, availableStock: 6, state: 'running',
    });
    expect(await homeCard(ids.forceps)).toMatchObject({ salePrice: 67.99, soldCount: 0, availableStock: 6, totalStock: 6 });

    await buyByCard(t, buyer, [{ productId: ids.forceps, quantity: 2 }]);
    const [listed] = await list();
    expect(listed).toMatchObject({ id: sale.id, claimedUnits: 2, soldCount: 2, availableStock: 4 });
    expect(await homeCard(ids.forceps)).toMatchObject({ soldCount: 2, availableStock: 4, totalStock: 6 });
  });

  it('refuses a window overlapping another sale of the product (409); one that starts as the other ends is fine', async () => {
    const [running] = await list();
    const overlap = await create(body({ startsAt: at(4), endsAt: at(8) }));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().code).toBe('FLASH_SALE_OVERLAP');
    const next = await create(body({ startsAt: running.endsAt, endsAt: at(9), units: null }));
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({ state: 'scheduled', units: null });
    expect((await update(next.json().id, body({ startsAt: at(4), endsAt: at(9) }))).statusCode).toBe(409);
  });

  it('changes a sale, never below the units orders have claimed', async () => {
    const [running] = await list();
    const below = await update(running.id, body({ units: 1, startsAt: running.startsAt, endsAt: running.endsAt }));
    expect(below.statusCode).toBe(400);
    expect(below.json().errors).toEqual({ units: ['Orders have claimed 2 units: offer at least that many.'] });
    const moved = await update(running.id, body({ productId: ids.clamp, salePrice: '90.00', startsAt: running.startsAt, endsAt: running.endsAt }));
    expect(moved.json().errors).toEqual({ productId: ['Orders were priced by this sale: its product cannot change.'] });
    const sameWindow = { startsAt: running.startsAt, endsAt: running.endsAt };
    const changed = await update(running.id, body({ salePrice: '70.00', units: 3, ...sameWindow }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ salePrice: '70.00', units: 3, soldCount: 2, availableStock: 1 });
    expect((await update(9_999, body())).statusCode).toBe(404);
  });

  it('ends a running sale now, withdraws a scheduled one, and refuses one already ended', async () => {
    const [running, scheduled] = await list();
    const ended = await end(running.id);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().sale).toMatchObject({ state: 'ended', soldCount: 2 });
    expect(Math.abs(Date.parse(ended.json().sale.endsAt) - Date.now())).toBeLessThan(60_000);
    expect(await homeCard(ids.forceps)).toBeUndefined();
    expect((await t.app.inject('/api/products/debakey-forceps/')).json().price).toBe('84.99');

    expect((await end(running.id)).json().code).toBe('FLASH_SALE_ENDED');
    const withdrawn = await end(scheduled.id);
    expect(withdrawn.json()).toEqual({ sale: null });
    expect((await list()).map((sale) => sale.id)).toEqual([running.id]);
  });
});

describe('a flash sale of a product with variants', () => {
  const sale = (overrides: Record<string, unknown>) => body({ productId: ids.scissors, salePrice: '25.00', units: null, ...overrides });

  it('names its variant: left out or one of another product is a 400 on variantId, writing nothing', async () => {
    const before = await saleCount();
    const missing = await create(sale({}));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ variantId: ['Choose Length.'] });
    const foreign = await create(sale({ variantId: (await t.database.db.select().from(flashSales))[0].variantId }));
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().errors)).toEqual(['variantId']);
    // Below 31.00 (the 18 cm's list price) but not below 24.00 (the 14 cm's).
    const notBelow = await create(sale({ variantId: scissors.short }));
    expect(notBelow.json().errors).toEqual({ salePrice: ['The sale price must be below the list price (24.00).'] });
    expect(await saleCount()).toBe(before);
  });

  it('prices only its variant, at that variant’s list price', async () => {
    const res = await create(sale({ variantId: scissors.long }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      productId: ids.scissors, variantId: scissors.long, variantLabel: '18 cm', productModel: 'T-1002-2', listPrice: '31.00', availableStock: 5,
    });
    // A second sale of the product's other variant in the same window is not an overlap.
    expect((await create(sale({ variantId: scissors.short, salePrice: '20.00' }))).statusCode).toBe(201);
    for (const [variantId, price] of [[scissors.long, '25.00'], [scissors.short, '20.00']] as const) {
      await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: ids.scissors, variant_id: variantId, quantity: 1 } });
      const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer })).json<{ items: { variant_id: number; unit_price: string }[] }>();
      expect(cart.items.find((item) => item.variant_id === variantId)?.unit_price).toBe(price);
    }
  });
});
