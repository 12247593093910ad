import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '#contracts/cart';
import type { FlashSaleItem } from '#contracts/catalog';
import { flashSales } from '../db/schema/catalog.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { organisationPrices } from '../db/schema/organisations.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue, insertFlashSale } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, TEST_CARD, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { claimSaleUnits } from './flash-sale-claims.ts';
import { pdfText } from '../test/pdf-text.ts';

type Headers = Record<string, string>;

const HOUR = 3_600_000;
let t: CommerceTestApp;
let ids: { forceps: number; clamp: number; retractor: number; holder: number; adson: number };
/** Each product's only variant. */
let variantOf: typeof ids;
let sale: { forceps: number; clamp: number; retractor: number; holder: number; adson: number };
let staff: Headers;
let keyCounter = 0;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17' } });
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'DeBakey Forceps', category: 'general-surgery', priceCents: 8_499, stock: 50 },
    { name: 'Kocher Clamp', category: 'general-surgery', priceCents: 10_000, stock: 100 },
    { name: 'Weitlaner Retractor', category: 'general-surgery', priceCents: 8_499, stock: 40 },
    { name: 'Mayo-Hegar Needle Holder', category: 'general-surgery', priceCents: 4_000, stock: 30 },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 4_699, originalPriceCents: 5_699, stock: 200 },
  ]);
  ids = { forceps: products[0].id, clamp: products[1].id, retractor: products[2].id, holder: products[3].id, adson: products[4].id };
  variantOf = {
    forceps: products[0].variantId, clamp: products[1].variantId, retractor: products[2].variantId, holder: products[3].variantId,
    adson: products[4].variantId,
  };
  const running = { startsAt: new Date(Date.now() - HOUR), endsAt: new Date(Date.now() + 5 * HOUR) };
  sale = {
    forceps: (await insertFlashSale(db, variantOf.forceps, { salePriceCents: 6_799, units: 3, ...running })).id,
    clamp: (await insertFlashSale(db, variantOf.clamp, { salePriceCents: 9_500, ...running })).id,
    retractor: (await insertFlashSale(db, variantOf.retractor, { salePriceCents: 6_799, units: 10, ...running })).id,
    holder: (await insertFlashSale(db, variantOf.holder, { salePriceCents: 3_000, units: 5, ...running })).id,
    adson: (await insertFlashSale(db, variantOf.adson, { salePriceCents: 2_999, units: 9, ...running })).id,
  };
  await db.insert(priceTiers).values([
    { variantId: variantOf.clamp, minQuantity: 10, unitPriceCents: 9_000 },
    { variantId: variantOf.adson, minQuantity: 10, unitPriceCents: 4_464 },
    { variantId: variantOf.adson, minQuantity: 50, unitPriceCents: 4_229 },
  ]);
  staff = (await createTestUser(db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
});
afterAll(() => t.close());

const buyer = async (email: string) => (await createTestUser(t.database.db, { email })).headers;
const getCart = async (headers: Headers) => (await t.app.inject({ method: 'GET', url: '/api/cart/', headers })).json<Cart>();
const add = (headers: Headers, productId: number, quantity: number) =>
  t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: productId, quantity } });
const setQuantity = (headers: Headers, itemId: number, quantity: number) =>
  t.app.inject({ method: 'PATCH', url: `/api/cart/items/${itemId}/`, headers, payload: { quantity } });
const pay = (headers: Headers, amount: number, card = TEST_CARD) => t.app.inject({
  method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': `flash-${++keyCounter}` },
  payload: paymentBody('credit_card', amount, { paymentData: card }) as unknown as Record<string, unknown>,
});
const lineOf = (cart: Cart, productId: number) => cart.items.find((item) => item.product_id === productId)!;
const flashItem = async (productId: number) =>
  (await t.app.inject('/api/flash-sales/')).json<{ items: FlashSaleItem[] }>().items.find((item) => item.productId === productId)!;
const claimed = async (saleId: number) =>
  (await t.database.db.select({ n: flashSales.claimedUnits }).from(flashSales).where(eq(flashSales.id, saleId)))[0].n;

