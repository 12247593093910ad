import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts } from '../db/schema/cart.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { shippingZones } from '../db/schema/shipping.ts';
import { seedDemoShippingZones } from '../seed/shipping-zones.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, PAKISTAN_STANDARD_ID, type CommerceTestApp } from '../test/commerce-fixtures.ts';

let t: CommerceTestApp;
let ayesha: Record<string, string>;
let product: Record<'kelly' | 'mayo' | 'retractor', number>;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17' } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 50 },
    // No shipping weight: counts as 500 g a unit.
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 50 },
    { name: 'Balfour Retractor', category: 'general-surgery', priceCents: 60_000, stock: 50 },
  ]);
  const [kelly, mayo, retractor] = products;
  product = { kelly: kelly.id, mayo: mayo.id, retractor: retractor.id };
  await t.database.db.update(productVariants).set({ weightGrams: 200 }).where(eq(productVariants.id, kelly.variantId));
  await t.database.db.update(productVariants).set({ weightGrams: 2_500 }).where(eq(productVariants.id, retractor.variantId));
  ayesha = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
});
afterAll(() => t.close());

/** Empties Ayesha's cart, then fills it with these quantities. */
async function cartOf(quantities: Partial<Record<keyof typeof product, number>>) {
  const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: ayesha })).json<{ items: { id: number }[] }>();
  for (const item of cart.items) await t.app.inject({ method: 'DELETE', url: `/api/cart/items/${item.id}/`, headers: ayesha });
  for (const [name, quantity] of Object.entries(quantities)) {
    const res = await t.app.inject({
      method: 'POST', url: '/api/cart/add-item/', headers: ayesha, payload: { product_id: product[name as keyof typeof product], quantity },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const options = async (query: string, headers = ayesha) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/cart/shipping-options/?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('shipping options in a shop started empty', () => {
  it('offers Pakistan the spec’s standard rule at the shop’s tax rate', async () => {
    await cartOf({ kelly: 2 });
    expect(await options('country=PK&city=Karachi&postal_code=74000')).toEqual({
      options: [{ id: PAKISTAN_STANDARD_ID, name: 'Standard', carrier: 'other', price: '75.00', price_pkr: '20888.00', days_min: 3, days_max: 5, cod: false,
        cod_fee: '0.00', cod_fee_pkr: '0.00', cod_limit: null }],
      zone: { id: expect.any(Number), name: 'Pakistan', tax_rate: '17.00' },
      message: null,
    });
  });

  it('offers a country no zone covers nothing, and says so', async () => {
    expect(await options('country=de&city=Berlin')).toEqual({
      options: [], zone: null, message: 'We do not ship to Germany yet. Please contact us for a quote.',
    });
  });
});

describe('shipping options from the demo zones', () => {
  beforeAll(() => seedDemoShippingZones(t.database.db));

  it('offers Karachi the overnight couriers by weight, with cash on delivery, and the standard rule', async () => {
    await cartOf({ kelly: 2 }); // 400 g, 36.00
    const answer = await options('country=PK&city=Karachi');
    expect(answer.options.map(({ id: _id, ...option }: { id: number }) => option)).toEqual([
      {
        name: 'Leopards Overnight', carrier: 'leopards', price: '3.50', price_pkr: '975.00', days_min: 1, days_max: 2, cod: true,
        cod_fee: '1.20', cod_fee_pkr: '334.00', cod_limit: '1000.00',
      },
      {
        name: 'TCS Overnight', carrier: 'tcs', price: '4.00', price_pkr: '1114.00', days_min: 1, days_max: 2, cod: true,
        cod_fee: '1.50', cod_fee_pkr: '418.00', cod_limit: '1500.00',
      },
      {
        name: 'Standard', carrier: 'other', price: '75.00', price_pkr: '20888.00', days_min: 3, days_max: 5, cod: false,
        cod_fee: '0.00', cod_fee_pkr: '0.00', cod_limit: null,
      },
    ]);
    expect(answer.zone).toMatchObject({ name: 'Pakistan', tax_rate: '17.00' });
  });

  it('ships free to Lahore from a 500.00 subtotal, the couriers at the weight band above', async () => {
    await cartOf({ retractor: 1, kelly: 2 }); // 2.9 kg, 636.00
    const answer = await options('country=PK&city=Lahore&postal_code=54000');
    expect(answer.options.map(({ name, price }: { name: string; price: string }) => [name, price])).toEqual([
      ['Standard', '0.00'], ['Leopards Overnight', '11.00'], ['TCS Overnight', '12.00'],
    ]);
  });

  it('offers Dubai DHL Express zero-rated, a unit without a weight counted as 500 g', async () => {
    await cartOf({ kelly: 2, mayo: 1 }); // 400 g + 500 g
    expect(await options('country=AE&city=Dubai')).toEqual({
      options: [{
        id: expect.any(Number), name: 'DHL Express Worldwide', carrier: 'dhl_express', price: '46.00', price_pkr: '12811.00',
        days_min: 2, days_max: 4, cod: false, cod_fee: '0.00', cod_fee_pkr: '0.00', cod_limit: null,
      }],
      zone: { id: expect.any(Number), name: 'Gulf', tax_rate: '0.00' },
      message: null,
    });
  });

  it('prices Berlin by its 5 kg band, and free from the Europe zone’s 2,000.00', async () => {
    await cartOf({ retractor: 1 }); // 2.5 kg, 600.00
    expect((await options('country=DE&city=Berlin&postal_code=10115')).options).toMatchObject([
      { name: 'DHL Express Worldwide', price: '140.00', price_pkr: '38990.00', days_min: 3, days_max: 5 },
    ]);
    await cartOf({ retractor: 4 }); // 10 kg, 2,400.00
    expect((await options('country=DE&city=Berlin')).options).toMatchObject([{ name: 'DHL Express Worldwide', price: '0.00', price_pkr: '0.00' }]);
  });

  it('offers New York the North America rate', async () => {
    await cartOf({ retractor: 1, mayo: 1 }); // 3 kg, 729.50
    const answer = await options('country=US&city=New%20York&postal_code=10001');
    expect(answer.zone).toMatchObject({ name: 'North America', tax_rate: '0.00' });
    expect(answer.options).toMatchObject([{ carrier: 'dhl_express', price: '160.00', price_pkr: '44560.00', days_min: 3, days_max: 6 }]);
  });

  it('covers any other country from the rest of the world, and tells of a cart heavier than every band', async () => {
    await cartOf({ kelly: 1 });
    expect((await options('country=JP&city=Tokyo')).options).toMatchObject([{ price: '70.00', days_min: 5, days_max: 10 }]);
    await cartOf({ retractor: 13 }); // 32.5 kg, above the last 30 kg band
    expect(await options('country=JP&city=Tokyo')).toMatchObject({
      options: [], zone: { name: 'Rest of world' }, message: 'This order is too heavy for our carriers to Japan. Please contact us for a quote.',
    });
  });
});

describe('shipping options refused', () => {
  it('needs a signed-in buyer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cart/shipping-options/?country=PK' });
    expect(res.statusCode).toBe(401);
  });

  it('answers bad input 400 with a message per field, and writes nothing', async () => {
    const { user, headers } = await createTestUser(t.database.db, { email: 'bilal@example.com' });
    const [zonesBefore] = await t.database.db.select({ n: count() }).from(shippingZones);
    const noCountry = await t.app.inject({ method: 'GET', url: '/api/cart/shipping-options/?country=XX', headers });
    expect(noCountry.json().errors).toEqual({ country: ['Enter a two-letter country code, such as PK or DE.'] });
    for (const [query, fields] of [
      ['city=Karachi', ['country']],
      ['country=XX', ['country']],
      ['country=Pakistan', ['country']],
      [`country=PK&city=${'a'.repeat(101)}&postal_code=%3Cscript%3E`, ['city', 'postal_code']],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/cart/shipping-options/?${query}`, headers });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual(fields);
    }
    expect(await t.database.db.select().from(carts).where(inArray(carts.userId, [user.id]))).toEqual([]);
    expect(await t.database.db.select({ n: count() }).from(shippingZones)).toEqual([zonesBefore]);
  });
});
