import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireReservations } from '../checkout/reservation-sweeper.ts';
import { flashSales } from '../db/schema/catalog.ts';
import { orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { refunds } from '../db/schema/refunds.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { settleOrderSources } from '../order-sources.ts';
import { refundByHand } from '../refunds/refund-gateway.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue, insertFlashSale } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createDeferredCardProvider } from '../test/deferred-provider.ts';
import { confirmOrder } from './confirm-order.ts';

const gateway = createDeferredCardProvider();
const APPROVED = { status: 'succeeded', reference: 'ch_late', message: 'Card payment approved.' } as const;
let t: CommerceTestApp;
let ayesha: Record<string, string>;
let bilal: Record<string, string>;
let productId: number;
let variantId: number;
let onSale: { productId: number; variantId: number; saleId: number };

beforeAll(async () => {
  t = await createCommerceTestApp({ providers: { credit_card: gateway.provider }, refundThroughGateway: refundByHand });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 10 },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 2_400, stock: 10 },
  ]);
  productId = products[0].id;
  variantId = products[0].variantId;
  const sale = await insertFlashSale(t.database.db, products[1].variantId, {
    salePriceCents: 1_200, units: 4, startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000),
  });
  onSale = { productId: products[1].id, variantId: products[1].variantId, saleId: sale.id };
  ayesha = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
  bilal = (await createTestUser(t.database.db, { email: 'bilal@example.com' })).headers;
});
afterAll(() => t.close());

const deps = () => ({
  db: t.database.db, mailer: t.mailer, publicUrl: 'http://shop.test', log: pino({ level: 'silent' }), settleSource: settleOrderSources,
  refundThroughGateway: refundByHand,
});
/** A card payment for `quantity` units, held at the gateway: its transaction id, its order and the answer to come. */
async function payingFor(buyer: Record<string, string>, quantity: number, key: string, product = productId) {
  for (const item of (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer })).json().items) {
    await t.app.inject({ method: 'DELETE', url: `/api/cart/items/${item.id}/`, headers: buyer });
  }
  await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: product, quantity } });
  const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer })).json();
  const reached = gateway.next();
  const answer = t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...buyer, 'idempotency-key': key },
    payload: paymentBody('credit_card', Number(cart.grand_total)) as unknown as Record<string, unknown>,
  });
  const transactionId = await reached;
  const [{ orderId }] = await t.database.db.select().from(payments).where(eq(payments.transactionId, transactionId));
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return { transactionId, order, answer };
}
/** The sweeper's run once the order's reservation has run out. */
const sweepPast = async (order: typeof orders.$inferSelect) =>
  expect(await expireReservations(deps(), new Date(order.reservationExpiresAt!.getTime() + 1_000))).toBe(1);
const attempt = async (transactionId: string) => (await t.database.db.select().from(payments).where(eq(payments.transactionId, transactionId)))[0];
const orderRow = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0];
const eventsOf = async (orderId: string) =>
  (await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id)).map((event) => event.event);
const refundsOf = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const mailsAbout = async (orderNumber: string) => {
  await t.drainMail();
  return t.mailer.sent.filter((mail) => mail.subject.includes(orderNumber)).map((mail) => mail.subject);
};