describe('a running flash sale', () => {
  it('is charged through the cart, the payment, the order and the invoice, and counted from the paid order', async () => {
    const ayesha = await buyer('ayesha@example.com');
    expect(await flashItem(ids.forceps)).toMatchObject({ salePrice: 67.99, originalPrice: 84.99, discount: 20, soldCount: 0, availableStock: 3, totalStock: 3 });
    const detail = (await t.app.inject('/api/products/debakey-forceps/')).json();
    expect(detail).toMatchObject({ price: '67.99', original_price: '84.99', flash_sale: { salePrice: 67.99, availableStock: 3 } });
    expect((await t.app.inject('/api/products/debakey-forceps/stock/')).json()).toMatchObject({ isFlashSale: true });
    const listed = (await t.app.inject('/api/products/?search=DeBakey')).json().results[0];
    expect(listed).toMatchObject({ price: '67.99', original_price: '84.99' });
    const found = (await t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'DeBakey Forceps' } })).json();
    expect(found.results.find((result: { id: number }) => result.id === ids.forceps).price).toBe(67.99);

    await add(ayesha, ids.forceps, 1);
    const cart = await getCart(ayesha);
    expect(lineOf(cart, ids.forceps)).toMatchObject({ unit_price: '67.99', total_price: '67.99', price_notice: null });
    // 67.99 + 17% tax 11.56 + 75.00 shipping = 154.55.
    expect(cart.grand_total).toBe('154.55');
    const res = await pay(ayesha, 154.55);
    expect(res.statusCode).toBe(201);
    const { orderId, orderNumber } = res.json<{ orderId: string; orderNumber: string }>();

    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(line).toMatchObject({ unitPriceCents: 6_799, quantity: 1, flashSaleId: sale.forceps });
    const order = (await t.app.inject({ method: 'GET', url: '/api/orders/', headers: ayesha })).json().orders
      .find((o: { id: string }) => o.id === orderId);
    expect(order.items).toMatchObject([{ name: 'DeBakey Forceps', quantity: 1, price: 67.99 }]);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers: ayesha });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Invoice number: ${orderNumber}`);
    expect(text).toContain('$67.99 each');
    expect(text).toContain('Subtotal $67.99');
    expect(text).not.toContain('84.99');

    expect(await claimed(sale.forceps)).toBe(1);
    expect(await flashItem(ids.forceps)).toMatchObject({ soldCount: 1, availableStock: 2, totalStock: 3 });
  });

  it('gives its units back when the payment is declined, and sells nothing', async () => {
    const bilal = await buyer('bilal@example.com');
    await add(bilal, ids.forceps, 1);
    const before = await flashItem(ids.forceps);
    const declined = await pay(bilal, 154.55, { ...TEST_CARD, cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(await claimed(sale.forceps)).toBe(1);
    expect(await flashItem(ids.forceps)).toEqual(before);
    const [cancelled] = await t.database.db.select({ id: orders.id, status: orders.status }).from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id)).where(eq(orderItems.flashSaleId, sale.forceps))
      .orderBy(orders.createdAt).offset(1);
    expect(cancelled.status).toBe('cancelled');
    await setQuantity(bilal, lineOf(await getCart(bilal), ids.forceps).id, 0);
  });

  it('sells the last units to one of two buyers; the other gets a 409 with the list-price total and nothing is reserved', async () => {
    const [chen, dana] = [await buyer('chen@example.com'), await buyer('dana@example.com')];
    await add(chen, ids.forceps, 2);
    await add(dana, ids.forceps, 2);
    // Both saw the sale price for the last 2 units: 2 × 67.99 = 135.98 + 23.12 tax + 75.00 shipping.
    for (const headers of [chen, dana]) expect((await getCart(headers)).grand_total).toBe('234.10');
    const stockBefore = await stockLevel(t.database.db, variantOf.forceps);

    const [first, second] = await Promise.all([pay(chen, 234.10), pay(dana, 234.10)]);
    const answers = [first, second].map((res) => res.statusCode).sort();
    expect(answers).toEqual([201, 409]);
    const [won, lost] = first.statusCode === 201 ? [chen, dana] : [dana, chen];
    const refused = (first.statusCode === 409 ? first : second).json();
    const lostCart = await getCart(lost);
    expect(refused).toMatchObject({ code: 'AMOUNT_MISMATCH', currency: 'USD', amount: Number(lostCart.grand_total) });
    expect(lineOf(lostCart, ids.forceps)).toMatchObject({
      unit_price: '84.99', price_notice: { code: 'FLASH_SALE_ENDED', previous_price: '67.99', price: '84.99' },
    });
    expect((await getCart(won)).items).toEqual([]);

    const after = await stockLevel(t.database.db, variantOf.forceps);
    expect(after).toMatchObject({ reservedStock: 0, currentStock: stockBefore.currentStock - 2 });
    expect(await claimed(sale.forceps)).toBe(3);
    expect(await flashItem(ids.forceps)).toMatchObject({ soldCount: 3, availableStock: 0, totalStock: 3 });
    expect((await t.app.inject('/api/products/debakey-forceps/stock/')).json()).toMatchObject({ isFlashSale: false });

    // Paying the total it was told, the buyer gets the list price on a line no sale priced.
    const paid = await pay(lost, refused.amount);
    expect(paid.statusCode).toBe(201);
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, paid.json().orderId));
    expect(lines).toMatchObject([{ unitPriceCents: 8_499, quantity: 2, flashSaleId: null }]);
  });

  it('never claims past the allocation', async () => {
    const { db } = t.database;
    expect(await claimSaleUnits(db, sale.holder, 6)).toBe(false);
    expect(await claimSaleUnits(db, sale.holder, 5)).toBe(true);
    expect(await claimSaleUnits(db, sale.holder, 1)).toBe(false);
    await db.update(flashSales).set({ claimedUnits: 0 }).where(eq(flashSales.id, sale.holder));
  });

  it('gives its units back when staff cancel a paid order', async () => {
    const erum = await buyer('erum@example.com');
    await add(erum, ids.holder, 2);
    expect(lineOf(await getCart(erum), ids.holder).unit_price).toBe('30.00');
    const res = await pay(erum, Number((await getCart(erum)).grand_total));
    expect(res.statusCode).toBe(201);
    expect(await flashItem(ids.holder)).toMatchObject({ soldCount: 2, availableStock: 3 });
    const cancel = await t.app.inject({ method: 'POST', url: `/api/staff/orders/${res.json().orderId}/cancel/`, headers: staff, payload: {} });
    expect(cancel.statusCode).toBe(200);
    expect(await claimed(sale.holder)).toBe(0);
    expect(await flashItem(ids.holder)).toMatchObject({ soldCount: 0, availableStock: 5, totalStock: 5 });
  });
});

describe('a sale allocation smaller than the line', () => {
  const preview = (query: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url: `/api/pricing/line-price/?${query}`, headers });

  it('strikes out one "was" price everywhere: the higher of the list and compare-at prices', async () => {
    expect(await flashItem(ids.adson)).toMatchObject({ salePrice: 29.99, originalPrice: 56.99, discount: 47 });
    const detail = (await t.app.inject('/api/products/adson-forceps/')).json();
    expect(detail).toMatchObject({ price: '29.99', original_price: '56.99', flash_sale: { originalPrice: 56.99 } });
    expect(detail.variants[0]).toMatchObject({ price: '29.99', original_price: '56.99' });
    expect((await t.app.inject('/api/products/?search=Adson')).json().results[0]).toMatchObject({ price: '29.99', original_price: '56.99' });
    const kamran = await buyer('kamran@example.com');
    await add(kamran, ids.adson, 1);
    expect(lineOf(await getCart(kamran), ids.adson)).toMatchObject({ unit_price: '29.99', original_price: '56.99' });
    await setQuantity(kamran, lineOf(await getCart(kamran), ids.adson).id, 0);
    // Without a compare-at price, the list price is the "was" on every page alike.
    expect(await flashItem(ids.forceps)).toMatchObject({ originalPrice: 84.99 });
  });

  it('is shown before adding: the volume table and the price for a quantity come from the same function as the cart', async () => {
    const detail = (await t.app.inject('/api/products/adson-forceps/')).json();
    expect(detail.variants[0].volume_prices).toEqual([
      { min_quantity: 1, max_quantity: 9, unit_price: '29.99', sale_quantity: 0, sale_price: null, save_percent: null },
      { min_quantity: 10, max_quantity: 49, unit_price: '44.64', sale_quantity: 9, sale_price: '29.99', save_percent: null },
      { min_quantity: 50, max_quantity: null, unit_price: '42.29', sale_quantity: 9, sale_price: '29.99', save_percent: null },
    ]);
    expect((await preview(`product_id=${ids.adson}&quantity=10`)).json()).toEqual({
      quantity: 10, unit_price: '44.64', total_price: '314.55', sale_quantity: 9, sale_price: '29.99',
    });
    expect((await preview(`product_id=${ids.adson}&variant_id=${variantOf.adson}&quantity=9`)).json())
      .toEqual({ quantity: 9, unit_price: '29.99', total_price: '269.91', sale_quantity: 9, sale_price: '29.99' });
    expect((await preview(`product_id=${ids.clamp}&quantity=10`)).json()).toMatchObject({ unit_price: '90.00', sale_quantity: 0, sale_price: null });

    const bad = await preview(`product_id=${ids.adson}&variant_id=${variantOf.clamp}&quantity=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ quantity: ['Enter at least 1.'] });
    const other = await preview(`product_id=${ids.adson}&variant_id=${variantOf.clamp}&quantity=2`);
    expect(other.statusCode).toBe(400);
    expect(Object.keys(other.json().errors)).toEqual(['variant_id']);
    expect((await preview('product_id=999999&quantity=2')).statusCode).toBe(404);
    const huge = await preview('product_id=99999999999&quantity=2.5');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors).toEqual({ product_id: ['Choose a product.'], quantity: ['Enter a whole number.'] });
  });

  it('prices 10 units with 9 left as 9 at the sale price and the rest at the tier of 10, charges exactly that and claims the 9', async () => {
    const hina = await buyer('hina@example.com');
    await add(hina, ids.adson, 10);
    const cart = await getCart(hina);
    // 9 × 29.99 + 1 × 44.64 = 314.55; 17% tax 53.47; free shipping from 500.00 is not reached: 75.00.
    expect(lineOf(cart, ids.adson)).toMatchObject({
      quantity: 10, sale_quantity: 9, sale_price: '29.99', unit_price: '44.64', total_price: '314.55', price_notice: null,
    });
    expect(cart).toMatchObject({ subtotal: '314.55', tax_amount: '53.47', grand_total: '443.02' });

    const res = await pay(hina, 443.02);
    expect(res.statusCode).toBe(201);
    const { orderId, transactionId } = res.json<{ orderId: string; transactionId: string }>();
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(line).toMatchObject({
      quantity: 10, unitPriceCents: 4_464, saleQuantity: 9, saleUnitPriceCents: 2_999, lineTotalCents: 31_455, flashSaleId: sale.adson,
    });
    expect(await claimed(sale.adson)).toBe(9);
    expect(await flashItem(ids.adson)).toMatchObject({ soldCount: 9, availableStock: 0 });
    const order = (await t.app.inject({ method: 'GET', url: '/api/orders/', headers: hina })).json().orders
      .find((o: { id: string }) => o.id === orderId);
    expect(order.items).toMatchObject([{ quantity: 10, price: 44.64, saleQuantity: 9, salePrice: 29.99, lineTotal: 314.55 }]);
    expect(order.breakdown).toMatchObject({ subtotal: '314.55' });
    const verified = (await t.app.inject({ method: 'GET', url: `/api/payment/verify/${transactionId}`, headers: hina })).json();
    expect(verified.orderDetails.items).toEqual([{ name: 'Adson Forceps', quantity: 10, price: 44.64, saleQuantity: 9, salePrice: 29.99, lineTotal: 314.55 }]);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers: hina });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toMatch(/10 9 at \$29\.99, the rest\sat \$44\.64 each\s\$314\.55/);
    const mail = t.mailer.sent.findLast((message) => message.text.includes(order.orderNumber))!;
    expect(mail.text).toContain('Adson Forceps (T-1004): 10, 9 at $29.99 and the rest at $44.64 each');
    expect(text).toContain('$314.55');

    // Cancelled, the order gives back the 9 units it claimed, not the 10 it holds.
    const cancel = await t.app.inject({ method: 'POST', url: `/api/staff/orders/${orderId}/cancel/`, headers: staff, payload: {} });
    expect(cancel.statusCode).toBe(200);
    expect(await claimed(sale.adson)).toBe(0);
  });

  it('refuses with the new total when another order takes sale units meanwhile, claiming nothing, then charges the new split', async () => {
    const [iqra, jamal] = [await buyer('iqra@example.com'), await buyer('jamal@example.com')];
    await add(iqra, ids.adson, 10);
    expect(await getCart(iqra)).toMatchObject({ subtotal: '314.55', grand_total: '443.02' });
    await add(jamal, ids.adson, 4);
    expect((await pay(jamal, Number((await getCart(jamal)).grand_total))).statusCode).toBe(201);
    expect(await claimed(sale.adson)).toBe(4);

    const refused = await pay(iqra, 443.02);
    expect(refused.statusCode).toBe(409);
    // 5 × 29.99 + 5 × 44.64 = 373.15; tax 63.44; shipping 75.00.
    expect(refused.json()).toMatchObject({ code: 'AMOUNT_MISMATCH', amount: 511.59, currency: 'USD' });
    expect(await claimed(sale.adson)).toBe(4);
    expect(lineOf(await getCart(iqra), ids.adson)).toMatchObject({ sale_quantity: 5, unit_price: '44.64', total_price: '373.15' });

    const paid = await pay(iqra, 511.59);
    expect(paid.statusCode).toBe(201);
    const [line] = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, paid.json().orderId));
    expect(line).toMatchObject({ saleQuantity: 5, lineTotalCents: 37_315 });
    expect(await claimed(sale.adson)).toBe(9);
  });
});

