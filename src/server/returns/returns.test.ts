import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '#contracts/orders';
import type { ReturnView } from '#contracts/returns';
import { returns } from '../db/schema/returns.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { deliveredDaysAgo, deliveredOrder, returnApi, returnsShop, type ReturnsShop } from '../test/return-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { multipart } from '../test/multipart-body.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

let t: CommerceTestApp;
let shop: ReturnsShop;
let api: ReturnType<typeof returnApi>;

beforeAll(async () => {
  t = await createCommerceTestApp();
  shop = await returnsShop(t);
  api = returnApi(t, shop);
});
afterAll(() => t.close());
beforeEach(() => {
  t.mailer.sent.length = 0;
});

const returnsOf = (orderId: string) => t.database.db.select().from(returns).where(eq(returns.orderId, orderId));
const created = (response: { statusCode: number; body: string; json: <T>() => T }) => {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ return: ReturnView }>().return;
};

describe('which lines a buyer may return', () => {
  it('offers nothing before delivery, and refuses a request for it with nothing written', async () => {
    const { orderId, orderNumber } = await buyByCard(t, shop.buyer.headers, [{ productId: shop.retractor, variantId: shop.small, quantity: 1 }]);
    const list = (await api.list(orderNumber)).json<{ lines: { blocked: string; returnable_quantity: number }[]; window_ends: string | null }>();
    expect(list.lines).toEqual([expect.objectContaining({ blocked: 'not_delivered', returnable_quantity: 0 })]);
    expect(list.window_ends).toBeNull();
    const order = (await t.app.inject({ method: 'GET', url: `/api/orders/track/${orderNumber}`, headers: shop.buyer.headers })).json<{ order: Order }>().order;
    const refused = await api.request(orderNumber, { items: [{ order_item_id: order.items[0].id, quantity: 1, reason: 'damaged' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'items.0.order_item_id': ['This line cannot be returned.'] });
    expect(await returnsOf(orderId)).toEqual([]);
  });

  it('allows delivered units within the window, less those already asked back, and no more', async () => {
    const { orderId, orderNumber, items } = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 2 }]);
    const list = (await api.list(orderNumber)).json<{ lines: { returnable_quantity: number; blocked: null; exchange_options: { label: string }[] }[]; window_ends: string }>();
    expect(list.lines[0]).toMatchObject({ returnable_quantity: 2, blocked: null });
    // The size bought is no exchange.
    expect(list.lines[0].exchange_options.map((option) => option.label)).toEqual(['Large']);
    expect(list.window_ends).toBe(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));

    t.mailer.sent.length = 0;
    const first = created(await api.request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 1, reason: 'damaged' }], comment: 'Bent tip' }));
    expect(first).toMatchObject({ rma: expect.stringMatching(/^RMA-\d{6}$/), status: 'requested', comment: 'Bent tip' });
    expect(t.mailer.sent.map((mail) => mail.subject)).toEqual([expect.stringContaining(`Return ${first.rma} for order ${orderNumber}`)]);

    const over = await api.request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 2, reason: 'damaged' }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ 'items.0.quantity': ['At most 1 of this line may be returned.'] });
    expect(over.json().issues['items.0.quantity']).toEqual([{ key: 'more_than_returnable', params: { max: 1 } }]);
    expect(await returnsOf(orderId)).toHaveLength(1);

    // A rejected return gives its units back to what may be returned.
    expect((await api.reject(first.rma, 'Photos show wear from use, not damage in transit')).statusCode).toBe(200);
    const again = (await api.list(orderNumber)).json<{ lines: { returnable_quantity: number }[] }>();
    expect(again.lines[0].returnable_quantity).toBe(2);
  });

  it('refuses an exchange for the size bought, with nothing written', async () => {
    const { orderId, orderNumber, items } = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 1 }]);
    const same = await api.request(orderNumber, {
      items: [{ order_item_id: items[0].id, quantity: 1, reason: 'wrong_item', exchange_variant_id: shop.small }],
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().issues).toEqual({ 'items.0.exchange_variant_id': [{ key: 'exchange_same_variant' }] });
    expect(await returnsOf(orderId)).toEqual([]);
  });

  it('closes the window after the policy\'s days, and opens it again when staff lengthen it', async () => {
    const { orderId, orderNumber, items } = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 1 }]);
    await deliveredDaysAgo(t, orderId, 31);
    const late = await api.request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 1, reason: 'defective' }] });
    expect(late.statusCode).toBe(400);
    expect((await api.list(orderNumber)).json().lines[0].blocked).toBe('window_closed');
    const policy = (await t.app.inject({ method: 'GET', url: '/api/staff/returns/policy/', headers: shop.staff.owner })).json().policy;
    const saved = await t.app.inject({ method: 'PUT', url: '/api/staff/returns/policy/', headers: shop.staff.owner,
      payload: { ...policy, window_days: 45, exclusions: [] } });
    expect(saved.statusCode, saved.body).toBe(200);
    created(await api.request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 1, reason: 'defective' }] }));
    await t.app.inject({ method: 'PUT', url: '/api/staff/returns/policy/', headers: shop.staff.owner, payload: { ...policy, exclusions: [] } });
  });

  it('refuses products the policy excludes, opened sterile packs, and used instruments without the declaration', async () => {
    const { orderNumber, items } = await deliveredOrder(t, shop, [
      { productId: shop.retractor, variantId: shop.small, quantity: 1 }, { productId: shop.drape, quantity: 2 },
    ]);
    const [retractorLine, drapeLine] = items;
    const opened = await api.request(orderNumber, { items: [{ order_item_id: drapeLine.id, quantity: 1, reason: 'no_longer_needed', opened: true }] });
    expect(opened.json().errors).toEqual({ 'items.0.opened': ['A sterile pack cannot be returned once opened.'] });
    expect((await api.list(orderNumber)).json().lines[1].sterile).toBe(true);

    const used = await api.request(orderNumber, { items: [{ order_item_id: retractorLine.id, quantity: 1, reason: 'defective', used: true }] });
    expect(used.json().errors).toEqual({ decontamination_declared: ['Declare that the used instruments were cleaned and decontaminated.'] });
    const declared = created(await api.request(orderNumber, {
      items: [{ order_item_id: retractorLine.id, quantity: 1, reason: 'defective', used: true }], decontamination_declared: true,
    }));
    expect(declared).toMatchObject({ decontamination_declared: true, items: [expect.objectContaining({ used: true })] });

    const policy = (await t.app.inject({ method: 'GET', url: '/api/staff/returns/policy/', headers: shop.staff.owner })).json().policy;
    await t.app.inject({ method: 'PUT', url: '/api/staff/returns/policy/', headers: shop.staff.sales,
      payload: { ...policy, exclusions: [{ product_id: shop.drape, reason: 'made_to_order' }] } });
    expect((await api.list(orderNumber)).json().lines[1]).toMatchObject({ blocked: 'made_to_order', returnable_quantity: 0 });
    const excluded = await api.request(orderNumber, { items: [{ order_item_id: drapeLine.id, quantity: 1, reason: 'damaged' }] });
    expect(excluded.json().errors).toEqual({ 'items.0.order_item_id': ['This line cannot be returned.'] });
    await t.app.inject({ method: 'PUT', url: '/api/staff/returns/policy/', headers: shop.staff.owner, payload: { ...policy, exclusions: [] } });
  });

  it('takes one of two requests for the same units asked at the same moment', async () => {
    const { orderId, orderNumber, items } = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 2 }]);
    const ask = () => api.request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 2, reason: 'wrong_item' }] });
    const answers = await Promise.all([ask(), ask()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(await returnsOf(orderId)).toHaveLength(1);
  });

  it('answers 404 for another buyer\'s order, and keeps staff decisions to staff', async () => {
    const { orderNumber, items } = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 1 }]);
    expect((await api.list(orderNumber, shop.other.headers)).statusCode).toBe(404);
    expect((await api.request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 1, reason: 'damaged' }] }, shop.other.headers)).statusCode).toBe(404);
    const rma = created(await api.request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 1, reason: 'damaged' }] })).rma;
    expect((await api.approve(rma, undefined, shop.buyer.headers)).statusCode).toBe(403);
    expect((await api.approve(rma, undefined, shop.staff.support)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/returns/', headers: shop.staff.support })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(returns).where(and(eq(returns.rma, rma), eq(returns.status, 'requested')));
    expect(row).toBeDefined();
  });

  it('keeps the buyer\'s photo of a requested return for the buyer and staff, and refuses what is not a photo', async () => {
    const { orderNumber, items } = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 1 }]);
    const { rma } = created(await api.request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 1, reason: 'damaged' }] }));
    const upload = (content: Buffer, headers = shop.buyer.headers) => {
      const body = multipart([{ name: 'file', value: content, filename: 'bent.png', contentType: 'image/png' }]);
      return t.app.inject({ method: 'POST', url: `/api/orders/${orderNumber}/returns/${rma}/photo/`,
        headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
    };
    const notPhoto = await upload(Buffer.from('%PDF-1.7 not a photo'));
    expect(notPhoto.statusCode).toBe(400);
    expect(notPhoto.json().errors).toEqual({ file: ['Upload a JPEG or PNG photo.'] });
    expect((await upload(PNG, shop.other.headers)).statusCode).toBe(404);
    const uploaded = await upload(PNG);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const photoUrl = uploaded.json().return.photo_url;
    expect(photoUrl).toBe(`/api/orders/${orderNumber}/returns/${rma}/photo`);
    const read = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: photoUrl, headers });
    expect((await read(shop.buyer.headers)).headers['content-type']).toBe('image/png');
    expect((await read(shop.staff.support)).rawPayload).toEqual(PNG);
    expect((await read(shop.other.headers)).statusCode).toBe(404);
    expect((await api.reject(rma, 'Not covered')).statusCode).toBe(200);
    expect((await upload(PNG)).statusCode).toBe(409);
  });

  it('checks a request field by field', async () => {
    const { orderNumber, items } = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 1 }]);
    const bad = await api.request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 0, reason: 'broken' as never }] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['items.0.quantity', 'items.0.reason']);
    const none = await api.request(orderNumber, { items: [] });
    expect(none.json().errors).toEqual({ items: ['Choose what to return.'] });
  });
});
