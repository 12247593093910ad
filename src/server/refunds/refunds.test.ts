import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { convertUsdCents, decimalToCents } from '#contracts/money';
import type { Order } from '#contracts/orders';
import { MANUAL_REFERENCE_REQUIRED, type RefundView } from '#contracts/refunds';
import type { StaffRole } from '#contracts/staff-roles';
import { auditLog } from '../db/schema/audit.ts';
import { payments } from '../db/schema/payments.ts';
import { refunds } from '../db/schema/refunds.ts';
import type { RefundOutcome, RefundRequest } from '../payment/gateways/gateway.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { buyByCard, buyWith } from '../test/paid-order-fixture.ts';

let t: CommerceTestApp;
let kelly: number;
let buyer: Awaited<ReturnType<typeof createTestUser>>;
const staff = {} as Record<StaffRole, Record<string, string>>;
/** What the gateway is asked, and what it answers next. */
const asked: { method: string; request: RefundRequest }[] = [];
let answer: RefundOutcome;
let key = 0;

beforeAll(async () => {
  t = await createCommerceTestApp({
    refundThroughGateway: async (method, request) => {
      asked.push({ method, request });
      return answer;
    },
  });
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 10_000, stock: 100 },
  ]);
  kelly = products[0].id;
  buyer = await createTestUser(db, { email: 'buyer@example.com' });
  for (const role of ['owner', 'sales', 'fulfilment', 'support', 'catalogue'] as const) {
    staff[role] = (await createTestUser(db, { email: `${role}@staff.example`, staffRole: role })).headers;
  }
});
afterAll(() => t.close());
beforeEach(() => {
  asked.length = 0;
  answer = { status: 'succeeded', gatewayReference: 'rf_1' };
  t.mailer.sent.length = 0;
});

const refund = (orderId: string, body: Record<string, unknown>, headers = staff.owner, idempotencyKey = `refund-${++key}`) =>
  t.app.inject({ method: 'POST', url: `/api/staff/orders/${orderId}/refunds/`, headers: { ...headers, 'idempotency-key': idempotencyKey }, payload: body });
const created = (response: { statusCode: number; body: string; json: <T>() => T }) => {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ refund: RefundView; order: Order }>();
};
const refundRows = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const auditRows = (orderId: string) => t.database.db.select().from(auditLog)
  .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.refund')));
const buyKelly = () => buyByCard(t, buyer.headers, [{ productId: kelly, quantity: 2 }]);

