import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Quote } from '#contracts/quotes';
import { orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, TEST_CARD, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { quoteThrough } from '../test/quote-fixtures.ts';
import { pdfText } from '../test/pdf-text.ts';

let t: CommerceTestApp;
let ids: { kelly: number; mayo: number; scarce: number; langenbeck: number; soldOut: number };
let kellyVariant: number;
let scissors: { id: number; short: number; long: number };
let bilal: Record<string, string>;
let staff: Record<string, string>;
let keys = 0;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17' } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 500 },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 100 },
    { name: 'Scarce Retractor', category: 'general-surgery', priceCents: 5_000, stock: 3 },
    { name: 'Langenbeck Retractor', category: 'general-surgery', priceCents: 2_500, stock: 39 },
    { name: 'Sold-out Clamp', category: 'general-surgery', priceCents: 3_000, stock: 0 },
    {
      name: 'Metzenbaum Scissors', category: 'general-surgery', priceCents: 2_400,
      options: [{ name: 'Length', values: ['14 cm', '18 cm'] }],
      variants: [{ options: { Length: '14 cm' }, priceCents: 2_400, stock: 100 }, { options: { Length: '18 cm' }, priceCents: 3_100, stock: 100 }],
    },
  ]);
  ids = { kelly: products[0].id, mayo: products[1].id, scarce: products[2].id, langenbeck: products[3].id, soldOut: products[4].id };
  kellyVariant = products[0].variantId;
  scissors = { id: products[5].id, short: products[5].variants[0].id, long: products[5].variants[1].id };
  bilal = (await createTestUser(t.database.db, { email: 'bilal@mayo-hospital.example', accountType: 'business' })).headers;
  staff = (await createTestUser(t.database.db, { email: 'staff@sialkotsurgical.example', staffRole: 'owner' })).headers;
});
afterAll(() => t.close());
beforeEach(() => t.charges.clear());

const accept = (quote: Quote, payload: unknown, key = `accept-${++keys}`) => t.app.inject({
  method: 'POST', url: `/api/quotes/${quote.id}/accept/`, headers: { ...bilal, 'idempotency-key': key }, payload: payload as Record<string, unknown>,
});
const getQuote = async (quote: Quote): Promise<Quote> =>
  (await t.app.inject({ method: 'GET', url: `/api/quotes/${quote.id}`, headers: bilal })).json().quote;
const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0].n;
const bulk = () => [
  { productId: ids.kelly, quantity: 60, unitPrice: '15.00' },
  { productId: ids.mayo, quantity: 2, unitPrice: '120.00' },
];

