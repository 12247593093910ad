import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { storeCreditAccounts, storeCreditEntries } from '../db/schema/returns.ts';
import { failPayment } from '../orders/fail-payment.ts';
import type { ChargeRequest, ChargeResult, PaymentProvider } from '../payment/providers/payment-provider.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, TEST_CARD, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { pdfText } from '../test/pdf-text.ts';
import type { CreditOwner } from './store-credit-ledger.ts';
import { moveCredit } from './store-credit-ledger.ts';
import { creditBalance, refundToStoreCredit } from './store-credit-payer.ts';

/** What reached the gateways; a card ending 0002 is declined. */
const charged: ChargeRequest[] = [];
const recording = <M extends 'credit_card' | 'jazzcash'>(method: M): PaymentProvider<M> => ({
  method,
  charge: async (request): Promise<ChargeResult> => {
    charged.push(request as unknown as ChargeRequest);
    const declined = (request.data as { cardNumber?: string } | undefined)?.cardNumber?.endsWith('0002');
    return declined
      ? { status: 'failed', reference: '', message: 'Payment declined: your card was declined.', reason: 'card_declined' }
      : { status: 'succeeded', reference: `ref-${request.transactionId}`, message: '' };
  },
});

let t: CommerceTestApp;
let mayo: number;
let keys = 0;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17' }, providers: { credit_card: recording('credit_card'), jazzcash: recording('jazzcash') } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 1_000 },
  ]);
  mayo = products[0].id;
});
afterAll(() => t.close());
beforeEach(() => {
  charged.length = 0;
  t.charges.clear();
});

const db = () => t.database.db;
const grant = (owner: CreditOwner, cents: number) => db().transaction((tx) => moveCredit(tx, owner, cents, { kind: 'adjustment' }));
const balance = (owner: CreditOwner) => creditBalance(db(), owner);
const getCart = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/cart/', headers })).json();
/** 2 Mayo Scissors: 259.00 + 17% tax 44.03 + 75.00 shipping = 378.03 (PKR 105,281 at 278.50, in whole rupees). */
async function fillCart(headers: Record<string, string>) {
  await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: mayo, quantity: 2 } });
  return getCart(headers);
}
const pay = (headers: Record<string, string>, body: unknown) => t.app.inject({
  method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': `credit-${++keys}` }, payload: body as Record<string, unknown>,
});
const entriesOf = (orderId: string) => db().select({ kind: storeCreditEntries.kind, amountCents: storeCreditEntries.amountCents })
  .from(storeCreditEntries).where(eq(storeCreditEntries.orderId, orderId)).orderBy(asc(storeCreditEntries.id));
const orderRow = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0];
const paymentRow = async (orderId: string) => (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0];

