import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAT_MESSAGE_MAX } from '#contracts/chat';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestUser, nextIp } from '../test/auth-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { HAND_OVER, NO_ORDERS_YET, ORDER_NOT_FOUND, SIGN_IN_FOR_ORDERS } from './assistant.ts';
import { POLICIES } from './policies.ts';

let t: TestApp;
let buyer: Awaited<ReturnType<typeof createTestUser>>;
let other: Awaited<ReturnType<typeof createTestUser>>;
let newcomer: Awaited<ReturnType<typeof createTestUser>>;
let buyerOrders: { orderNumber: string }[];
let othersOrder: { orderNumber: string };

const ask = (message: unknown, headers: Record<string, string> = {}, extra: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/chat', payload: { message, ...extra }, headers, remoteAddress: nextIp() });

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['general-surgery', 'neurosurgery', 'cardiology', 'orthopedics'], [
    { name: 'Metzenbaum Scissors', category: 'general-surgery', priceCents: 4_550, rating: 4.5 },
    { name: 'Mayo Hegar Needle Holder', category: 'general-surgery', priceCents: 3_200, rating: 4 },
    { name: 'Kerrison Rongeur', category: 'neurosurgery', priceCents: 28_900, rating: 4.8 },
    { name: 'DeBakey Vascular Clamp', category: 'cardiology', priceCents: 15_000, rating: 4.2 },
    {
      name: 'Lambotte Osteotome', category: 'orthopedics', priceCents: 40_000, options: [{ name: 'Blade width', values: ['10 mm', '20 mm'] }],
      variants: [{ options: { 'Blade width': '20 mm' }, priceCents: 52_000, stock: 0 }, { options: { 'Blade width': '10 mm' }, priceCents: 40_000 }],
    },
  ]);
  buyer = await createTestUser(db, { email: 'buyer@example.com' });
  other = await createTestUser(db, { email: 'other@example.com' });
  newcomer = await createTestUser(db, { email: 'newcomer@example.com' });
  const first = await insertOrder(db, buyer.user.id, [{ productId: products[0].id, unitPriceCents: 4_550 }]);
  const latest = await insertOrder(db, buyer.user.id, [{ productId: products[2].id, quantity: 2, unitPriceCents: 28_900 }]);
  buyerOrders = [first, latest];
  othersOrder = await insertOrder(db, other.user.id, [{ productId: products[1].id }]);
});
afterAll(() => t.close());

describe('POST /api/chat: products', () => {
  it('answers a price question with real products and prices from the catalogue', async () => {
    const res = await ask('How much do Metzenbaum scissors cost?');
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply).toMatchObject({ type: 'product', source: 'assistant' });
    expect(reply.data.products).toEqual([{
      id: expect.any(Number), slug: 'metzenbaum-scissors', name: 'Metzenbaum Scissors', price: 45.5,
      category: 'general surgery', category_translations: {}, image: '/media/test/metzenbaum-scissors.svg',
    }]);
    expect(reply.response).toBe('Here is what I found in our catalogue.');
  });

  it('answers a specialty with that category’s products', async () => {
    const reply = (await ask('I need neurosurgical instruments')).json();
    expect(reply.type).toBe('product');
    expect(reply.data.products.map((p: { name: string }) => p.name)).toEqual(['Kerrison Rongeur']);
    const cardio = (await ask('cardiology products under $200')).json();
    expect(cardio.data.products.map((p: { price: number }) => p.price)).toEqual([150]);
  });

  it('recommends the best-rated products when asked generally', async () => {
    const reply = (await ask('Product recommendations')).json();
    expect(reply.type).toBe('product');
    expect(reply.data.products[0].name).toBe('Kerrison Rongeur');
  });
});