describe('accepting a sent quote', () => {
  it('places and pays an order at the quoted prices, with tax and shipping as checkout computes them', async () => {
    const quote = await quoteThrough(t, { buyer: bilal, staff }, bulk());
    // 60 × 15.00 + 2 × 120.00 = 1,140.00; 17% tax 193.80; no shipping from 500.00: 1,333.80. Card fee 2.5%: 33.35.
    expect(quote.totals).toEqual({
      subtotal: '1140.00', tax_amount: '193.80', shipping_amount: '0.00', grand_total: '1333.80',
      exchange_rate: '278.50', grand_total_pkr: '371463.00',
    });
    const kellyBefore = await stockLevel(t.database.db, kellyVariant);

    const paid = await accept(quote, paymentBody('credit_card', 1333.8, { orderDetails: {
      shippingAddress: { email: 'bilal@mayo-hospital.example', firstName: 'Bilal', lastName: 'Ahmed', company: 'Mayo Hospital',
        address: '1 Hospital Road', city: 'Lahore', postalCode: '54000', phone: '+92 42 1234567' },
      orderType: 'hospital',
    } }));
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ success: true, paymentMethod: 'credit_card', amount: 1333.8, currency: 'USD', fee: 33.35, totalCharged: 1367.15 });
    const { orderId, orderNumber } = paid.json();

    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: 'confirmed', paymentStatus: 'paid', orderType: 'hospital', subtotalCents: 114_000, discountCents: 0, taxCents: 19_380,
      shippingCents: 0, feeCents: 3_335, totalCents: 136_715,
    });
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.productId);
    expect(items.map(({ productId, unitPriceCents, quantity, lineTotalCents }) => ({ productId, unitPriceCents, quantity, lineTotalCents }))).toEqual([
      { productId: ids.kelly, unitPriceCents: 1_500, quantity: 60, lineTotalCents: 90_000 },
      { productId: ids.mayo, unitPriceCents: 12_000, quantity: 2, lineTotalCents: 24_000 },
    ]);
    expect(await stockLevel(t.database.db, kellyVariant)).toMatchObject({
      currentStock: kellyBefore.currentStock - 60, reservedStock: 0,
    });
    expect(await getQuote(quote)).toMatchObject({ status: 'accepted', order: { id: orderId, order_number: orderNumber } });
    expect(t.mailer.lastTo('bilal@mayo-hospital.example')!.subject).toBe(`Sialkot Surgical: Order ${orderNumber} confirmed`);

    const listed = (await t.app.inject({ method: 'GET', url: '/api/orders/', headers: bilal })).json().orders;
    expect(listed.find((o: { id: string }) => o.id === orderId).items.map((i: { price: number }) => i.price)).toEqual([15, 120]);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers: bilal });
    const text = await pdfText(pdf.rawPayload);
    for (const expected of ['Kelly Hemostat', '$15.00 each', '$900.00', 'Mayo Scissors', '$120.00 each', '$240.00', 'Subtotal $1,140.00', 'Tax $193.80',
      'Shipping Free', 'Card processing fee $33.35', 'Total (USD) $1,367.15']) {
      expect(text).toContain(expected);
    }

    const twice = await accept(quote, paymentBody('credit_card', 1333.8));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', detail: 'An accepted quote cannot be accepted.' });
  });

  it('charges shipping below 500.00 and takes PKR at the stored rate', async () => {
    const quote = await quoteThrough(t, { buyer: bilal, staff }, [{ productId: ids.kelly, quantity: 10, unitPrice: '15.00' }]);
    // 150.00 + 17% tax 25.50 + 75.00 shipping = 250.50 = PKR 69,764.25, charged in whole rupees: 69,764.
    expect(quote.totals).toMatchObject({ grand_total: '250.50', shipping_amount: '75.00', grand_total_pkr: '69764.00' });
    const paid = await accept(quote, paymentBody('jazzcash', 69_764));
    expect(paid.statusCode).toBe(201);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, paid.json().orderId));
    expect(order).toMatchObject({ currency: 'PKR', subtotalCents: 15_000, taxCents: 2_550, shippingCents: 7_500, totalCents: 25_050, totalChargedMinor: 6_976_400 });
  });

  it('refuses another amount than the quoted total (409 with the amount to pay), writing nothing', async () => {
    const quote = await quoteThrough(t, { buyer: bilal, staff }, bulk());
    const before = await orderCount();
    const listPrice = await accept(quote, paymentBody('credit_card', 1_591.88));
    expect(listPrice.statusCode).toBe(409);
    expect(listPrice.json()).toMatchObject({ code: 'AMOUNT_MISMATCH', amount: 1333.8, currency: 'USD' });
    expect(await orderCount()).toBe(before);
    expect(t.charges.size).toBe(0);
    expect((await getQuote(quote)).status).toBe('sent');
  });

  it('answers 400 per field for a bad payment, writing nothing', async () => {
    const quote = await quoteThrough(t, { buyer: bilal, staff }, bulk());
    const before = await orderCount();
    const bad = await accept(quote, paymentBody('credit_card', 1333.8, { paymentData: { ...TEST_CARD, cardNumber: '4242 4242 4242 4241' } } as never));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'paymentData.cardNumber': ['Enter a valid card number.'] });
    const noKey = await t.app.inject({ method: 'POST', url: `/api/quotes/${quote.id}/accept/`, headers: bilal, payload: paymentBody('credit_card', 1333.8) });
    expect(noKey.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('gives the stock back when the payment is declined; the quote stays sent and can be paid again', async () => {
    const quote = await quoteThrough(t, { buyer: bilal, staff }, bulk());
    const before = await stockLevel(t.database.db, kellyVariant);
    const declined = await accept(quote, paymentBody('credit_card', 1333.8, { paymentData: { ...TEST_CARD, cardNumber: '4000 0000 0000 0002' } } as never));
    expect(declined.statusCode).toBe(402);
    const [{ order }] = await t.database.db.select({ order: orders }).from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id)).where(eq(payments.transactionId, declined.json().transactionId));
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await stockLevel(t.database.db, kellyVariant)).toEqual(before);
    expect(await getQuote(quote)).toMatchObject({ status: 'sent', order: null });

    const retry = await accept(quote, paymentBody('credit_card', 1333.8));
    expect(retry.statusCode).toBe(201);
    expect((await getQuote(quote)).status).toBe('accepted');
  });

  it('refuses a quote the shop can no longer supply in full (409), writing nothing', async () => {
    const quote = await quoteThrough(t, { buyer: bilal, staff }, [{ productId: ids.scarce, quantity: 5, unitPrice: '40.00' }]);
    const before = await orderCount();
    const answer = await accept(quote, paymentBody('credit_card', Number(quote.totals!.grand_total)));
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK', detail: 'Insufficient stock for Scarce Retractor: only 3 available.', params: { name: 'Scarce Retractor', available: 3 },
    });
    expect(await orderCount()).toBe(before);
    expect((await getQuote(quote)).status).toBe('sent');
  });

  it('answers a repeated key with the first answer, and a key reused for another quote with 422', async () => {
    const first = await quoteThrough(t, { buyer: bilal, staff }, bulk());
    const second = await quoteThrough(t, { buyer: bilal, staff }, bulk());
    const paid = await accept(first, paymentBody('credit_card', 1333.8), 'same-key');
    const again = await accept(first, paymentBody('credit_card', 1333.8), 'same-key');
    expect(again.json()).toEqual(paid.json());
    expect([...t.charges.values()]).toEqual([1]);
    const other = await accept(second, paymentBody('credit_card', 1333.8), 'same-key');
    expect(other.statusCode).toBe(422);
    expect((await getQuote(second)).status).toBe('sent');
  });
});