describe('GET /api/profile/store-credit/', () => {
  it('answers 0.00 and no entries for a buyer without an account, and writes none', async () => {
    const { headers, user } = await createTestUser(db(), { email: 'nocredit@example.com' });
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/store-credit/', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ balance: '0.00', entries: [], organisation: null });
    expect(await db().select().from(storeCreditAccounts).where(eq(storeCreditAccounts.userId, user.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/store-credit/' })).statusCode).toBe(401);
  });

  it("answers the buyer's own entries newest first, with the order each names, and their organisation's beside them", async () => {
    const admin = await createBusinessBuyer(db(), { email: 'credit-admin@example.com', status: 'verified', hospitalName: 'Services Hospital' });
    const member = await addMember(db(), admin.organisation!.id, 'credit-member@example.com', 'buyer');
    await grant({ userId: member.user.id }, 2_500);
    await grant({ organisationId: admin.organisation!.id }, 10_000);
    const cart = await fillCart(member.headers);
    const paid = await pay(member.headers, paymentBody('credit_card', Number(cart.grand_total), { use_store_credit: true }));
    expect(paid.statusCode, paid.body).toBe(201);

    const res = await t.app.inject({ method: 'GET', url: '/api/profile/store-credit/', headers: member.headers });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      balance: '25.00',
      entries: [{ amount: '25.00', kind: 'adjustment', order_number: null, rma: null, credit_note: null }],
      organisation: {
        name: 'Services Hospital',
        balance: '0.00',
        entries: [
          { amount: '-100.00', kind: 'spent', order_number: paid.json().orderNumber, rma: null, credit_note: null },
          { amount: '100.00', kind: 'adjustment', order_number: null },
        ],
      },
    });
  });
});

describe('Paying with store credit', () => {
  it('takes part of a USD total from credit and charges the card the rest, with the card fee on the rest alone', async () => {
    const buyer = await createTestUser(db(), { email: 'part-usd@example.com' });
    await grant({ userId: buyer.user.id }, 10_000);
    const cart = await fillCart(buyer.headers);
    expect(cart.grand_total).toBe('378.03');
    expect(cart.store_credit).toEqual({ available: '100.00', applied: '100.00', rest: '278.03', rest_pkr: '77431.00' });

    const res = await pay(buyer.headers, paymentBody('credit_card', 378.03, { use_store_credit: true }));
    expect(res.statusCode, res.body).toBe(201);
    // 278.03 + 2.5% (6.95) = 284.98 to the card.
    expect(res.json()).toMatchObject({ paymentMethod: 'credit_card', amount: 278.03, fee: 6.95, totalCharged: 284.98, currency: 'USD' });
    expect(charged.map((request) => [request.amountMinor, request.currency])).toEqual([[28_498, 'USD']]);
    const { orderId } = res.json();
    expect(await orderRow(orderId)).toMatchObject({
      status: 'confirmed', paymentStatus: 'paid', storeCreditCents: 10_000, feeCents: 695, totalCents: 37_803 + 695, totalChargedMinor: 28_498,
    });
    expect(await paymentRow(orderId)).toMatchObject({ method: 'credit_card', amountMinor: 27_803, feeMinor: 695, status: 'succeeded' });
    expect(await entriesOf(orderId)).toEqual([{ kind: 'spent', amountCents: -10_000 }]);
    expect(await balance({ userId: buyer.user.id })).toBe(0);
    const tracked = await t.app.inject({ method: 'GET', url: `/api/orders/track/${res.json().orderNumber}`, headers: buyer.headers });
    expect(tracked.json().order).toMatchObject({ storeCredit: '100.00', paymentMethod: 'credit_card' });
    // The invoice adds up: the total, less the credit, is what the card was charged.
    const invoice = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers: buyer.headers });
    const text = await pdfText(invoice.rawPayload);
    for (const line of ['Total (USD) $384.98', 'Paid with store credit -$100.00', 'Charged (USD) $284.98']) expect(text).toContain(line);
    expect(text).toContain('Payment method: Credit or debit card');
  });

  it('takes part of a PKR total and charges the wallet the rest converted at the order rate, in whole rupees', async () => {
    const buyer = await createTestUser(db(), { email: 'part-pkr@example.com' });
    await grant({ userId: buyer.user.id }, 5_000);
    const cart = await fillCart(buyer.headers);
    expect(cart.grand_total_pkr).toBe('105281.00');
    // 328.03 left, at 278.50: 91,356.355 → PKR 91,356.
    expect(cart.store_credit).toMatchObject({ applied: '50.00', rest: '328.03', rest_pkr: '91356.00' });
    const res = await pay(buyer.headers, paymentBody('jazzcash', 105_281, { use_store_credit: true }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ paymentMethod: 'jazzcash', amount: 91_356, fee: 0, totalCharged: 91_356, currency: 'PKR' });
    expect(charged.map((request) => [request.amountMinor, request.currency])).toEqual([[9_135_600, 'PKR']]);
    expect(await orderRow(res.json().orderId)).toMatchObject({ storeCreditCents: 5_000, totalCents: 37_803, totalChargedMinor: 9_135_600 });
  });

  it('asks no gateway when credit covers the whole total: the order is paid by store credit', async () => {
    const buyer = await createTestUser(db(), { email: 'all-credit@example.com' });
    await grant({ userId: buyer.user.id }, 50_000);
    const cart = await fillCart(buyer.headers);
    expect(cart.store_credit).toEqual({ available: '500.00', applied: '378.03', rest: '0.00', rest_pkr: '0.00' });
    const res = await pay(buyer.headers, paymentBody('credit_card', 378.03, { use_store_credit: true }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ paymentMethod: 'store_credit', amount: 0, fee: 0, totalCharged: 0 });
    expect(charged).toEqual([]);
    expect(t.charges.size).toBe(0);
    const { orderId } = res.json();
    expect(await orderRow(orderId)).toMatchObject({
      status: 'confirmed', paymentStatus: 'paid', storeCreditCents: 37_803, feeCents: 0, totalCents: 37_803, totalChargedMinor: 0,
    });
    // Nothing of the typed card is kept for a payment that never used it.
    expect(await paymentRow(orderId)).toMatchObject({ method: 'store_credit', amountMinor: 0, status: 'succeeded', cardLast4: null });
    expect(await balance({ userId: buyer.user.id })).toBe(50_000 - 37_803);
    expect((await getCart(buyer.headers)).items).toEqual([]);
  });

  it('leaves credit alone without use_store_credit, and refuses a use_store_credit that is not true or false, writing nothing', async () => {
    const buyer = await createTestUser(db(), { email: 'no-use@example.com' });
    await grant({ userId: buyer.user.id }, 1_000);
    await fillCart(buyer.headers);
    const before = (await db().select({ n: count() }).from(orders))[0].n;
    const bad = await pay(buyer.headers, paymentBody('credit_card', 378.03, { use_store_credit: 'yes' as unknown as boolean }));
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors).toEqual({ use_store_credit: ['Enter true or false.'] });
    expect((await db().select({ n: count() }).from(orders))[0].n).toBe(before);
    const res = await pay(buyer.headers, paymentBody('credit_card', 378.03));
    expect(res.statusCode, res.body).toBe(201);
    expect(await orderRow(res.json().orderId)).toMatchObject({ storeCreditCents: 0 });
    expect(charged.map((request) => request.amountMinor)).toEqual([37_803 + 945]);
    expect(await balance({ userId: buyer.user.id })).toBe(1_000);
  });

  it('lets two members spending their organisation\'s credit at once take it one after the other, never below zero', async () => {
    const admin = await createBusinessBuyer(db(), { email: 'race-admin@example.com', status: 'verified' });
    const organisation = { organisationId: admin.organisation!.id };
    const first = await addMember(db(), admin.organisation!.id, 'race-1@example.com', 'buyer');
    const second = await addMember(db(), admin.organisation!.id, 'race-2@example.com', 'buyer');
    await grant(organisation, 50_000);
    await fillCart(first.headers);
    await fillCart(second.headers);
    const answers = await Promise.all([first, second].map((member) => pay(member.headers, paymentBody('credit_card', 378.03, { use_store_credit: true }))));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const used = (await Promise.all(answers.map(async (answer) => (await orderRow(answer.json().orderId)).storeCreditCents))).sort((a, b) => a - b);
    // One takes 378.03, the other the 121.97 left, and pays the rest by card.
    expect(used).toEqual([50_000 - 37_803, 37_803]);
    expect(await balance(organisation)).toBe(0);
    expect(charged.map((request) => request.amountMinor)).toEqual([37_803 - 12_197 + 640]);
  });
});