describe('refunding part of a paid order', () => {
  it('gives back several parts up to what was captured, and refuses one more cent with nothing written', async () => {
    const { orderId } = await buyKelly();
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const captured = payment.amountMinor + payment.feeMinor;
    const first = created(await refund(orderId, { amount: '40.5', reason: 'One hemostat arrived bent' }));
    expect(first.refund).toMatchObject({ amount: '40.50', currency: 'USD', status: 'succeeded', reason: 'One hemostat arrived bent' });
    expect(first.order).toMatchObject({ paymentStatus: 'paid', refundable: ((captured - 4050) / 100).toFixed(2) });
    expect(first.order.breakdown.refunded).toBe('40.50');
    expect(asked).toEqual([{ method: 'credit_card', request: expect.objectContaining({
      reference: payment.transactionId, refundReference: first.refund.id, amountMinor: 4050, currency: 'USD', reason: 'One hemostat arrived bent',
    }) }]);

    const rest = created(await refund(orderId, { amount: first.order.refundable, reason: 'Order returned' }));
    expect(rest.order).toMatchObject({ paymentStatus: 'refunded', refundable: '0.00' });
    expect(rest.order.breakdown.refunded).toBe((captured / 100).toFixed(2));
    expect(rest.order.refunds.map((row) => row.amount)).toEqual(['40.50', ((captured - 4050) / 100).toFixed(2)]);

    const over = await refund(orderId, { amount: '0.01', reason: 'One more' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'REFUND_EXCEEDS_CAPTURED', refundable: '0.00' });
    expect(await refundRows(orderId)).toHaveLength(2);
    expect(await auditRows(orderId)).toHaveLength(2);
  });

  it('refuses more than was captured on the first refund, writing nothing and asking no gateway', async () => {
    const { orderId, orderNumber } = await buyKelly();
    t.mailer.sent.length = 0;
    const { order } = (await t.app.inject({ method: 'GET', url: `/api/orders/track/${orderNumber}`, headers: staff.owner })).json<{ order: Order }>();
    const tooMuch = (decimalToCents(order.refundable) + 1) / 100;
    const response = await refund(orderId, { amount: tooMuch.toFixed(2), reason: 'Everything and a cent' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'REFUND_EXCEEDS_CAPTURED', refundable: order.refundable, detail: `Only $${order.refundable} is left to refund on this order.`,
    });
    expect(asked).toEqual([]);
    expect(await refundRows(orderId)).toEqual([]);
    expect(await auditRows(orderId)).toEqual([]);
    expect(t.mailer.sent).toEqual([]);
  });

  it('never lets refunds asked at the same time exceed the captured amount', async () => {
    const { orderId } = await buyKelly();
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const over = ((payment.amountMinor + payment.feeMinor) * 0.6 / 100).toFixed(2);
    const answers = await Promise.all([1, 2, 3].map(() => refund(orderId, { amount: over, reason: 'Twice at once' })));
    expect(answers.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await refundRows(orderId)).toHaveLength(1);
  });

  it('answers a repeated Idempotency-Key with the first refund, once, and refuses the key for another refund', async () => {
    const { orderId } = await buyKelly();
    const first = created(await refund(orderId, { amount: '10.00', reason: 'Late delivery' }, staff.sales, 'same-key'));
    const again = created(await refund(orderId, { amount: '10.00', reason: 'Late delivery' }, staff.sales, 'same-key'));
    expect(again.refund).toEqual(first.refund);
    expect(again.order.breakdown.refunded).toBe('10.00');
    expect(asked).toHaveLength(1);
    expect(await refundRows(orderId)).toHaveLength(1);
    expect(t.mailer.sent.filter((mail) => mail.subject.includes('Refund'))).toHaveLength(1);
    const other = await refund(orderId, { amount: '11.00', reason: 'Late delivery' }, staff.sales, 'same-key');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The key is the staff member's: another may use the same one.
    created(await refund(orderId, { amount: '10.00', reason: 'Late delivery' }, staff.owner, 'same-key'));
    expect(await refundRows(orderId)).toHaveLength(2);
  });

  it('is for the owner and sales: fulfilment, support, catalogue and buyers get 403, the signed out 401', async () => {
    const { orderId } = await buyKelly();
    created(await refund(orderId, { amount: '1.00', reason: 'Goodwill' }, staff.owner));
    created(await refund(orderId, { amount: '1.00', reason: 'Goodwill' }, staff.sales));
    for (const headers of [staff.fulfilment, staff.support, staff.catalogue, buyer.headers]) {
      const response = await refund(orderId, { amount: '1.00', reason: 'Goodwill' }, headers);
      expect(response.statusCode).toBe(403);
    }
    expect((await refund(orderId, { amount: '1.00', reason: 'Goodwill' }, {})).statusCode).toBe(401);
    expect(await refundRows(orderId)).toHaveLength(2);
  });

  it('lets sales open the staff order list that holds the refund form, and catalogue not', async () => {
    const list = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/staff/orders/', headers });
    expect((await list(staff.sales)).json().count).toBeGreaterThan(0);
    expect((await list(staff.catalogue)).statusCode).toBe(403);
  });

  it('records who refunded what in the audit trail', async () => {
    const { orderId } = await buyKelly();
    const { refund: made } = created(await refund(orderId, { amount: '12.50', reason: 'Scratched box' }, staff.sales));
    const [entry] = await auditRows(orderId);
    expect(entry).toMatchObject({ actorEmail: 'sales@staff.example', entity: 'order', entityId: orderId });
    expect(entry.after).toMatchObject({ id: made.id, amountMinor: 1250, amountUsdCents: 1250, status: 'succeeded', reason: 'Scratched box', gatewayReference: 'rf_1' });
  });

  it('answers bad input with a message per field and writes nothing', async () => {
    const { orderId } = await buyKelly();
    const response = await refund(orderId, { amount: '12.505', reason: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      amount: ['Enter an amount in US dollars, e.g. 12.50.'], reason: ['Say why the money is given back.'],
    });
    expect((await refund(orderId, { amount: '0', reason: 'Nothing' })).json().errors).toEqual({ amount: ['Enter an amount above 0.'] });
    const keyless = await t.app.inject({ method: 'POST', url: `/api/staff/orders/${orderId}/refunds/`, headers: staff.owner, payload: { amount: '1.00', reason: 'No key' } });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().errors).toEqual({ 'Idempotency-Key': ['This header is required.'] });
    expect(await refundRows(orderId)).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('refuses an order with no captured payment', async () => {
    const { orderId } = await buyKelly();
    await t.database.db.update(payments).set({ status: 'failed' }).where(eq(payments.orderId, orderId));
    const response = await refund(orderId, { amount: '1.00', reason: 'Nothing was taken' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('NOT_REFUNDABLE');
    expect(await refundRows(orderId)).toEqual([]);
  });
});

describe('what the gateway answers', () => {
  it('asks for the transfer reference when the gateway cannot refund, then keeps the refund as manual with it', async () => {
    answer = { status: 'manual' };
    const { orderId } = await buyKelly();
    t.mailer.sent.length = 0;
    const missing = await refund(orderId, { amount: '20.00', reason: 'Wrong size' }, staff.owner, 'manual-key');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ reference: [MANUAL_REFERENCE_REQUIRED] });
    expect(await refundRows(orderId)).toEqual([]);
    expect(await auditRows(orderId)).toEqual([]);
    expect(t.mailer.sent).toEqual([]);
    const given = created(await refund(orderId, { amount: '20.00', reason: 'Wrong size', reference: 'IBFT-99812' }, staff.owner, 'manual-key'));
    expect(given.refund.status).toBe('manual');
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ status: 'manual', manualReference: 'IBFT-99812', amountMinor: 2000 })]);
  });

  it('keeps a refund the gateway refused as failed, counting for nothing, and answers its key with the refusal', async () => {
    answer = { status: 'failed', reason: 'card account closed' };
    const { orderId } = await buyKelly();
    const refused = await refund(orderId, { amount: '5.00', reason: 'Goodwill' }, staff.owner, 'failing-key');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REFUND_FAILED', detail: 'The gateway refused the refund: card account closed.' });
    expect(await refundRows(orderId)).toEqual([expect.objectContaining({ status: 'failed', failureMessage: 'card account closed' })]);
    const again = await refund(orderId, { amount: '5.00', reason: 'Goodwill' }, staff.owner, 'failing-key');
    expect(again.json().code).toBe('REFUND_FAILED');
    expect(asked).toHaveLength(1);
    answer = { status: 'pending', gatewayReference: 'rf_later' };
    const { order } = created(await refund(orderId, { amount: '5.00', reason: 'Goodwill' }));
    expect(order.breakdown.refunded).toBe('5.00');
    expect(order.refunds.map((row) => row.status)).toEqual(['failed', 'pending']);
  });
});