describe('a quote asking for more than is in stock', () => {
  const shortQuote = () => quoteThrough(t, { buyer: bilal, staff }, [
    { productId: ids.langenbeck, quantity: 100, unitPrice: '20.00' },
    { productId: ids.kelly, quantity: 10, unitPrice: '15.00' },
    { productId: ids.soldOut, quantity: 5, unitPrice: '25.00' },
  ], 'priced');

  it('shows staff and the buyer the stock of each line, and the totals of what is in stock', async () => {
    const priced = await shortQuote();
    const staffView = (await t.app.inject({ method: 'GET', url: `/api/staff/quotes/${priced.id}`, headers: staff })).json().quote as Quote;
    expect(staffView.lines.map(({ product_name, quantity, available }) => ({ product_name, quantity, available }))).toEqual([
      { product_name: 'Langenbeck Retractor', quantity: 100, available: 39 },
      { product_name: 'Kelly Hemostat', quantity: 10, available: expect.any(Number) },
      { product_name: 'Sold-out Clamp', quantity: 5, available: 0 },
    ]);
    // 39 × 20.00 + 10 × 15.00 = 930.00, 17% tax 158.10, free shipping from 500.00: 1,088.10.
    expect(staffView.totals).toMatchObject({ subtotal: '2275.00' });
    expect(staffView.available_totals).toMatchObject({ subtotal: '930.00', tax_amount: '158.10', shipping_amount: '0.00', grand_total: '1088.10' });
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/quotes/${priced.id}/send/`, headers: staff })).statusCode).toBe(200);
    expect(await getQuote(priced)).toMatchObject({ lines: [{ available: 39 }, {}, { available: 0 }], available_totals: { grand_total: '1088.10' } });
  });

  it('lets the buyer accept what is in stock: the units available at the quoted prices, totals recomputed', async () => {
    const priced = await shortQuote();
    await t.app.inject({ method: 'POST', url: `/api/staff/quotes/${priced.id}/send/`, headers: staff });
    const quote = await getQuote(priced);
    const full = await accept(quote, paymentBody('credit_card', Number(quote.totals!.grand_total)));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', detail: 'Insufficient stock for Langenbeck Retractor: only 39 available.' });

    const partial = await accept(quote, { ...paymentBody('credit_card', 1088.1), quantities: 'available' });
    expect(partial.statusCode, partial.body).toBe(201);
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, partial.json().orderId)).orderBy(orderItems.name);
    expect(items.map(({ name, quantity, unitPriceCents }) => ({ name, quantity, unitPriceCents }))).toEqual([
      { name: 'Kelly Hemostat', quantity: 10, unitPriceCents: 1_500 },
      { name: 'Langenbeck Retractor', quantity: 39, unitPriceCents: 2_000 },
    ]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, partial.json().orderId));
    expect(order).toMatchObject({ subtotalCents: 93_000, taxCents: 15_810, shippingCents: 0 });
    expect(await getQuote(quote)).toMatchObject({ status: 'accepted', available_totals: null, lines: [{ available: 0 }, {}, {}] });
  });

  it('says so when nothing on the quote is in stock, and refuses a choice of quantities it does not know, writing nothing', async () => {
    const quote = await quoteThrough(t, { buyer: bilal, staff }, [{ productId: ids.soldOut, quantity: 5, unitPrice: '25.00' }]);
    expect(quote.available_totals).toBeNull();
    const before = await orderCount();
    const none = await accept(quote, { ...paymentBody('credit_card', Number(quote.totals!.grand_total)), quantities: 'available' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK', detail: 'None of the products on this quote is in stock now.', params: { reason: 'quote' },
    });
    const bad = await accept(quote, { ...paymentBody('credit_card', Number(quote.totals!.grand_total)), quantities: 'some' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ quantities: ['Choose one of: quoted, available.'] });
    expect(await orderCount()).toBe(before);
    expect((await getQuote(quote)).status).toBe('sent');
  });
});

describe('a quote for a product with variants', () => {
  it('quotes each variant on its own line and places the order for those variants, with their labels', async () => {
    const quote = await quoteThrough(t, { buyer: bilal, staff }, [
      { productId: scissors.id, variantId: scissors.long, quantity: 20, unitPrice: '28.00' },
      { productId: scissors.id, variantId: scissors.short, quantity: 10, unitPrice: '22.00' },
    ]);
    expect(quote.lines.map(({ product_id, variant_id, variant_label, list_price, unit_price }) => ({ product_id, variant_id, variant_label, list_price, unit_price })))
      .toEqual([
        { product_id: scissors.id, variant_id: scissors.long, variant_label: '18 cm', list_price: '31.00', unit_price: '28.00' },
        { product_id: scissors.id, variant_id: scissors.short, variant_label: '14 cm', list_price: '24.00', unit_price: '22.00' },
      ]);
    const [longBefore, shortBefore] = [await stockLevel(t.database.db, scissors.long), await stockLevel(t.database.db, scissors.short)];
    const paid = await accept(quote, paymentBody('credit_card', Number(quote.totals!.grand_total)));
    expect(paid.statusCode, paid.body).toBe(201);
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, paid.json().orderId)).orderBy(orderItems.unitPriceCents);
    expect(items.map(({ productId, variantId, variantLabel, unitPriceCents, quantity }) => ({ productId, variantId, variantLabel, unitPriceCents, quantity })))
      .toEqual([
        { productId: scissors.id, variantId: scissors.short, variantLabel: '14 cm', unitPriceCents: 2_200, quantity: 10 },
        { productId: scissors.id, variantId: scissors.long, variantLabel: '18 cm', unitPriceCents: 2_800, quantity: 20 },
      ]);
    expect((await stockLevel(t.database.db, scissors.long)).currentStock).toBe(longBefore.currentStock - 20);
    expect((await stockLevel(t.database.db, scissors.short)).currentStock).toBe(shortBefore.currentStock - 10);
  });
});