describe('Credit given back when the order is released', () => {
  it('gives the credit back once when the card declines the rest', async () => {
    const buyer = await createTestUser(db(), { email: 'declined@example.com' });
    await grant({ userId: buyer.user.id }, 10_000);
    await fillCart(buyer.headers);
    const res = await pay(buyer.headers, paymentBody('credit_card', 378.03, {
      use_store_credit: true, paymentData: { ...TEST_CARD, cardNumber: '4000 0000 0000 0002' },
    }));
    expect(res.statusCode, res.body).toBe(402);
    const [order] = await db().select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect(order).toMatchObject({ status: 'cancelled', storeCreditCents: 10_000 });
    expect(await entriesOf(order.id)).toEqual([{ kind: 'spent', amountCents: -10_000 }, { kind: 'released', amountCents: 10_000 }]);
    expect(await balance({ userId: buyer.user.id })).toBe(10_000);
    // The gateway's notification of the same failure releases nothing more.
    expect(await failPayment({ ...t, db: db(), publicUrl: '', log: t.app.log }, res.json().transactionId, { reason: 'declined' })).toBe(false);
    expect(await entriesOf(order.id)).toHaveLength(2);
    expect(await balance({ userId: buyer.user.id })).toBe(10_000);
  });

  it('gives the credit back once when the buyer cancels the paid order, refunding the card part', async () => {
    const buyer = await createTestUser(db(), { email: 'cancels@example.com' });
    await grant({ userId: buyer.user.id }, 10_000);
    await fillCart(buyer.headers);
    const paid = await pay(buyer.headers, paymentBody('credit_card', 378.03, { use_store_credit: true }));
    expect(paid.statusCode, paid.body).toBe(201);
    const { orderId } = paid.json();
    const cancel = () => t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel/`, headers: buyer.headers });
    const cancelled = await cancel();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await entriesOf(orderId)).toEqual([{ kind: 'spent', amountCents: -10_000 }, { kind: 'released', amountCents: 10_000 }]);
    expect(await balance({ userId: buyer.user.id })).toBe(10_000);
    expect((await cancel()).statusCode).toBe(409);
    expect(await entriesOf(orderId)).toHaveLength(2);
    expect(await balance({ userId: buyer.user.id })).toBe(10_000);
  });

  it('credits a return of the credit part to the account that paid the order', async () => {
    const buyer = await createTestUser(db(), { email: 'refund-credit@example.com' });
    await grant({ userId: buyer.user.id }, 10_000);
    await fillCart(buyer.headers);
    const paid = await pay(buyer.headers, paymentBody('credit_card', 378.03, { use_store_credit: true }));
    const { orderId } = paid.json();
    const moved = await db().transaction((tx) => refundToStoreCredit(tx, orderId, 4_000, {}));
    expect(moved).toMatchObject({ balanceCents: 4_000, entry: { kind: 'return', amountCents: 4_000, orderId } });
    await expect(db().transaction((tx) => refundToStoreCredit(tx, orderId, 0, {}))).rejects.toThrow(RangeError);
  });
});
