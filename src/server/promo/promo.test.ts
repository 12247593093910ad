import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes, promoRedemptions } from '../db/schema/promo.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';

let t: CommerceTestApp;
let ayesha: Record<string, string>;
let ids: { kelly: number; retractor: number };

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17' } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 50 },
    { name: 'Balfour Retractor', category: 'general-surgery', priceCents: 60_000, stock: 5 },
  ]);
  ids = { kelly: products[0].id, retractor: products[1].id };
  ayesha = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
  await t.database.db.insert(promoCodes).values([
    { code: 'EXPIRED5', kind: 'percent', value: 500, expiresAt: new Date(Date.UTC(2025, 0, 31, 12)) },
    { code: 'LATER20', kind: 'percent', value: 2_000, startsAt: new Date(Date.UTC(2099, 5, 1, 12)) },
    { code: 'GONE', kind: 'fixed', value: 500, maxUses: 1, uses: 1 },
    { code: 'RETIRED', kind: 'fixed', value: 500, active: false },
  ]);
});
afterAll(() => t.close());

const apply = (code: unknown, headers = ayesha) => t.app.inject({ method: 'POST', url: '/api/cart/promo/', headers, payload: { code } });
const removePromo = () => t.app.inject({ method: 'DELETE', url: '/api/cart/promo/', headers: ayesha });
const add = (productId: number, quantity: number) =>
  t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: ayesha, payload: { product_id: productId, quantity } });
const cart = async () => (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: ayesha })).json();
const emptyCart = async () => {
  for (const item of (await cart()).items) await t.app.inject({ method: 'DELETE', url: `/api/cart/items/${item.id}/`, headers: ayesha });
};
const refusal = async (code: string) => {
  const res = await apply(code);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.errors).toEqual({ code: [body.detail] });
  return { detail: body.detail, code: body.code, ...(body.params ? { params: body.params } : {}) };
};

describe('promo codes', () => {
  it('explains each reason a code does not apply, and leaves the cart without it', async () => {
    expect(await refusal('WELCOME10')).toEqual({ code: 'PROMO_CART_EMPTY', detail: 'Add items to your cart before applying a promo code.' });
    await add(ids.kelly, 2);
    expect(await refusal('NOPE')).toEqual({ code: 'PROMO_NOT_FOUND', detail: 'This promo code does not exist.' });
    expect(await refusal('RETIRED')).toEqual({ code: 'PROMO_NOT_FOUND', detail: 'This promo code does not exist.' });
    expect(await refusal('EXPIRED5')).toEqual({
      code: 'PROMO_EXPIRED', detail: 'This promo code expired on January 31, 2025.', params: { date: '2025-01-31T12:00:00.000Z' },
    });
    expect(await refusal('LATER20')).toEqual({
      code: 'PROMO_NOT_STARTED', detail: 'This promo code is valid from June 1, 2099.', params: { date: '2099-06-01T12:00:00.000Z' },
    });
    expect(await refusal('GONE')).toEqual({ code: 'PROMO_USED_UP', detail: 'This promo code has reached its usage limit.' });
    expect(await refusal('HOSPITAL50')).toEqual({ code: 'PROMO_MIN_SUBTOTAL', detail: 'Add $964.00 more to use this code.', params: { amount: 964 } });
    expect(await refusal('SURGERY15')).toEqual({ code: 'PROMO_MIN_SUBTOTAL', detail: 'Add $464.00 more to use this code.', params: { amount: 464 } });
    expect((await cart()).promo).toBeNull();
    for (const bad of ['', '   ', 42, 'X'.repeat(41)]) {
      const res = await apply(bad);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['code']);
    }
    await emptyCart();
  });

  it('applies a percent code case-insensitively, taxing the discounted subtotal', async () => {
    await add(ids.kelly, 10);
    const res = await apply(' welcome10 ');
    expect(res.statusCode, res.body).toBe(200);
    // 180.00 − 18.00 = 162.00; tax 17% = 27.54; total 189.54; + 75 shipping
    expect(res.json()).toMatchObject({
      subtotal: '180.00', discount_amount: '18.00', tax_amount: '27.54', total_amount: '189.54', shipping_amount: '75.00',
      grand_total: '264.54', promo: { code: 'WELCOME10', kind: 'percent', description: '10% off', applies: true, message: null, problem: null },
    });
    const removed = (await removePromo()).json();
    expect(removed).toMatchObject({ discount_amount: '0.00', promo: null, grand_total: '285.60' });
    await emptyCart();
  });

  it('applies a fixed code over its minimum, free shipping still decided before the discount', async () => {
    await add(ids.retractor, 2);
    const body = (await apply('HOSPITAL50')).json();
    expect(body).toMatchObject({
      subtotal: '1200.00', discount_amount: '50.00', tax_amount: '195.50', shipping_amount: '0.00', grand_total: '1345.50',
      promo: { description: '$50.00 off orders of $1,000.00 or more', applies: true },
    });
  });

  it('keeps a code that stops applying, with no discount and the reason', async () => {
    const [line] = (await cart()).items;
    const res = await t.app.inject({ method: 'PATCH', url: `/api/cart/items/${line.id}/`, headers: ayesha, payload: { quantity: 1 } });
    expect(res.json()).toMatchObject({
      discount_amount: '0.00', subtotal: '600.00',
      promo: { code: 'HOSPITAL50', applies: false, message: 'Add $400.00 more to use this code.', problem: { code: 'PROMO_MIN_SUBTOTAL', params: { amount: 400 } } },
    });
    await removePromo();
    await emptyCart();
  });

  it('counts a use when an order is paid, and refuses a second use by the same person', async () => {
    await add(ids.kelly, 10);
    const { grand_total: total } = (await apply('WELCOME10')).json();
    const paid = await t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...ayesha, 'idempotency-key': 'promo-1' },
      payload: paymentBody('credit_card', Number(total)),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [code] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'WELCOME10'));
    expect(code.uses).toBe(1);
    expect(await t.database.db.select().from(promoRedemptions)).toMatchObject([{ promoCodeId: code.id, orderId: paid.json().orderId }]);
    expect((await cart()).promo).toBeNull();
    await add(ids.kelly, 1);
    expect(await refusal('WELCOME10')).toEqual({ code: 'PROMO_ALREADY_USED', detail: 'You have already used this promo code.' });
    await emptyCart();
  });

  it('gives the use back when the payment is declined', async () => {
    await add(ids.kelly, 30);
    const { grand_total: total } = (await apply('SURGERY15')).json();
    const declined = await t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...ayesha, 'idempotency-key': 'promo-2' },
      payload: paymentBody('credit_card', Number(total), {
        paymentData: { cardNumber: '4000 0000 0000 0002', expiry: '12/39', cvv: '123', cardName: 'Ayesha Khan' },
      }),
    });
    expect(declined.statusCode, declined.body).toBe(402);
    const [code] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'SURGERY15'));
    expect(code.uses).toBe(0);
    expect((await cart()).promo).toMatchObject({ code: 'SURGERY15', applies: true });
  });
});