describe('a payment that succeeds after its reservation expired', () => {
  it('confirms the order when its stock is still there, selling it once', async () => {
    const { transactionId, order, answer } = await payingFor(ayesha, 4, 'late-in-stock');
    await sweepPast(order);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 10, reservedStock: 0 });

    gateway.answer(transactionId, APPROVED);
    const paid = await answer;
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ success: true, transactionId, orderId: order.id });
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', reservationExpiresAt: null });
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 6, reservedStock: 0 });
    expect(await attempt(transactionId)).toMatchObject({ status: 'succeeded', providerReference: 'ch_late', failureMessage: null, refundDueAt: null });
    expect(await eventsOf(order.id)).toEqual(['placed', 'reservation_expired', 'payment_received']);
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await mailsAbout(order.orderNumber)).toEqual([expect.stringContaining(`Order ${order.orderNumber} confirmed`)]);
    expect((await t.app.inject({ method: 'GET', url: '/api/cart/', headers: ayesha })).json().items).toEqual([]);
  });

  it('refunds it in full and keeps the order cancelled when the stock was sold meanwhile', async () => {
    const { transactionId, order, answer } = await payingFor(ayesha, 4, 'late-sold-out');
    await sweepPast(order);
    const other = await payingFor(bilal, 4, 'bought-meanwhile');
    gateway.answer(other.transactionId, { status: 'succeeded', reference: 'ch_other', message: 'Card payment approved.' });
    expect((await other.answer).statusCode).toBe(201);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 2, reservedStock: 0 });

    gateway.answer(transactionId, APPROVED);
    const late = await answer;
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'RESERVATION_EXPIRED', transactionId });
    const charged = await attempt(transactionId);
    expect(charged).toMatchObject({ status: 'refunded', providerReference: 'ch_late' });
    expect(charged.refundDueAt).toBeInstanceOf(Date);
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({
      paymentId: charged.id, amountMinor: charged.amountMinor + charged.feeMinor, currency: 'USD', status: 'manual', manualReference: null,
    })]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await eventsOf(order.id)).toEqual(['placed', 'reservation_expired', 'refund_due']);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 2, reservedStock: 0 });
    const mails = await mailsAbout(order.orderNumber);
    expect(mails).toEqual([expect.stringContaining(`Order ${order.orderNumber} cancelled: your payment is being refunded`)]);
    const mail = t.mailer.sent.find((sent) => sent.subject === mails[0])!;
    expect(mail.text).toContain('arrived after the reservation of its items had run out');
  });

  it('is taken up once when the return, the notification and the gateway\'s answer all report it', async () => {
    const { currentStock } = await stockLevel(t.database.db, variantId);
    const again = await payingFor(ayesha, 1, 'twice-in-stock');
    await sweepPast(again.order);
    const taken = await Promise.all([confirmOrder(deps(), again.transactionId, {}), confirmOrder(deps(), again.transactionId, {})]);
    expect(taken.map((confirmation) => confirmation!.result).sort()).toEqual(['already_confirmed', 'reserved_again']);
    gateway.answer(again.transactionId, APPROVED);
    expect((await again.answer).statusCode).toBe(201);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: currentStock - 1, reservedStock: 0 });
    expect(await eventsOf(again.order.id)).toEqual(['placed', 'reservation_expired', 'payment_received']);
    expect(await mailsAbout(again.order.orderNumber)).toHaveLength(1);

    const refunded = await payingFor(ayesha, 1, 'twice-sold-out');
    await sweepPast(refunded.order);
    const other = await payingFor(bilal, currentStock - 1, 'the-rest');
    gateway.answer(other.transactionId, { status: 'succeeded', reference: 'ch_last', message: 'Card payment approved.' });
    expect((await other.answer).statusCode).toBe(201);
    const given = await Promise.all([confirmOrder(deps(), refunded.transactionId, {}), confirmOrder(deps(), refunded.transactionId, {})]);
    expect(given.map((confirmation) => confirmation!.result)).toEqual(['refunded', 'refunded']);
    gateway.answer(refunded.transactionId, APPROVED);
    expect((await refunded.answer).statusCode).toBe(409);
    expect(await confirmOrder(deps(), refunded.transactionId, {})).toMatchObject({ result: 'refunded' });
    expect(await refundsOf(refunded.order.id)).toHaveLength(1);
    expect(await eventsOf(refunded.order.id)).toEqual(['placed', 'reservation_expired', 'refund_due']);
    expect(await mailsAbout(refunded.order.orderNumber)).toHaveLength(1);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ currentStock: 0, reservedStock: 0 });
  });

  it('claims its flash-sale units again, and is refunded once the sale has none left for it', async () => {
    const claimed = async () => (await t.database.db.select().from(flashSales).where(eq(flashSales.id, onSale.saleId)))[0].claimedUnits;
    const taken = await payingFor(ayesha, 2, 'sale-in-stock', onSale.productId);
    expect(taken.order.subtotalCents).toBe(2_400);
    await sweepPast(taken.order);
    expect(await claimed()).toBe(0);
    gateway.answer(taken.transactionId, APPROVED);
    expect((await taken.answer).statusCode).toBe(201);
    expect(await claimed()).toBe(2);
    expect(await orderRow(taken.order.id)).toMatchObject({ status: 'confirmed', subtotalCents: 2_400 });

    const refused = await payingFor(ayesha, 2, 'sale-sold-out', onSale.productId);
    await sweepPast(refused.order);
    const other = await payingFor(bilal, 2, 'sale-meanwhile', onSale.productId);
    gateway.answer(other.transactionId, { status: 'succeeded', reference: 'ch_sale', message: 'Card payment approved.' });
    expect((await other.answer).statusCode).toBe(201);
    expect(await claimed()).toBe(4);
    gateway.answer(refused.transactionId, APPROVED);
    expect((await refused.answer).statusCode).toBe(409);
    expect(await claimed()).toBe(4);
    expect(await orderRow(refused.order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await stockLevel(t.database.db, onSale.variantId)).toMatchObject({ currentStock: 6, reservedStock: 0 });
  });

  it('is refunded rather than doubled when the buyer ordered again meanwhile, and tells the buyer in their language', async () => {
    const language = await t.app.inject({ method: 'PUT', url: '/api/auth/profile/', headers: ayesha, payload: { preferences: { language: 'ur' } } });
    expect(language.statusCode).toBe(200);
    const late = await payingFor(ayesha, 1, 'walked-away', onSale.productId);
    await sweepPast(late.order);
    const retried = await payingFor(ayesha, 1, 'ordered-again', onSale.productId);
    gateway.answer(retried.transactionId, { status: 'succeeded', reference: 'ch_again', message: 'Card payment approved.' });
    expect((await retried.answer).statusCode).toBe(201);
    gateway.answer(late.transactionId, APPROVED);
    expect((await late.answer).statusCode).toBe(409);
    expect(await orderRow(late.order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await refundsOf(late.order.id)).toHaveLength(1);
    expect(await stockLevel(t.database.db, onSale.variantId)).toMatchObject({ currentStock: 5, reservedStock: 0 });
    const [subject] = await mailsAbout(late.order.orderNumber);
    expect(subject).toContain('منسوخ: آپ کی ادائیگی واپس کی جا رہی ہے');
    expect(t.mailer.sent.find((mail) => mail.subject === subject)!.text).toContain('ریزرویشن ختم ہونے کے بعد موصول ہوئی');
  });
});
