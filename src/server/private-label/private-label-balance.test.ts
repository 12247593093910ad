import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { processingFee } from '#contracts/payment';
import { products } from '../db/schema/catalog.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { refunds } from '../db/schema/refunds.ts';
import type { RefundRequest } from '../payment/gateways/gateway.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, TEST_CARD, TEST_WALLET, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { multipart } from '../test/multipart-body.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';

type Headers = Record<string, string>;

let t: CommerceTestApp;
let kelly: number;
let buyer: Headers;
let finance: Headers;
let other: Headers;
let onTerms: Headers;
let staff: Headers;
let keys = 0;
const refundsAsked: RefundRequest[] = [];

// 500 × 12.00 = 6,000.00, 17% tax 1,020.00, free shipping: 7,020.00. A 30% deposit is 2,106.00; the balance 4,914.00.
const TOTAL = 702_000;
const DEPOSIT = 210_600;
const BALANCE = 491_400;

beforeAll(async () => {
  t = await createCommerceTestApp({
    env: { TAX_RATE: '17' },
    refundThroughGateway: async (_method, request) => {
      refundsAsked.push(request);
      return { status: 'succeeded', gatewayReference: `rf_${refundsAsked.length}` };
    },
  });
  const { db } = t.database;
  const { products: made } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 100_000 },
  ]);
  kelly = made[0].variantId;
  await db.update(products).set({ privateLabelMoq: 100 }).where(eq(products.id, made[0].id));
  const acme = await createBusinessBuyer(db, { email: 'imran@acme.example', hospitalName: 'Acme Medical', status: 'verified' });
  buyer = acme.headers;
  finance = (await addMember(db, acme.organisation!.id, 'omar@acme.example', 'finance')).headers;
  other = (await createBusinessBuyer(db, { email: 'lee@other.example', hospitalName: 'Other Distributor', status: 'verified' })).headers;
  onTerms = (await createBusinessBuyer(db, {
    email: 'net30@clinic.example', hospitalName: 'Terms Clinic', status: 'verified', paymentTerms: 'net30', creditLimitCents: 10_000_000,
  })).headers;
  staff = (await createTestUser(db, { email: 'owner@sialkotsurgical.example', staffRole: 'owner' })).headers;
});
afterAll(() => t.close());
beforeEach(() => {
  refundsAsked.length = 0;
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object, key?: string) =>
  t.app.inject({ method, url, headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const view = async (id: number, headers = buyer) => (await inject('GET', `/api/private-label/requests/${id}`, headers)).json().request;
const move = (id: number, status: string) => inject('POST', `/api/staff/private-label/requests/${id}/production/`, staff, { status });
const card = (cents: number, overrides: object = {}) => ({ paymentMethod: 'credit_card', currency: 'USD', amount: cents / 100, paymentData: TEST_CARD, ...overrides });
const payBalance = (id: number, payload: object, headers = buyer, key = `balance-${++keys}`) =>
  inject('POST', `/api/private-label/requests/${id}/balance/`, headers, payload, key);
const paymentCount = async (orderId: string) => (await t.database.db.select({ n: count() }).from(payments).where(eq(payments.orderId, orderId)))[0].n;

/** A request quoted at 12.00 a unit with a 30% deposit and a proof sent, for `headers`' organisation. */
async function proofSent(headers = buyer): Promise<number> {
  const created = await inject('POST', '/api/private-label/requests/', headers, {
    items: [{ variant_id: kelly, quantity: 500 }], marking: 'laser_etch', placement: 'Left shank', manufacturer_notice: true,
  });
  const { id, items } = created.json().request;
  await inject('PUT', `/api/staff/private-label/requests/${id}/quote/`, staff, {
    items: [{ id: items[0].id, unit_price: '12.00' }], lead_time_days: 30, deposit_percent: 30,
  });
  const form = multipart([{ name: 'file', value: Buffer.from('%PDF-1.4\n%proof\n'), filename: 'proof.pdf' }]);
  await t.app.inject({ method: 'POST', url: `/api/staff/private-label/requests/${id}/proofs/`, headers: { ...staff, 'content-type': form.contentType }, payload: form.payload });
  return id;
}

const approve = (id: number, payload: object, headers = buyer) =>
  inject('POST', `/api/private-label/requests/${id}/approve/`, headers, { ...payload, orderDetails: paymentBody('credit_card', 0).orderDetails }, `approve-${++keys}`);

/** Approved with a card deposit and moved to ready to ship: its id and order. */
async function readyToShip(): Promise<{ id: number; orderId: string }> {
  const id = await proofSent();
  const approved = await approve(id, card(DEPOSIT));
  expect(approved.statusCode).toBe(201);
  for (const step of ['in_production', 'quality_check', 'ready_to_ship']) expect((await move(id, step)).statusCode).toBe(200);
  return { id, orderId: approved.json().orderId };
}

const ship = async (orderId: string) => {
  const lines = await t.database.db.select({ id: orderItems.id, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId));
  return inject('POST', `/api/staff/orders/${orderId}/shipments/`, staff, {
    items: lines.map((line) => ({ order_item_id: line.id, quantity: line.quantity })), carrier: 'other', carrier_name: 'Daewoo Express', tracking_number: 'DX-1',
  });
};

describe('the deposit on approval', () => {
  it('charges a gateway only the deposit, and the order and the request say what is paid and what is due', async () => {
    const id = await proofSent();
    expect((await view(id))).toMatchObject({ deposit_amount: '2106.00', totals: { grand_total: '7020.00' }, payment: null });
    expect((await approve(id, card(TOTAL))).json()).toMatchObject({ code: 'AMOUNT_MISMATCH', amount: DEPOSIT / 100 });
    const paid = await approve(id, card(DEPOSIT));
    expect(paid.statusCode).toBe(201);
    const fee = processingFee('credit_card', DEPOSIT);
    expect(paid.json()).toMatchObject({ amount: DEPOSIT / 100, fee: fee / 100, totalCharged: (DEPOSIT + fee) / 100 });
    expect(t.charges.get(paid.json().transactionId)).toBe(1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, paid.json().orderId));
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', balanceDueMinor: BALANCE, totalChargedMinor: DEPOSIT + fee });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ covers: 'deposit', amountMinor: DEPOSIT, feeMinor: fee, status: 'succeeded' });
    expect((await view(id))).toMatchObject({ status: 'approved', payment: { currency: 'USD', paid: '2106.00', balance_due: '4914.00', on_terms: false } });
    expect(t.mailer.lastTo('imran@acme.example')!.text).toContain('Your deposit of $2,106.00 is paid. The balance of $4,914.00 is due');
  });

  it('puts the whole total on the invoice for an organisation on terms: nothing due through a gateway', async () => {
    const id = await proofSent(onTerms);
    const placed = await approve(id, { paymentMethod: 'invoice', currency: 'USD', amount: TOTAL / 100 }, onTerms);
    expect(placed.statusCode).toBe(201);
    expect(t.charges.get(placed.json().transactionId)).toBeUndefined();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed.json().orderId));
    expect(order).toMatchObject({ paymentStatus: 'awaiting_payment', balanceDueMinor: 0, totalCents: TOTAL });
    expect((await view(id, onTerms)).payment).toEqual({ currency: 'USD', paid: '0.00', balance_due: '0.00', on_terms: true });
    for (const step of ['in_production', 'quality_check', 'ready_to_ship']) await move(id, step);
    expect((await ship(order.id)).statusCode).toBe(201);
  });
});

