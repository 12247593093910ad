import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { quoteLines, quotes } from '../db/schema/quotes.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { dayFromToday, quoteThrough } from '../test/quote-fixtures.ts';

const SHOP_EMAIL = 'sales@shop.test';
let t: CommerceTestApp;
let ids: { kelly: number; mayo: number; retired: number; scissors: number };
let scissors: { short: number; long: number };
let kellyVariant: number;
let bilal: Record<string, string>;
let zara: Record<string, string>;
let ayesha: Record<string, string>;
let unverified: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17', SHOP_EMAIL } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 500 },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 100 },
    { name: 'Retired Clamp', category: 'general-surgery', priceCents: 900, stock: 5, isActive: false },
    {
      name: 'Metzenbaum Scissors', category: 'general-surgery', priceCents: 2_400,
      options: [{ name: 'Length', values: ['14 cm', '18 cm'] }],
      variants: [{ options: { Length: '14 cm' }, priceCents: 2_400, stock: 100 }, { options: { Length: '18 cm' }, priceCents: 3_100, stock: 100 }],
    },
  ]);
  ids = { kelly: products[0].id, mayo: products[1].id, retired: products[2].id, scissors: products[3].id };
  scissors = { short: products[3].variants[0].id, long: products[3].variants[1].id };
  kellyVariant = products[0].variantId;
  const db = t.database.db;
  bilal = (await createTestUser(db, { email: 'bilal@mayo-hospital.example', accountType: 'business' })).headers;
  zara = (await createTestUser(db, { email: 'zara@services-hospital.example', accountType: 'business' })).headers;
  ayesha = (await createTestUser(db, { email: 'ayesha@example.com' })).headers;
  unverified = (await createTestUser(db, { email: 'new@clinic.example', accountType: 'business', isVerified: false })).headers;
  staff = (await createTestUser(db, { email: 'staff@sialkotsurgical.example', staffRole: 'owner' })).headers;
});
afterAll(() => t.close());

const request = (payload: unknown, headers = bilal) =>
  t.app.inject({ method: 'POST', url: '/api/quotes/', headers, payload: payload as Record<string, unknown> });
const get = (url: string, headers = bilal) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const price = (id: string, payload: unknown, headers = staff) =>
  t.app.inject({ method: 'PUT', url: `/api/staff/quotes/${id}/pricing/`, headers, payload: payload as Record<string, unknown> });
const quoteCount = async () => (await t.database.db.select({ n: count() }).from(quotes))[0].n;
const parties = () => ({ buyer: bilal, staff });
const sixtyKelly = () => [{ productId: ids.kelly, quantity: 60, unitPrice: '15.00' }];

