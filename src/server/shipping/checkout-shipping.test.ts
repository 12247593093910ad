import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { seedDemoShippingZones } from '../seed/shipping-zones.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import {
  createCommerceTestApp, PAKISTAN_STANDARD_ID, paymentBody, testShippingAddress, type CommerceTestApp,
} from '../test/commerce-fixtures.ts';

let t: CommerceTestApp;
let ayesha: Record<string, string>;
let retractor: number;
let key = 0;

const berlin = { ...testShippingAddress, company: 'Charité', address: 'Charitéplatz 1', city: 'Berlin', postalCode: '10117', country: 'DE' };

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17' } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Balfour Retractor', category: 'general-surgery', priceCents: 30_000, stock: 50 },
  ]);
  retractor = products[0].id;
  await t.database.db.update(productVariants).set({ weightGrams: 2_500 }).where(eq(productVariants.id, products[0].variantId));
  ayesha = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
  const added = await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: ayesha, payload: { product_id: retractor, quantity: 1 } });
  expect(added.statusCode, added.body).toBe(200);
});
afterAll(() => t.close());

const get = async (url: string) => t.app.inject({ method: 'GET', url, headers: ayesha });
const cart = async (query = '') => {
  const res = await get(`/api/cart/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const pay = (orderDetails: Record<string, unknown>, amount: number) => t.app.inject({
  method: 'POST', url: '/api/payment/process', headers: { ...ayesha, 'idempotency-key': `shipping-${++key}` },
  payload: paymentBody('credit_card', amount, { orderDetails: { shippingAddress: berlin, orderType: 'individual', ...orderDetails } as never }) as never,
});
const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0].n;

describe('the cart’s totals by destination, before the demo zones', () => {
  it('answers without a destination for Pakistan by the standard method, taxed at the shop’s rate', async () => {
    expect(await cart()).toMatchObject({
      subtotal: '300.00', tax_rate: '17.00', tax_amount: '51.00', shipping_amount: '75.00', grand_total: '426.00', country: 'PK',
      shipping_method: { id: PAKISTAN_STANDARD_ID, name: 'Standard' }, free_shipping_threshold: '500.00', amount_to_free_shipping: '200.00',
    });
  });

  it('refuses to place an order where no zone ships, with the reason on the shipping option', async () => {
    const res = await pay({ shippingOptionId: null }, 426);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'orderDetails.shippingOptionId': ['We do not ship to Germany yet. Please contact us for a quote.'] });
  });
});

describe('the cart’s totals and the order by destination, from the demo zones', () => {
  let dhl: number;
  beforeAll(async () => {
    await seedDemoShippingZones(t.database.db);
    const options = (await get('/api/cart/shipping-options/?country=DE&city=Berlin&postal_code=10117')).json();
    expect(options.options).toMatchObject([{ name: 'DHL Express Worldwide', price: '140.00', days_min: 3, days_max: 5 }]);
    dhl = options.options[0].id;
  });

  it('ships to Berlin by the DHL option shown, zero-rated', async () => {
    expect(await cart(`?country=DE&city=Berlin&shipping_option_id=${dhl}`)).toMatchObject({
      subtotal: '300.00', tax_rate: '0.00', tax_amount: '0.00', shipping_amount: '140.00', grand_total: '440.00', country: 'DE',
      shipping_method: { id: dhl, name: 'DHL Express Worldwide' }, free_shipping_threshold: '2000.00', amount_to_free_shipping: '1700.00',
    });
  });

  it('taxes Pakistan at the shop’s rate by the option chosen, and keeps the standard one without a choice', async () => {
    const karachi = (await get('/api/cart/shipping-options/?country=PK&city=Karachi')).json();
    const leopards = karachi.options.find((option: { name: string }) => option.name === 'Leopards Overnight');
    expect(await cart(`?country=PK&city=Karachi&shipping_option_id=${leopards.id}`)).toMatchObject({
      tax_rate: '17.00', tax_amount: '51.00', shipping_amount: leopards.price, grand_total: (351 + Number(leopards.price)).toFixed(2),
      free_shipping_threshold: null, amount_to_free_shipping: null,
    });
    expect(await cart()).toMatchObject({ shipping_amount: '75.00', grand_total: '426.00', shipping_method: { name: 'Standard' } });
    expect(await cart('?country=AE&city=Dubai')).toMatchObject({ tax_rate: '0.00', shipping_amount: '105.00', grand_total: '405.00' });
  });

  it('refuses an option that is not one for the address, or a bad country, 400 per field', async () => {
    const wrong = await get(`/api/cart/?country=DE&city=Berlin&shipping_option_id=${PAKISTAN_STANDARD_ID}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ shipping_option_id: ['This shipping option is not available for this address.'] });
    const bad = await get('/api/cart/?country=Germany&shipping_option_id=x');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['country', 'shipping_option_id']);
  });

  it('refuses a Pakistan option for a German address, and without a choice prices the zone’s standard one, writing nothing', async () => {
    const before = await orderCount();
    const wrong = await pay({ shippingOptionId: PAKISTAN_STANDARD_ID }, 440);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ 'orderDetails.shippingOptionId': ['This shipping option is not available for this address.'] });
    // Without a choice Berlin ships by DHL (440.00), not by Pakistan's standard method (426.00).
    const none = await pay({}, 426);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('AMOUNT_MISMATCH');
    expect(await orderCount()).toBe(before);
    expect((await cart()).item_count).toBe(1);
  });

  it('charges a Berlin order exactly the cart’s total with the DHL option, and keeps its country and method', async () => {
    const shown = await cart(`?country=DE&city=Berlin&shipping_option_id=${dhl}`);
    const res = await pay({ shippingOptionId: dhl }, Number(shown.grand_total));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(row).toMatchObject({
      country: 'DE', shippingMethodId: dhl, shippingMethodName: 'DHL Express Worldwide', shippingCents: 14_000, taxCents: 0,
      totalCents: 44_000 + 1_100, postalCode: '10117',
    });
    const order = (await get(`/api/orders/track/${res.json().orderNumber}`)).json().order;
    expect(order).toMatchObject({
      shippingMethod: 'DHL Express Worldwide', shippingAddress: { city: 'Berlin 10117', country: 'DE' },
      breakdown: { shipping: '140.00', tax: '0.00' },
    });
  });
});