describe('an order charged in rupees', () => {
  it('is refunded in rupees at the order’s stored rate, its dollars kept for the breakdown', async () => {
    const { orderId } = await buyWith(t, buyer.headers, [{ productId: kelly, quantity: 1 }], 'jazzcash');
    const made = created(await refund(orderId, { amount: '10.01', reason: 'Partial return' }));
    expect(made.refund).toMatchObject({ currency: 'PKR', amount: (convertUsdCents(1001, '278.50') / 100).toFixed(2) });
    expect(made.refund.amount).toBe('2787.79');
    expect(made.order.breakdown.refunded).toBe('10.01');
    expect(asked[0]).toMatchObject({ method: 'jazzcash', request: { amountMinor: 278_779, currency: 'PKR' } });
    // The rest, as shown, takes every paisa left whatever the rounding.
    const rest = created(await refund(orderId, { amount: made.order.refundable, reason: 'Rest returned' }));
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment.status).toBe('refunded');
    const rows = await refundRows(orderId);
    expect(rows.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(payment.amountMinor + payment.feeMinor);
    expect(rest.order.refundable).toBe('0.00');
  });
});

describe('the buyer', () => {
  it('sees the refunds and what they gave back on the order, and is mailed each one', async () => {
    const { orderId, orderNumber } = await buyKelly();
    const made = created(await refund(orderId, { amount: '15.00', reason: 'Damaged in transit' }));
    const { order } = (await t.app.inject({ method: 'GET', url: `/api/orders/track/${orderNumber}`, headers: buyer.headers })).json<{ order: Order }>();
    expect(order.refunds).toEqual([made.refund]);
    expect(order.breakdown.refunded).toBe('15.00');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/orders/', headers: buyer.headers })).json<{ orders: Order[] }>();
    expect(listed.orders.find((row) => row.id === orderId)?.refunds).toEqual([made.refund]);
    const mail = t.mailer.lastTo('dr.ayesha@example.com');
    expect(mail?.subject).toBe(`Sialkot Surgical: Refund for order ${orderNumber}`);
    expect(mail?.text).toContain('We have refunded $15.00 for your order');
    expect(mail?.text).toContain('Reason: Damaged in transit');
  });
});

describe('cancelling a paid order', () => {
  it('refunds what is left through the gateway, after the refunds already made', async () => {
    const { orderId } = await buyKelly();
    created(await refund(orderId, { amount: '30.00', reason: 'Price match' }));
    asked.length = 0;
    answer = { status: 'succeeded', gatewayReference: 'rf_cancel' };
    const response = await t.app.inject({ method: 'POST', url: `/api/staff/orders/${orderId}/cancel/`, headers: staff.owner, payload: { reason: 'Out of stock at the maker' } });
    const { order } = response.json<{ order: Order }>();
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const left = payment.amountMinor + payment.feeMinor - 3000;
    expect(asked).toEqual([{ method: 'credit_card', request: expect.objectContaining({ amountMinor: left, reason: 'Out of stock at the maker' }) }]);
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundable: '0.00' });
    expect(order.refunds.map((row) => [row.amount, row.status])).toEqual([['30.00', 'succeeded'], [(left / 100).toFixed(2), 'succeeded']]);
    expect(payment.status).toBe('refunded');
  });
});