describe('POST /api/quotes/: who may ask', () => {
  const valid = () => ({ lines: [{ product_id: ids.kelly, quantity: 60 }], delivery_city: 'Lahore' });

  it('refuses the signed out (401), individual accounts and unverified emails (403), writing nothing', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/quotes/', payload: valid() })).statusCode).toBe(401);
    const individual = await request(valid(), ayesha);
    expect(individual.statusCode).toBe(403);
    expect(individual.json()).toMatchObject({ code: 'ACCOUNT_TYPE_NOT_ALLOWED' });
    expect((await get('/api/quotes/', ayesha)).statusCode).toBe(403);
    const notVerified = await request(valid(), unverified);
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(await quoteCount()).toBe(0);
  });

  it('answers 400 per field and writes nothing', async () => {
    const empty = await request({ lines: [], delivery_city: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ lines: ['Add at least one product.'], delivery_city: ['This field is required.'] });

    const bad = await request({
      lines: [{ product_id: ids.kelly, quantity: 0 }, { product_id: ids.mayo, quantity: 2.5 }, { product_id: ids.kelly, quantity: 3 }],
      delivery_city: 'Lahore', notes: 'x'.repeat(2001),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'lines.0.quantity': ['Enter at least 1.'],
      'lines.1.quantity': ['Enter a whole number.'],
      notes: ['Enter at most 2000 characters.'],
    });

    const duplicate = await request({ lines: [{ product_id: ids.kelly, quantity: 1 }, { product_id: ids.kelly, quantity: 3 }], delivery_city: 'Lahore' });
    expect(duplicate.json().errors).toEqual({ 'lines.1.product_id': ['This product is already on the request: change its quantity instead.'] });

    // A product with several variants needs each line's variant, of that product, once.
    const variants = await request({
      lines: [
        { product_id: ids.scissors, quantity: 5 },
        { product_id: ids.scissors, variant_id: scissors.short, quantity: 5 },
        { product_id: ids.kelly, variant_id: scissors.long, quantity: 5 },
        { product_id: ids.kelly, quantity: 1 },
        { product_id: ids.kelly, variant_id: kellyVariant, quantity: 2 },
      ],
      delivery_city: 'Lahore',
    });
    expect(variants.statusCode).toBe(400);
    expect(variants.json().errors).toEqual({
      'lines.0.variant_id': ['Choose Length.'],
      'lines.2.variant_id': ["This size or version is not one of this product's."],
      'lines.4.variant_id': ['This product is already on the request: change its quantity instead.'],
    });

    const unknown = await request({
      lines: [{ product_id: ids.kelly, quantity: 1 }, { product_id: 999_999, quantity: 1 }, { product_id: ids.retired, quantity: 1 }],
      delivery_city: 'Lahore',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'lines.1.product_id': ['Product not found.'], 'lines.2.product_id': ['Product not found.'] });
    expect(await quoteCount()).toBe(0);
    expect((await t.database.db.select({ n: count() }).from(quoteLines))[0].n).toBe(0);
    expect(t.mailer.sent.filter((m) => m.to === SHOP_EMAIL)).toEqual([]);
  });

  it('stores a business buyer\'s request without prices and mails it to the shop', async () => {
    const created = await request({
      lines: [{ product_id: ids.kelly, quantity: 60 }, { product_id: ids.mayo, quantity: 4 }],
      delivery_city: ' Lahore ', notes: 'Delivery to the main store, gate 3.',
    });
    expect(created.statusCode).toBe(201);
    const { quote } = created.json();
    expect(quote).toMatchObject({
      status: 'requested', delivery_city: 'Lahore', notes: 'Delivery to the main store, gate 3.', valid_until: null, totals: null,
      order: null, buyer: null, sent_at: null,
    });
    expect(quote.number).toMatch(/^Q-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(quote.lines).toMatchObject([
      { product_id: ids.kelly, product_name: 'Kelly Hemostat', quantity: 60, list_price: '18.00', unit_price: null, line_total: null },
      { product_id: ids.mayo, quantity: 4, list_price: '129.50', unit_price: null },
    ]);

    const mail = t.mailer.lastTo(SHOP_EMAIL)!;
    expect(mail.subject).toBe(`Sialkot Surgical: Quote request ${quote.number} from Test User`);
    expect(mail.text).toContain('60 × Kelly Hemostat (T-1000)');
    expect(mail.text).toContain('Delivery city: Lahore');
    expect(mail.link).toBe(`http://shop.test/staff/quotes/${quote.id}`);

    expect((await get('/api/quotes/')).json()).toMatchObject({ count: 1, totalPages: 1, quotes: [{ id: quote.id }] });
    expect((await get(`/api/quotes/${quote.id}`)).json().quote).toEqual(quote);
  });
});

describe('a buyer sees only their own quotes', () => {
  it('answers 404 for another buyer\'s quote on every route, and lists only one\'s own', async () => {
    const mine = await quoteThrough(t, parties(), sixtyKelly());
    expect((await get(`/api/quotes/${mine.id}`, zara)).statusCode).toBe(404);
    expect((await get(`/api/quotes/${mine.id}`, zara)).json()).toEqual({ detail: 'Quote not found.' });
    expect((await post(`/api/quotes/${mine.id}/decline/`, zara)).statusCode).toBe(404);
    const accept = await t.app.inject({
      method: 'POST', url: `/api/quotes/${mine.id}/accept/`, headers: { ...zara, 'idempotency-key': 'zara-1' },
      payload: paymentBody('credit_card', Number(mine.totals!.grand_total)),
    });
    expect(accept.statusCode).toBe(404);
    expect((await get('/api/quotes/', zara)).json()).toEqual({ quotes: [], totalPages: 1, count: 0 });
    expect((await get(`/api/quotes/${mine.id}`)).json().quote.status).toBe('sent');
    expect((await t.database.db.select({ n: count() }).from(orders))[0].n).toBe(0);
  });
});

