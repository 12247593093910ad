import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderList } from '#contracts/orders';
import type { PaymentMethod, ProcessPaymentBody } from '#contracts/payment';
import { paymentBody, TEST_CARD, TEST_WALLET, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { staffApp } from '../test/staff-app.ts';

let t: CommerceTestApp;
let buyer: Record<string, string>;
let staff: Record<string, string>;
let kelly: number;
let key = 0;

beforeAll(async () => {
  ({ t, kelly, buyer, staff: { owner: staff } } = await staffApp(['owner']));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload ? { payload } : {}) });

/** Puts one Kelly Hemostat in the cart and pays for it with `data`; answers the payment's status and body. */
async function buyOne(method: PaymentMethod, data: ProcessPaymentBody['paymentData']) {
  await call('POST', '/api/cart/add-item/', buyer, { product_id: kelly, quantity: 1 });
  const cart = (await call('GET', '/api/cart/', buyer)).json<{ grand_total: string; grand_total_pkr: string }>();
  const amount = Number(method === 'credit_card' ? cart.grand_total : cart.grand_total_pkr);
  const res = await call('POST', '/api/payment/process', buyer, paymentBody(method, amount, { paymentData: data } as Partial<ProcessPaymentBody>),
    { 'idempotency-key': `declined-orders-${++key}` });
  return { status: res.statusCode, body: res.json<{ orderNumber?: string; transactionId: string }>() };
}

const numbers = async (url: string, headers: Record<string, string>) => {
  const list = (await call('GET', url, headers)).json<OrderList>();
  return { count: list.count, numbers: list.orders.map((order) => order.orderNumber) };
};

describe("the buyer's order list", () => {
  it('leaves out orders whose payment was declined; staff still list them, and the buyer still reaches them by number', async () => {
    const wallet = await buyOne('jazzcash', { ...TEST_WALLET, pin: '0000' });
    expect(wallet.status).toBe(402);
    const card = await buyOne('credit_card', { ...TEST_CARD, cardNumber: '4000 0000 0000 0002' });
    expect(card.status).toBe(402);
    const paid = await buyOne('credit_card', TEST_CARD);
    expect(paid.status).toBe(201);
    const declined = await Promise.all([wallet, card].map(async ({ body }) =>
      (await call('GET', `/api/payment/verify/${body.transactionId}`, buyer)).json<{ orderNumber: string; status: string }>()));
    expect(declined.map((result) => result.status)).toEqual(['failed', 'failed']);

    expect(await numbers('/api/orders/', buyer)).toEqual({ count: 1, numbers: [paid.body.orderNumber] });
    expect(await numbers('/api/orders/?status=cancelled', buyer)).toEqual({ count: 0, numbers: [] });
    const staffList = await numbers('/api/staff/orders/?status=cancelled', staff);
    expect(staffList.numbers).toEqual(expect.arrayContaining(declined.map((result) => result.orderNumber)));
    const tracked = await call('GET', `/api/orders/track/${declined[0]!.orderNumber}`, buyer);
    expect(tracked.json()).toMatchObject({ order: { status: 'cancelled', paymentStatus: 'failed' } });
  });

  it('keeps an order the buyer cancelled', async () => {
    const buyerId = (await call('GET', '/api/auth/me/', buyer)).json<{ id: string }>().id;
    const order = await insertOrder(t.database.db, buyerId, [{ productId: kelly }]);
    expect((await call('POST', `/api/orders/${order.id}/cancel/`, buyer)).statusCode).toBe(200);
    expect((await numbers('/api/orders/?status=cancelled', buyer)).numbers).toEqual([order.orderNumber]);
  });
});