describe('the balance before shipping', () => {
  it('refuses to ship while the balance is due, mails the buyer at ready to ship, and ships once it is paid', async () => {
    const id = await proofSent();
    const { orderId } = await approve(id, card(DEPOSIT)).then((res) => res.json() as { orderId: string });
    expect((await payBalance(id, card(BALANCE))).json()).toMatchObject({ code: 'ILLEGAL_TRANSITION' });
    for (const step of ['in_production', 'quality_check', 'ready_to_ship']) await move(id, step);
    expect(t.mailer.lastTo('imran@acme.example')!.text).toContain('The balance of $4,914.00 is due before it ships');
    const refused = await ship(orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BALANCE_DUE', detail: 'The balance of this order is unpaid: it ships once the buyer has paid it.' });

    const key = 'balance-once';
    const paid = await payBalance(id, card(BALANCE), buyer, key);
    expect(paid.statusCode).toBe(201);
    const fee = processingFee('credit_card', BALANCE);
    expect(paid.json()).toMatchObject({ success: true, amount: BALANCE / 100, fee: fee / 100 });
    // The same key answers again without a second charge.
    const again = await payBalance(id, card(BALANCE), buyer, key);
    expect(again.json().transactionId).toBe(paid.json().transactionId);
    expect(t.charges.get(paid.json().transactionId)).toBe(1);
    expect((await payBalance(id, card(BALANCE))).json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', detail: 'Nothing is left to pay on this order.' });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.balanceDueMinor).toBe(0);
    expect(order.totalChargedMinor).toBe(TOTAL + processingFee('credit_card', DEPOSIT) + fee);
    expect((await view(id)).payment).toEqual({ currency: 'USD', paid: '7020.00', balance_due: '0.00', on_terms: false });
    expect((await ship(orderId)).statusCode).toBe(201);
    expect((await view(id)).status).toBe('shipped');
  });

  it('charges once for two payments sent at once', async () => {
    const { id, orderId } = await readyToShip();
    const [a, b] = await Promise.all([payBalance(id, card(BALANCE)), payBalance(id, card(BALANCE))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const balances = await t.database.db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.covers, 'balance')));
    expect(balances.map((p) => p.status)).toEqual(['succeeded']);
    expect(t.charges.get(balances[0].transactionId)).toBe(1);
  });

  it('refuses bad input with 400s and other buyers with 403/404, writing nothing', async () => {
    const { id, orderId } = await readyToShip();
    const before = await paymentCount(orderId);
    const invoice = await payBalance(id, { paymentMethod: 'invoice', currency: 'USD', amount: BALANCE / 100 });
    expect(invoice.statusCode).toBe(400);
    expect(invoice.json().errors.paymentMethod).toEqual(['Pay the balance by card, JazzCash, Easypaisa or HBL Pay.']);
    const credit = await payBalance(id, card(BALANCE, { use_store_credit: true }));
    expect(credit.json().errors.use_store_credit).toEqual(['Store credit does not pay a balance.']);
    const rupees = await payBalance(id, { paymentMethod: 'jazzcash', currency: 'PKR', amount: 1_000, paymentData: TEST_WALLET });
    expect(rupees.statusCode).toBe(400);
    expect(rupees.json().errors.currency).toEqual(['Pay the balance in USD, as the deposit was paid.']);
    expect((await payBalance(id, card(BALANCE, { paymentData: { ...TEST_CARD, cvv: 'x' } }))).statusCode).toBe(400);
    expect((await payBalance(id, card(BALANCE), buyer, '')).statusCode).toBe(400);
    expect((await payBalance(id, card(BALANCE - 1))).json()).toMatchObject({ code: 'AMOUNT_MISMATCH', amount: BALANCE / 100 });
    expect((await payBalance(id, card(BALANCE), finance)).statusCode).toBe(403);
    expect((await payBalance(id, card(BALANCE), other)).statusCode).toBe(404);
    expect(await paymentCount(orderId)).toBe(before);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0].balanceDueMinor).toBe(BALANCE);
  });
});