describe('POST /api/chat: orders', () => {
  it('tells a signed-in user the status of their latest order', async () => {
    const reply = (await ask('where is my last order', buyer.headers)).json();
    expect(reply).toMatchObject({ type: 'order', data: { order: { orderNumber: buyerOrders[1].orderNumber, status: 'confirmed', total: 578 } } });
    expect(reply.response).toContain(`${buyerOrders[1].orderNumber} is confirmed`);
  });

  it('finds the user’s own order by number, in any case', async () => {
    const reply = (await ask(`status of order ${buyerOrders[0].orderNumber.toLowerCase()}?`, buyer.headers)).json();
    expect(reply.data.order).toMatchObject({ orderNumber: buyerOrders[0].orderNumber, total: 45.5 });
  });

  it('never shows another user’s order', async () => {
    const reply = (await ask(`Where is order ${othersOrder.orderNumber}?`, buyer.headers)).json();
    expect(reply).toEqual({ response: ORDER_NOT_FOUND, type: 'text', source: 'assistant', fallback: 'no_model' });
    expect(JSON.stringify(reply)).not.toContain(othersOrder.orderNumber);
  });

  it('asks a visitor to sign in, whatever userId the body claims', async () => {
    const reply = (await ask('track my order', {}, { userId: buyer.user.id })).json();
    expect(reply).toEqual({ response: SIGN_IN_FOR_ORDERS, type: 'text', source: 'assistant', fallback: 'no_model' });
  });

  it('invents no order for a user who has none', async () => {
    const reply = (await ask('where is my last order', newcomer.headers)).json();
    expect(reply).toEqual({ response: NO_ORDERS_YET, type: 'text', source: 'assistant', fallback: 'no_model' });
  });

  it('answers 401 to a bad token so the client can refresh its session', async () => {
    const res = await ask('where is my last order', { authorization: 'Bearer not-a-token' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/chat: facts and hand-over', () => {
  it('states the certifications, shipping and returns facts', async () => {
    expect((await ask('Are you ISO and FDA certified?')).json().response).toBe(POLICIES.certifications);
    const shipping = (await ask('Shipping & returns')).json().response;
    expect(shipping).toContain(POLICIES.shipping);
    expect(shipping).toContain(POLICIES.returns);
    expect(shipping).toContain('free within Pakistan');
    expect((await ask('Do you offer bulk discounts for hospitals?')).json().response).toBe(POLICIES.business);
  });

  it('hands over to the contact page when it cannot help', async () => {
    expect((await ask('Can you write me a poem?')).json().response).toBe(HAND_OVER);
  });
});

describe('POST /api/chat: context', () => {
  const turn = (user: string, bot = 'Here is what I found in our catalogue.') => [{ sender: 'user', content: user }, { sender: 'bot', content: bot }];

  it('takes the subject of a follow-up from the previous turn', async () => {
    const followUp = (await ask('Anything under $300?', {}, { context: turn('I need neurosurgical instruments') })).json();
    expect(followUp.type).toBe('product');
    expect(followUp.data.products.map((p: { name: string }) => p.name)).toEqual(['Kerrison Rongeur']);
    const scissors = (await ask('Anything under $50?', {}, { context: turn('Metzenbaum scissors') })).json();
    expect(scissors.data.products.map((p: { name: string }) => p.name)).toEqual(['Metzenbaum Scissors']);
    const alone = (await ask('Anything under $300?')).json();
    expect(alone.data.products).toHaveLength(4);
  });

  it('answers "when will it arrive?" after an order question with that order, by the number named before', async () => {
    const context = turn(`What is the status of order ${buyerOrders[0].orderNumber}?`, `Your order ${buyerOrders[0].orderNumber} is confirmed.`);
    const reply = (await ask('When will it arrive?', buyer.headers, { context })).json();
    expect(reply).toMatchObject({ type: 'order', data: { order: { orderNumber: buyerOrders[0].orderNumber } } });
    const latest = (await ask('When will it arrive?', buyer.headers, { context: turn('where is my last order', 'Your order …') })).json();
    expect(latest.data.order.orderNumber).toBe(buyerOrders[1].orderNumber);
    // Another user's order number in the context is still not shown.
    const others = (await ask('when will it arrive?', buyer.headers, { context: turn(`track ${othersOrder.orderNumber}`, '…') })).json();
    expect(others).toEqual({ response: ORDER_NOT_FOUND, type: 'text', source: 'assistant', fallback: 'no_model' });
    expect((await ask('When will it arrive?', buyer.headers)).json().type).toBe('text');
  });

  it('answers "how much is this?" about the product page the widget is open on', async () => {
    const reply = (await ask('How much is this?', {}, { page: '/products/kerrison-rongeur' })).json();
    expect(reply).toMatchObject({ type: 'product', response: 'The Kerrison Rongeur costs $289.00.', data: { products: [{ name: 'Kerrison Rongeur', price: 289 }] } });
    // Sizes at different prices: the range, from the cheapest variant, whichever comes first.
    const sized = (await ask('How much is this?', {}, { page: '/products/lambotte-osteotome' })).json();
    expect(sized).toMatchObject({
      type: 'product', response: 'The Lambotte Osteotome costs $400.00 to $520.00, depending on the size or version.',
      data: { products: [{ name: 'Lambotte Osteotome', price: 400 }] },
    });
    const similar = (await ask('Do you have anything similar?', {}, { page: '/products/metzenbaum-scissors' })).json();
    expect(similar).toMatchObject({ type: 'product', response: 'Here are other general surgery products.' });
    expect(similar.data.products.map((p: { name: string }) => p.name)).toEqual(['Mayo Hegar Needle Holder']);
    const cheaper = (await ask('Anything cheaper?', {}, { page: '/products/mayo-hegar-needle-holder' })).json();
    expect(cheaper).toEqual({ type: 'text', source: 'assistant', fallback: 'no_model',
      response: 'I could not find other general surgery products for less than $32.00 right now. Browse all categories at /products.' });
    expect((await ask('How much is this?', {}, { page: '/products/no-such-product' })).json().response).not.toContain('costs');
  });
});

describe('POST /api/chat: promo codes', () => {
  it('names only the promo codes that can be used today, from the database', async () => {
    await t.database.db.execute(sql`insert into promo_codes (code, kind, value, min_subtotal_cents, per_user_limit, expires_at, active) values
      ('WELCOME10', 'percent', 1000, 0, 1, null, true),
      ('HOSPITAL50', 'fixed', 5000, 100000, null, null, true),
      ('EXPIRED20', 'percent', 2000, 0, null, now() - interval '1 day', true),
      ('PAUSED30', 'percent', 3000, 0, null, null, false)`);
    const reply = (await ask('Do you have any promo codes or discounts?')).json();
    expect(reply.type).toBe('text');
    expect(reply.response).toContain('WELCOME10: 10% off, once per customer');
    expect(reply.response).toContain('HOSPITAL50: $50.00 off, on orders of $1,000.00 or more');
    expect(reply.response).not.toMatch(/EXPIRED20|PAUSED30/);
    expect((await ask('Do you offer bulk discounts for hospitals?')).json().response).toBe(POLICIES.business);
  });
});

describe('POST /api/chat: validation and limits', () => {
  it('refuses blank and oversized messages and too much context with 400', async () => {
    expect((await ask('   ')).statusCode).toBe(400);
    expect((await ask('x'.repeat(CHAT_MESSAGE_MAX + 1))).statusCode).toBe(400);
    const context = Array.from({ length: 11 }, () => ({ sender: 'user', content: 'hi' }));
    expect((await ask('hello', {}, { context })).statusCode).toBe(400);
    expect((await ask('hello', {}, { context: context.slice(1) })).statusCode).toBe(200);
  });

  it('limits each address to 20 messages a minute', async () => {
    const send = () => t.app.inject({ method: 'POST', url: '/api/chat', payload: { message: 'hello' }, remoteAddress: '10.9.9.9' });
    for (let i = 0; i < 20; i += 1) expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });
});