describe('the lowest price wins, never stacked', () => {
  it('charges the sale, a tier or a price list, whichever is lowest for the line', async () => {
    const farah = await buyer('farah@example.com');
    await add(farah, ids.clamp, 1);
    expect(lineOf(await getCart(farah), ids.clamp).unit_price).toBe('95.00');
    await setQuantity(farah, lineOf(await getCart(farah), ids.clamp).id, 10);
    expect(lineOf(await getCart(farah), ids.clamp)).toMatchObject({ unit_price: '90.00', total_price: '900.00', price_notice: null });

    const hospital = await createBusinessBuyer(t.database.db, { email: 'buyer@hospital.example', status: 'verified' });
    await t.database.db.insert(organisationPrices).values({ organisationId: hospital.organisation!.id, kind: 'percent', value: 800 });
    await add(hospital.headers, ids.clamp, 1);
    expect(lineOf(await getCart(hospital.headers), ids.clamp).unit_price).toBe('92.00');
    await setQuantity(hospital.headers, lineOf(await getCart(hospital.headers), ids.clamp).id, 10);
    expect(lineOf(await getCart(hospital.headers), ids.clamp).unit_price).toBe('90.00');
    await t.database.db.update(organisationPrices).set({ value: 300 }).where(eq(organisationPrices.organisationId, hospital.organisation!.id));
    await setQuantity(hospital.headers, lineOf(await getCart(hospital.headers), ids.clamp).id, 1);
    expect(lineOf(await getCart(hospital.headers), ids.clamp).unit_price).toBe('95.00');
  });
});

