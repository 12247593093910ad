import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReturnView } from '#contracts/returns';
import { returns } from '../db/schema/returns.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { freePort } from '../test/free-port.ts';
import { deliveredOrder, returnApi, returnsShop, staffReturnOf, type ReturnsShop } from '../test/return-fixtures.ts';

let t: CommerceTestApp;
let shop: ReturnsShop;
let api: ReturnType<typeof returnApi>;

beforeAll(async () => {
  t = await createCommerceTestApp({ port: await freePort() });
  shop = await returnsShop(t);
  api = returnApi(t, shop);
});
afterAll(() => t.close());

describe('a return label booked with the carrier', () => {
  it('is booked over HTTP with TCS\'s simulator from the buyer to the shop, and its tracking number mailed', async () => {
    const { orderNumber, items } = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 1 }]);
    const asked = await api.request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 1, reason: 'damaged' }] });
    const { rma } = asked.json<{ return: ReturnView }>().return;
    t.mailer.sent.length = 0;
    const approved = await api.approve(rma, { method: 'label', carrier: 'tcs' });
    expect(approved.statusCode, approved.body).toBe(200);
    const view = staffReturnOf(approved);
    expect(view).toMatchObject({ status: 'approved', label: { carrier: 'tcs', carrier_name: 'TCS', tracking_number: expect.any(String) } });
    const [row] = await t.database.db.select().from(returns).where(eq(returns.rma, rma));
    expect(Buffer.from(row.labelPdf!).subarray(0, 5).toString()).toBe('%PDF-');
    expect(t.mailer.sent.map((mail) => mail.text).join('\n')).toContain(view.label!.tracking_number);
  });

  it('is printed by its buyer and by staff who read orders, and by nobody else', async () => {
    const { orderNumber, items } = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 1 }]);
    const { rma } = (await api.request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 1, reason: 'damaged' }] }))
      .json<{ return: ReturnView }>().return;
    const url = staffReturnOf(await api.approve(rma, { method: 'label', carrier: 'tcs' })).label!.pdf_url!;
    expect(url).toBe(`/api/orders/${orderNumber}/returns/${rma}/label.pdf`);
    const [row] = await t.database.db.select().from(returns).where(eq(returns.rma, rma));

    const asBuyer = await t.app.inject({ method: 'GET', url, headers: shop.buyer.headers });
    expect(asBuyer.statusCode).toBe(200);
    expect(asBuyer.headers['content-type']).toBe('application/pdf');
    expect(asBuyer.headers['content-disposition']).toContain(`return-label-${rma}.pdf`);
    expect(asBuyer.headers['cache-control']).toBe('private, no-store');
    expect(asBuyer.rawPayload.equals(Buffer.from(row.labelPdf!))).toBe(true);
    const listed = (await api.list(orderNumber)).json<{ returns: ReturnView[] }>().returns;
    expect(listed.find((one) => one.rma === rma)?.label?.pdf_url).toBe(url);

    expect((await t.app.inject({ method: 'GET', url, headers: shop.staff.fulfilment })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: shop.staff.catalogue })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: shop.other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses a carrier that is not one of the label carriers, writing nothing', async () => {
    const { orderNumber, items } = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 1 }]);
    const { rma } = (await api.request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 1, reason: 'damaged' }] }))
      .json<{ return: ReturnView }>().return;
    const refused = await api.approve(rma, { method: 'label', carrier: 'other' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ carrier: ['Choose a carrier.'] });
    expect((await t.database.db.select().from(returns).where(eq(returns.rma, rma)))[0].status).toBe('requested');
  });
});