describe('refunds of an order paid in parts', () => {
  const captured = (cents: number) => cents + processingFee('credit_card', cents);
  const refunded = async (orderId: string) =>
    (await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))).reduce((sum, row) => sum + row.amountMinor, 0);

  it('gives back the deposit alone when the order is cancelled before the balance', async () => {
    const { orderId } = await readyToShip();
    expect((await inject('POST', `/api/staff/orders/${orderId}/refunds/`, staff, { amount: '7020.00', reason: 'Too much' }, 'refund-too-much')).json())
      .toMatchObject({ code: 'REFUND_EXCEEDS_CAPTURED', refundable: (captured(DEPOSIT) / 100).toFixed(2) });
    expect((await inject('POST', `/api/staff/orders/${orderId}/cancel/`, staff, { reason: 'The maker cannot deliver' })).statusCode).toBe(200);
    expect(await refunded(orderId)).toBe(captured(DEPOSIT));
    expect(refundsAsked.map((r) => r.amountMinor)).toEqual([captured(DEPOSIT)]);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0].paymentStatus).toBe('refunded');
  });

  it('gives back deposit and balance, each from its own payment, never more than they took', async () => {
    const { id, orderId } = await readyToShip();
    expect((await payBalance(id, card(BALANCE))).statusCode).toBe(201);
    const part = await inject('POST', `/api/staff/orders/${orderId}/refunds/`, staff, { amount: '100.00', reason: 'Scratched' }, 'refund-part');
    expect(part.statusCode).toBe(201);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0].paymentStatus).toBe('paid');
    expect((await inject('POST', `/api/staff/orders/${orderId}/cancel/`, staff, { reason: 'Recalled' })).statusCode).toBe(200);
    expect(await refunded(orderId)).toBe(captured(DEPOSIT) + captured(BALANCE));
    expect(refundsAsked.map((r) => r.amountMinor)).toEqual([10_000, captured(BALANCE) - 10_000, captured(DEPOSIT)]);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0].paymentStatus).toBe('refunded');
    const more = await inject('POST', `/api/staff/orders/${orderId}/refunds/`, staff, { amount: '0.01', reason: 'More' }, 'refund-more');
    expect(more.json()).toMatchObject({ code: 'REFUND_EXCEEDS_CAPTURED' });
  });
});
