import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '#contracts/quotes';
import { expireReservations } from '../checkout/reservation-sweeper.ts';
import { orders } from '../db/schema/orders.ts';
import { quotes } from '../db/schema/quotes.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createGatedCardProvider } from '../test/gated-provider.ts';
import { quoteThrough } from '../test/quote-fixtures.ts';
import { settleOrderSources } from '../order-sources.ts';
import { refundByHand } from '../refunds/refund-gateway.ts';

const gate = createGatedCardProvider();
let t: CommerceTestApp;
let kelly: number;
let kellyVariant: number;
let bilal: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createCommerceTestApp({ providers: { credit_card: gate.provider }, refundThroughGateway: refundByHand });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 100 },
  ]);
  kelly = products[0].id;
  kellyVariant = products[0].variantId;
  bilal = (await createTestUser(t.database.db, { email: 'bilal@mayo-hospital.example', accountType: 'business' })).headers;
  staff = (await createTestUser(t.database.db, { email: 'staff@sialkotsurgical.example', staffRole: 'owner' })).headers;
});
afterAll(() => t.close());

const accept = (quote: Quote, key: string) => t.app.inject({
  method: 'POST', url: `/api/quotes/${quote.id}/accept/`, headers: { ...bilal, 'idempotency-key': key },
  payload: paymentBody('credit_card', Number(quote.totals!.grand_total)),
});
const status = async (quote: Quote) =>
  (await t.app.inject({ method: 'GET', url: `/api/quotes/${quote.id}`, headers: bilal })).json().quote.status;
const sweeperDeps = () => ({
  db: t.database.db, mailer: t.mailer, publicUrl: 'http://shop.test', log: pino({ level: 'silent' }), settleSource: settleOrderSources,
  refundThroughGateway: refundByHand,
});

describe('stock while an accepted quote is being paid', () => {
  it('is reserved on acceptance; meanwhile the quote cannot be accepted again, declined or withdrawn', async () => {
    gate.hold();
    const quote = await quoteThrough(t, { buyer: bilal, staff }, [{ productId: kelly, quantity: 60, unitPrice: '15.00' }]);
    const paying = accept(quote, 'first');
    await gate.started();
    expect(await stockLevel(t.database.db, kellyVariant)).toMatchObject({ currentStock: 100, reservedStock: 60, availableStock: 40 });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.status, 'pending'));
    expect((await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0].orderId).toBe(order.id);

    const second = await accept(quote, 'second');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'PAYMENT_IN_PROGRESS', detail: 'A payment for this quote is in progress.' });
    expect((await t.app.inject({ method: 'POST', url: `/api/quotes/${quote.id}/decline/`, headers: bilal, payload: {} })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/staff/quotes/${quote.id}/withdraw/`, headers: staff, payload: {} })).json().code)
      .toBe('PAYMENT_IN_PROGRESS');
    expect(await status(quote)).toBe('sent');

    gate.answer({ status: 'succeeded', reference: 'ch_1', message: 'Card payment approved.' });
    expect((await paying).statusCode).toBe(201);
    expect(await stockLevel(t.database.db, kellyVariant)).toMatchObject({ currentStock: 40, reservedStock: 0, availableStock: 40 });
    expect(await status(quote)).toBe('accepted');
  });

  it('is released like checkout\'s when the payment is abandoned; a charge that still lands takes it again and accepts the quote', async () => {
    gate.hold();
    const quote = await quoteThrough(t, { buyer: bilal, staff }, [{ productId: kelly, quantity: 30, unitPrice: '15.00' }]);
    const walkedAway = accept(quote, 'walked-away');
    await gate.started();
    const [order] = await t.database.db.select().from(orders).where(eq(orders.status, 'pending'));
    expect(await stockLevel(t.database.db, kellyVariant)).toMatchObject({ reservedStock: 30, availableStock: 10 });

    expect(await expireReservations(sweeperDeps(), new Date(order.reservationExpiresAt!.getTime() + 1_000))).toBe(1);
    expect(await stockLevel(t.database.db, kellyVariant)).toMatchObject({ currentStock: 40, reservedStock: 0, availableStock: 40 });
    expect(await status(quote)).toBe('sent');

    gate.answer({ status: 'succeeded', reference: 'ch_late', message: 'Card payment approved.' });
    expect((await walkedAway).statusCode).toBe(201);
    expect(await status(quote)).toBe('accepted');
    expect(await stockLevel(t.database.db, kellyVariant)).toMatchObject({ currentStock: 10, reservedStock: 0 });
  });
});