describe('staff routes', () => {
  it('are refused to the signed out (401) and to anyone but staff (403)', async () => {
    const quote = await quoteThrough(t, parties(), sixtyKelly(), 'requested');
    const routes: [string, string][] = [
      ['GET', '/api/staff/quotes/'], ['GET', `/api/staff/quotes/${quote.id}`], ['PUT', `/api/staff/quotes/${quote.id}/pricing/`],
      ['POST', `/api/staff/quotes/${quote.id}/send/`], ['POST', `/api/staff/quotes/${quote.id}/withdraw/`],
    ];
    const pricing = { lines: [{ id: quote.lines[0].id, unit_price: '15.00' }], valid_until: dayFromToday(5) };
    for (const [method, url] of routes) {
      const payload = method === 'GET' ? undefined : pricing;
      expect((await t.app.inject({ method: method as 'GET', url, payload })).statusCode).toBe(401);
      for (const headers of [bilal, ayesha]) {
        const answer = await t.app.inject({ method: method as 'GET', url, headers, payload });
        expect(answer.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect((await get(`/api/quotes/${quote.id}`)).json().quote.status).toBe('requested');
  });

  it('list every buyer\'s quotes with the buyer, filtered by status', async () => {
    const zaras = await quoteThrough(t, { buyer: zara, staff }, sixtyKelly(), 'requested');
    const list = (await get('/api/staff/quotes/?status=requested', staff)).json();
    expect(list.quotes.map((q: { id: string }) => q.id)).toContain(zaras.id);
    expect(list.quotes.every((q: { status: string }) => q.status === 'requested')).toBe(true);
    expect(list.quotes.find((q: { id: string }) => q.id === zaras.id).buyer)
      .toEqual({ name: 'Test User', email: 'zara@services-hospital.example', hospital_name: '' });
    expect((await get('/api/staff/quotes/?status=lost', staff)).statusCode).toBe(400);
  });
});

describe('pricing', () => {
  it('answers 400 per field and writes nothing', async () => {
    const quote = await quoteThrough(t, parties(), [
      { productId: ids.kelly, quantity: 60, unitPrice: '15.00' }, { productId: ids.mayo, quantity: 2, unitPrice: '120.00' },
    ], 'requested');
    const [kelly, mayo] = quote.lines;
    const shape = await price(quote.id, { lines: [{ id: kelly.id, unit_price: 'abc' }, { id: mayo.id, unit_price: '0' }], valid_until: '2026-02-30' });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().errors).toEqual({
      'lines.0.unit_price': ['Enter a price like 12.50.'], 'lines.1.unit_price': ['Enter a price above 0.'], valid_until: ['Enter a real date.'],
    });
    const rules = await price(quote.id, { lines: [{ id: kelly.id, unit_price: '15.00' }, { id: 999_999, unit_price: '1.00' }], valid_until: dayFromToday(-1) });
    expect(rules.statusCode).toBe(400);
    expect(rules.json().errors).toEqual({
      'lines.1.id': ['This line is not on the quote.'], lines: ['Price every line of this quote once.'], valid_until: ['Choose today or a later date.'],
    });
    const tooFar = await price(quote.id, { lines: [{ id: kelly.id, unit_price: '15' }, { id: mayo.id, unit_price: '120' }], valid_until: dayFromToday(400) });
    expect(tooFar.json().errors).toEqual({ valid_until: ['Choose a date within 365 days.'] });

    const stored = (await get(`/api/staff/quotes/${quote.id}`, staff)).json().quote;
    expect(stored).toMatchObject({ status: 'requested', valid_until: null, totals: null });
    expect(stored.lines.map((line: { unit_price: string | null }) => line.unit_price)).toEqual([null, null]);
  });

  it('keeps prices from the buyer until sent, then shows them with checkout\'s tax and shipping', async () => {
    const quote = await quoteThrough(t, parties(), [{ productId: ids.kelly, quantity: 10, unitPrice: '15.00' }], 'requested');
    const priced = await price(quote.id, { lines: [{ id: quote.lines[0].id, unit_price: '15' }], valid_until: dayFromToday(7), staff_note: 'Ex-stock.' });
    expect(priced.statusCode).toBe(200);
    // 10 × 15.00 = 150.00; 17% tax 25.50; shipping 75.00 below 500.00.
    const totals = { subtotal: '150.00', tax_amount: '25.50', shipping_amount: '75.00', grand_total: '250.50', exchange_rate: '278.50', grand_total_pkr: '69764.00' };
    expect(priced.json().quote).toMatchObject({
      status: 'priced', valid_until: dayFromToday(7), staff_note: 'Ex-stock.', totals,
      lines: [{ unit_price: '15.00', line_total: '150.00' }], buyer: { email: 'bilal@mayo-hospital.example' },
    });
    const hidden = (await get(`/api/quotes/${quote.id}`)).json().quote;
    expect(hidden).toMatchObject({ status: 'priced', valid_until: null, staff_note: '', totals: null, lines: [{ unit_price: null }] });

    const mailsBefore = t.mailer.sent.length;
    const sent = await post(`/api/staff/quotes/${quote.id}/send/`, staff);
    expect(sent.statusCode).toBe(200);
    const seen = (await get(`/api/quotes/${quote.id}`)).json().quote;
    expect(seen).toMatchObject({ status: 'sent', valid_until: dayFromToday(7), staff_note: 'Ex-stock.', totals, lines: [{ unit_price: '15.00' }] });
    expect(seen.sent_at).not.toBeNull();
    const mail = t.mailer.sent.slice(mailsBefore).find((m) => m.to === 'bilal@mayo-hospital.example')!;
    expect(mail.subject).toBe(`Sialkot Surgical: Your quote ${quote.number} is ready`);
    expect(mail.text).toContain('10 × Kelly Hemostat (T-1000) at $15.00 each = $150.00');
    expect(mail.text).toContain('Total $250.50 including tax and shipping');
    expect(mail.text).toContain(`valid until ${dayFromToday(7)}`);
    expect(mail.link).toBe(`http://shop.test/profile/quotes/${quote.id}`);
  });
});

describe('state transitions', () => {
  const refused = async (answer: Promise<{ statusCode: number; json: () => { code?: string; detail: string } }>, detail: string) => {
    const res = await answer;
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', detail });
  };

  it('from requested: priced or withdrawn only', async () => {
    const quote = await quoteThrough(t, parties(), sixtyKelly(), 'requested');
    await refused(post(`/api/staff/quotes/${quote.id}/send/`, staff), 'A requested quote cannot be sent.');
    await refused(post(`/api/quotes/${quote.id}/decline/`, bilal), 'A requested quote cannot be declined.');
    const accept = await t.app.inject({
      method: 'POST', url: `/api/quotes/${quote.id}/accept/`, headers: { ...bilal, 'idempotency-key': `early-${quote.id}` },
      payload: paymentBody('credit_card', 1),
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().detail).toBe('A requested quote cannot be accepted.');
    expect((await t.database.db.select({ n: count() }).from(orders))[0].n).toBe(0);
  });

  it('from priced: re-priced, sent or withdrawn', async () => {
    const quote = await quoteThrough(t, parties(), sixtyKelly(), 'priced');
    const again = await price(quote.id, { lines: [{ id: quote.lines[0].id, unit_price: '14.50' }], valid_until: dayFromToday(30) });
    expect(again.json().quote).toMatchObject({ status: 'priced', lines: [{ unit_price: '14.50' }], valid_until: dayFromToday(30) });
    await refused(post(`/api/quotes/${quote.id}/decline/`, bilal), 'A priced quote cannot be declined.');
    expect((await post(`/api/staff/quotes/${quote.id}/send/`, staff)).json().quote.status).toBe('sent');
  });

  it('from sent: declined by the buyer, never re-priced or sent twice; a decided quote is final', async () => {
    const quote = await quoteThrough(t, parties(), sixtyKelly());
    await refused(price(quote.id, { lines: [{ id: quote.lines[0].id, unit_price: '1.00' }], valid_until: dayFromToday(3) }), 'A sent quote cannot be priced.');
    await refused(post(`/api/staff/quotes/${quote.id}/send/`, staff), 'A sent quote cannot be sent.');
    const declined = await post(`/api/quotes/${quote.id}/decline/`, bilal, { reason: 'Found a local supplier.' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().quote).toMatchObject({ status: 'declined', decision_reason: 'Found a local supplier.' });
    expect(declined.json().quote.decided_at).not.toBeNull();
    await refused(post(`/api/quotes/${quote.id}/decline/`, bilal), 'A declined quote cannot be declined.');
    await refused(post(`/api/staff/quotes/${quote.id}/withdraw/`, staff), 'A declined quote cannot be withdrawn.');
    const accept = await t.app.inject({
      method: 'POST', url: `/api/quotes/${quote.id}/accept/`, headers: { ...bilal, 'idempotency-key': `late-${quote.id}` },
      payload: paymentBody('credit_card', Number(quote.totals!.grand_total)),
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().detail).toBe('A declined quote cannot be accepted.');
  });

  it('withdrawn by staff from requested, priced or sent, with the reason mailed; then final', async () => {
    for (const stage of ['requested', 'priced', 'sent'] as const) {
      const quote = await quoteThrough(t, parties(), sixtyKelly(), stage);
      const withdrawn = await post(`/api/staff/quotes/${quote.id}/withdraw/`, staff, { reason: 'Discontinued by the maker.' });
      expect(withdrawn.statusCode).toBe(200);
      expect(withdrawn.json().quote).toMatchObject({ status: 'withdrawn', decision_reason: 'Discontinued by the maker.' });
      const mail = t.mailer.lastTo('bilal@mayo-hospital.example')!;
      expect(mail.subject).toBe(`Sialkot Surgical: Quote ${quote.number} withdrawn`);
      expect(mail.text).toContain('Reason: Discontinued by the maker.');
      await refused(post(`/api/staff/quotes/${quote.id}/withdraw/`, staff), 'A withdrawn quote cannot be withdrawn.');
      await refused(price(quote.id, { lines: [{ id: quote.lines[0].id, unit_price: '1.00' }], valid_until: dayFromToday(3) }),
        'A withdrawn quote cannot be priced.');
    }
  });
});

describe('expiry', () => {
  const expire = (id: string, day = dayFromToday(-1)) =>
    t.database.db.update(quotes).set({ validUntil: day }).where(eq(quotes.id, id));

  it('a sent quote is valid through its last day, then expired: it cannot be accepted or declined', async () => {
    const quote = await quoteThrough(t, parties(), sixtyKelly());
    await expire(quote.id, dayFromToday(0));
    expect((await get(`/api/quotes/${quote.id}`)).json().quote.status).toBe('sent');

    await expire(quote.id);
    expect((await get(`/api/quotes/${quote.id}`)).json().quote.status).toBe('expired');
    expect((await get(`/api/staff/quotes/${quote.id}`, staff)).json().quote.status).toBe('expired');
    const expiredIds = (await get('/api/quotes/?status=expired')).json().quotes.map((q: { id: string }) => q.id);
    expect(expiredIds).toContain(quote.id);
    expect((await get('/api/quotes/?status=sent')).json().quotes.map((q: { id: string }) => q.id)).not.toContain(quote.id);

    const ordersBefore = (await t.database.db.select({ n: count() }).from(orders))[0].n;
    const accept = await t.app.inject({
      method: 'POST', url: `/api/quotes/${quote.id}/accept/`, headers: { ...bilal, 'idempotency-key': `expired-${quote.id}` },
      payload: paymentBody('credit_card', Number(quote.totals!.grand_total)),
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toEqual({
      code: 'QUOTE_EXPIRED', detail: `This quote expired after ${dayFromToday(-1)}. Please request a new quote.`, params: { date: dayFromToday(-1) },
    });
    expect((await t.database.db.select({ n: count() }).from(orders))[0].n).toBe(ordersBefore);
    expect(t.charges.size).toBe(0);
    expect((await post(`/api/quotes/${quote.id}/decline/`, bilal)).json().code).toBe('QUOTE_EXPIRED');
    expect((await post(`/api/staff/quotes/${quote.id}/withdraw/`, staff)).json().code).toBe('QUOTE_EXPIRED');
  });

  it('a priced quote whose validity date passed is not sent until staff set a new one', async () => {
    const quote = await quoteThrough(t, parties(), sixtyKelly(), 'priced');
    await expire(quote.id);
    const send = await post(`/api/staff/quotes/${quote.id}/send/`, staff);
    expect(send.statusCode).toBe(409);
    expect(send.json()).toMatchObject({ code: 'VALIDITY_PASSED' });
    await price(quote.id, { lines: [{ id: quote.lines[0].id, unit_price: '15.00' }], valid_until: dayFromToday(5) });
    expect((await post(`/api/staff/quotes/${quote.id}/send/`, staff)).json().quote.status).toBe('sent');
  });
});
