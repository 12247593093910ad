import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRequest } from '#contracts/organisation-purchasing';
import { organisationOrders } from '../db/schema/organisation-purchasing.ts';
import { orders } from '../db/schema/orders.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, TEST_CARD, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';

type Headers = Record<string, string>;
let t: CommerceTestApp;
let productId: number;
const who: Record<'admin' | 'approver' | 'buyer' | 'colleague', Headers> = { admin: {}, approver: {}, buyer: {}, colleague: {} };
let keys = 0;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const requests = async (headers: Headers) => (await call('GET', '/api/organisation/approvals/', headers)).json<{ requests: OrderRequest[] }>().requests;
/** A card payment of `amount` USD: checkout adds the order's details, paying a request sends the payment alone. */
const card = (amount: number, cardNumber = TEST_CARD.cardNumber) => {
  const { orderDetails: _details, ...payment } = paymentBody('credit_card', amount, { paymentData: { ...TEST_CARD, cardNumber } } as never);
  return payment;
};
const pay = (id: number, headers: Headers, body: unknown, key = `pay-request-${++keys}`) => t.app.inject({
  method: 'POST', url: `/api/organisation/approvals/${id}/pay/`, headers: { ...headers, 'idempotency-key': key },
  payload: body as Record<string, unknown>,
});

/** The buyer checks out 6 scissors by card, above the organisation's $500 per-order limit: a request waits. */
async function requestByCard(): Promise<{ id: number; amount: number }> {
  await call('POST', '/api/cart/clear/', who.buyer);
  expect((await call('POST', '/api/cart/add-item/', who.buyer, { product_id: productId, quantity: 6 })).statusCode).toBe(200);
  const amount = Number((await call('GET', '/api/cart/', who.buyer)).json().grand_total);
  const body = paymentBody('credit_card', amount);
  const held = await t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...who.buyer, 'idempotency-key': `checkout-${++keys}` },
    payload: { ...body, orderDetails: { ...body.orderDetails, poNumber: 'PO-CARD-1' } } as never,
  });
  expect(held.statusCode).toBe(202);
  return { id: held.json().requestId, amount };
}

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  // No payment terms: this organisation cannot be invoiced, so its approved orders are paid by card.
  const founder = await createBusinessBuyer(db, { email: 'admin@services.example', hospitalName: 'Services Hospital', status: 'verified' });
  who.admin = founder.headers;
  for (const [key, role] of [['approver', 'approver'], ['buyer', 'buyer'], ['colleague', 'buyer']] as const) {
    who[key] = (await addMember(db, founder.organisation!.id, `${key}@services.example`, role)).headers;
  }
  const { products } = await insertCatalogue(db, ['general-surgery'], [{ name: 'Mayo Scissors', category: 'general-surgery', priceCents: 10_000, stock: 500 }]);
  productId = products[0].id;
  expect((await call('PUT', '/api/organisation/limits/', who.admin, { per_order: '500.00', per_month: null })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('a request the buyer chose to pay by card', () => {
  it('is approved without an order, and the buyer is mailed to pay it', async () => {
    const { id } = await requestByCard();
    expect((await requests(who.approver)).find((request) => request.id === id)).toMatchObject({ payment_method: 'credit_card', can_pay: false });
    expect((await pay(id, who.buyer, card(1))).json().code).toBe('ILLEGAL_TRANSITION');

    const approved = await call('POST', `/api/organisation/approvals/${id}/approve/`, who.approver);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().request).toMatchObject({ status: 'approved', order_number: null, can_pay: false, decided_by: expect.any(String) });
    expect((await requests(who.buyer)).find((request) => request.id === id)).toMatchObject({ status: 'approved', can_pay: true });
    const mail = t.mailer.lastTo('buyer@services.example')!;
    expect(mail.subject).toContain('was approved');
    expect(mail.text).toContain('/profile/organisation?tab=approvals');
    expect((await call('POST', `/api/organisation/approvals/${id}/approve/`, who.admin)).json().code).toBe('ILLEGAL_TRANSITION');
  });

  it('is paid by its buyer only, for the amount approved, and placed with its PO number', async () => {
    const [approved] = (await requests(who.buyer)).filter((request) => request.can_pay);
    const amount = Number(approved.amount);
    expect((await pay(approved.id, who.colleague, card(amount))).statusCode).toBe(404);
    expect((await pay(approved.id, who.approver, card(amount))).statusCode).toBe(404);
    const wrong = await pay(approved.id, who.buyer, card(amount - 1));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('AMOUNT_MISMATCH');
    const bad = await pay(approved.id, who.buyer, { ...card(amount), paymentData: { cardNumber: '12' } });
    expect(bad.statusCode).toBe(400);

    const paid = await pay(approved.id, who.buyer, card(amount), 'pay-approved-once');
    expect(paid.statusCode).toBe(201);
    // The same attempt sent again (its answer was lost) gets that answer, not a second order or a refusal.
    const retried = await pay(approved.id, who.buyer, card(amount), 'pay-approved-once');
    expect(retried.statusCode).toBe(201);
    expect(retried.json().orderNumber).toBe(paid.json().orderNumber);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, paid.json().orderNumber));
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', totalCents: Math.round(paid.json().totalCharged * 100) });
    expect(paid.json().amount).toBe(amount);
    const [link] = await t.database.db.select().from(organisationOrders).where(eq(organisationOrders.orderId, order.id));
    expect(link.poNumber).toBe('PO-CARD-1');
    expect((await requests(who.buyer)).find((request) => request.id === approved.id)).toMatchObject({
      status: 'approved', order_number: order.orderNumber, can_pay: false,
    });
    expect((await pay(approved.id, who.buyer, card(amount))).json().code).toBe('ILLEGAL_TRANSITION');
  });

  it('can be paid again after a declined card, in rupees by wallet, and is placed once', async () => {
    const { id, amount } = await requestByCard();
    expect((await call('POST', `/api/organisation/approvals/${id}/approve/`, who.admin)).statusCode).toBe(200);
    const declined = await pay(id, who.buyer, card(amount, '4000 0000 0000 0002'));
    expect(declined.statusCode).toBe(402);
    const waiting = (await requests(who.buyer)).find((request) => request.id === id)!;
    expect(waiting).toMatchObject({ order_number: null, can_pay: true });
    // In rupees, by wallet, for the amount in PKR the request shows.
    const paid = await pay(id, who.buyer, { ...paymentBody('jazzcash', Number(waiting.amount_pkr)), orderDetails: undefined });
    expect(paid.statusCode).toBe(201);
    expect((await requests(who.buyer)).find((request) => request.id === id)).toMatchObject({ order_number: paid.json().orderNumber, can_pay: false });
  });
});