describe('a sale that ends', () => {
  it('re-prices the cart line at the list price with a notice, which a quantity change or adding again clears', async () => {
    const gul = await buyer('gul@example.com');
    await add(gul, ids.retractor, 1);
    expect(lineOf(await getCart(gul), ids.retractor)).toMatchObject({ unit_price: '67.99', price_notice: null });
    await t.database.db.update(flashSales).set({ endsAt: new Date(Date.now() - 1_000) }).where(eq(flashSales.id, sale.retractor));

    const line = lineOf(await getCart(gul), ids.retractor);
    expect(line).toMatchObject({
      unit_price: '84.99', total_price: '84.99',
      price_notice: { code: 'FLASH_SALE_ENDED', previous_price: '67.99', price: '84.99' },
    });
    expect(await flashItem(ids.retractor)).toBeUndefined();
    await setQuantity(gul, line.id, 2);
    expect(lineOf(await getCart(gul), ids.retractor)).toMatchObject({ unit_price: '84.99', price_notice: null });

    await t.database.db.update(flashSales).set({ endsAt: new Date(Date.now() + HOUR) }).where(eq(flashSales.id, sale.retractor));
    await setQuantity(gul, line.id, 1);
    await t.database.db.update(flashSales).set({ units: 1, claimedUnits: 1 }).where(eq(flashSales.id, sale.retractor));
    expect(lineOf(await getCart(gul), ids.retractor).price_notice).toMatchObject({ code: 'FLASH_SALE_ENDED' });
    await add(gul, ids.retractor, 1);
    expect(lineOf(await getCart(gul), ids.retractor)).toMatchObject({ quantity: 2, unit_price: '84.99', price_notice: null });
  });
});
