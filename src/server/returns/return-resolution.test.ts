import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '#contracts/orders';
import type { ReturnView, StaffReturnView } from '#contracts/returns';
import { stockMovements } from '../db/schema/inventory.ts';
import { orderLineLots, stockLots } from '../db/schema/lots.ts';
import { orders } from '../db/schema/orders.ts';
import { creditNotes, storeCreditAccounts, storeCreditEntries } from '../db/schema/returns.ts';
import type { RefundOutcome, RefundRequest } from '../payment/gateways/gateway.ts';
import { rowsOf } from '../db/rows.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { deliveredOrder, returnApi, returnsShop, staffReturnOf, type ReturnsShop } from '../test/return-fixtures.ts';
import { moveCredit } from '../store-credit/store-credit-ledger.ts';

let t: CommerceTestApp;
let shop: ReturnsShop;
let api: ReturnType<typeof returnApi>;
const asked: RefundRequest[] = [];
let answer: RefundOutcome;

beforeAll(async () => {
  t = await createCommerceTestApp({
    refundThroughGateway: async (_method, request) => {
      asked.push(request);
      return answer;
    },
  });
  shop = await returnsShop(t);
  api = returnApi(t, shop);
});
afterAll(() => t.close());
beforeEach(() => {
  asked.length = 0;
  answer = { status: 'succeeded', gatewayReference: 'rf_1' };
});

const ok = (response: { statusCode: number; body: string }, status = 200) => expect(response.statusCode, response.body).toBe(status);

/** A delivered order of `quantity` small retractors ($50 each) and a received return of `returned` of them for `reason`. */
async function receivedReturn(reason: string, quantity = 2, returned = 1, disposition = 'restock') {
  const delivered = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity }]);
  const line = delivered.items[0];
  const asked = await api.request(delivered.orderNumber, { items: [{ order_item_id: line.id, quantity: returned, reason: reason as 'damaged' }] });
  ok(asked, 201);
  const { rma } = asked.json<{ return: ReturnView }>().return;
  ok(await api.approve(rma));
  ok(await api.receive(rma, [{ order_item_id: line.id, quantity: returned, disposition }]));
  return { ...delivered, rma, line };
}

const orderRow = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0];

describe('settling a return', () => {
  it('refunds a damaged unit to the card, in full, with a numbered credit note on the order', async () => {
    const { orderId, orderNumber, rma } = await receivedReturn('damaged');
    const order = await orderRow(orderId);
    const expectedTax = Math.round(order.taxCents * 5_000 / (order.subtotalCents - order.discountCents));
    const resolved = await api.resolve(rma, 'refund', 'resolve-card');
    ok(resolved);
    const { return: settled, order: view } = resolved.json<{ return: StaffReturnView; order: Order }>();
    expect(settled).toMatchObject({ status: 'resolved', resolution: 'refund', amounts: { fees: '0.00', total: ((5_000 + expectedTax) / 100).toFixed(2) } });
    expect(asked).toEqual([expect.objectContaining({ amountMinor: 5_000 + expectedTax, currency: 'USD', reason: `Return ${rma}` })]);
    expect(settled.credit_notes).toEqual([{ number: expect.stringMatching(/^CN-\d{6}$/), pdf_url: expect.stringContaining('/api/credit-notes/CN-') }]);
    expect(view.credit_notes).toEqual(settled.credit_notes);
    expect(view.breakdown.refunded).toBe(settled.amounts.total);
    const buyerList = (await api.list(orderNumber)).json<{ returns: ReturnView[] }>();
    expect(buyerList.returns[0]).toMatchObject({ status: 'resolved', credit_notes: settled.credit_notes });
    expect(buyerList.returns[0]).not.toHaveProperty('buyer');

    // The same key answers the same; another settles nothing twice.
    const again = await api.resolve(rma, 'refund', 'resolve-card');
    ok(again);
    expect(asked).toHaveLength(1);
    expect((await api.resolve(rma, 'refund', 'resolve-other')).statusCode).toBe(409);
    expect((await api.resolve(rma, 'store_credit', 'resolve-card')).statusCode).toBe(422);
  });

  it('keeps back the restocking fee and the return shipping for "no longer needed"', async () => {
    const { orderId, rma } = await receivedReturn('no_longer_needed');
    const order = await orderRow(orderId);
    const tax = Math.round(order.taxCents * 5_000 / (order.subtotalCents - order.discountCents));
    const fees = Math.round(5_000 * 15 / 100) + 1_500;
    const settled = staffReturnOf(await api.resolve(rma, 'refund'));
    expect(settled.amounts).toEqual({ lines: ((5_000 + tax) / 100).toFixed(2), fees: (fees / 100).toFixed(2), total: ((5_000 + tax - fees) / 100).toFixed(2) });
    expect(asked[0].amountMinor).toBe(5_000 + tax - fees);
    const [note] = await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
    expect(note).toMatchObject({ kind: 'refund', subtotalCents: 5_000, taxCents: tax, feesCents: fees, totalCents: 5_000 + tax - fees });
  });

  it('charges no fee for a wrong item, whatever the policy says of "no longer needed"', async () => {
    const { rma } = await receivedReturn('wrong_item');
    expect(staffReturnOf(await api.resolve(rma, 'refund')).amounts.fees).toBe('0.00');
  });

  it('goes back to received when the gateway refuses, and settles on a later try', async () => {
    const { rma } = await receivedReturn('defective');
    answer = { status: 'failed', reason: 'Card account closed' };
    const refused = await api.resolve(rma, 'refund', 'resolve-refused');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REFUND_FAILED' });
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/returns/${rma}/`, headers: shop.staff.owner })).json().return)
      .toMatchObject({ status: 'received', credit_notes: [] });
    answer = { status: 'succeeded', gatewayReference: 'rf_2' };
    expect(staffReturnOf(await api.resolve(rma, 'store_credit', 'resolve-credit'))).toMatchObject({ status: 'resolved', resolution: 'store_credit' });
  });

  it('credits the buyer\'s store credit, with a credit note, and the balance never goes below zero', async () => {
    const { orderId, rma } = await receivedReturn('damaged');
    const settled = staffReturnOf(await api.resolve(rma, 'store_credit'));
    const total = Math.round(Number(settled.amounts.total) * 100);
    expect(asked).toEqual([]);
    const [account] = await t.database.db.select().from(storeCreditAccounts).where(eq(storeCreditAccounts.userId, shop.buyer.user.id));
    const entries = await t.database.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.accountId, account.id));
    expect(entries.find((entry) => entry.orderId === orderId)).toMatchObject({ kind: 'return', amountCents: total, creditNoteId: expect.any(Number) });
    const balance = account.balanceCents;
    const overspent = await t.database.db.transaction((tx) => moveCredit(tx, { userId: shop.buyer.user.id }, -(balance + 1), { kind: 'spent' }));
    expect(overspent).toBeNull();
    const [after] = await t.database.db.select().from(storeCreditAccounts).where(eq(storeCreditAccounts.id, account.id));
    expect(after.balanceCents).toBe(balance);
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile/store-credit/', headers: shop.buyer.headers });
    if (profile.statusCode === 200) expect(profile.json().balance).toBe((balance / 100).toFixed(2));
  });

  it('refunds an order paid with store credit back to the credit, asking no gateway', async () => {
    await t.database.db.transaction((tx) => moveCredit(tx, { userId: shop.buyer.user.id }, 100_000, { kind: 'adjustment' }));
    const balance = async () => (await t.database.db.select().from(storeCreditAccounts).where(eq(storeCreditAccounts.userId, shop.buyer.user.id)))[0].balanceCents;
    const byCredit = async (app: typeof t, headers: Record<string, string>, lines: { productId: number; variantId?: number; quantity: number }[]) => {
      for (const line of lines) {
        await app.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: line.productId, variant_id: line.variantId, quantity: line.quantity } });
      }
      const cart = (await app.app.inject({ method: 'GET', url: '/api/cart/', headers })).json<{ grand_total: string }>();
      const paid = await app.app.inject({ method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': 'pay-by-credit' },
        payload: paymentBody('credit_card', Number(cart.grand_total), { use_store_credit: true }) as unknown as Record<string, unknown> });
      ok(paid, 201);
      return paid.json<{ orderId: string; orderNumber: string }>();
    };
    const delivered = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 1 }], byCredit);
    expect((await orderRow(delivered.orderId)).storeCreditCents).toBe((await orderRow(delivered.orderId)).totalCents);
    const afterPaying = await balance();
    const requested = await api.request(delivered.orderNumber, { items: [{ order_item_id: delivered.items[0].id, quantity: 1, reason: 'defective' }] });
    const { rma } = requested.json<{ return: ReturnView }>().return;
    ok(await api.approve(rma));
    ok(await api.receive(rma, [{ order_item_id: delivered.items[0].id, quantity: 1, disposition: 'quarantine' }]));
    const settled = staffReturnOf(await api.resolve(rma, 'refund'));
    expect(asked).toEqual([]);
    expect(settled.credit_notes).toHaveLength(1);
    expect(await balance()).toBe(afterPaying + Math.round(Number(settled.amounts.total) * 100));
  });

  it('exchanges for another size: a replacement order at no charge with its stock reserved', async () => {
    const delivered = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 1 }]);
    const line = delivered.items[0];
    const asked = await api.request(delivered.orderNumber, {
      items: [{ order_item_id: line.id, quantity: 1, reason: 'wrong_item', exchange_variant_id: shop.large }],
    });
    ok(asked, 201);
    const { rma } = asked.json<{ return: ReturnView }>().return;
    expect(asked.json().return.items[0]).toMatchObject({ exchange_variant_id: shop.large, exchange_variant_label: 'Large' });
    ok(await api.approve(rma));
    ok(await api.receive(rma, [{ order_item_id: line.id, quantity: 1, disposition: 'restock' }]));
    const before = await stockLevel(t.database.db, shop.large);
    const settled = staffReturnOf(await api.resolve(rma, 'exchange'));
    expect(settled).toMatchObject({ resolution: 'exchange', exchange_order_number: expect.stringMatching(/^SS-/), credit_notes: [] });
    const [replacement] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, settled.exchange_order_number!));
    expect(replacement).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', totalCents: 0, userId: shop.buyer.user.id });
    expect((await stockLevel(t.database.db, shop.large)).reservedStock).toBe(before.reservedStock + 1);
    const reservedLots = await t.database.db.select().from(orderLineLots).where(eq(orderLineLots.orderId, replacement.id));
    expect(reservedLots).toEqual([expect.objectContaining({ variantId: shop.large, quantity: 1 })]);
  });
});

describe('receiving what came back', () => {
  it('restocks into the lot it shipped from as a return movement; quarantine and scrap never enter stock', async () => {
    const delivered = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 3 }]);
    const line = delivered.items[0];
    const asked = await api.request(delivered.orderNumber, { items: [{ order_item_id: line.id, quantity: 3, reason: 'defective' }] });
    const { rma } = asked.json<{ return: ReturnView }>().return;
    ok(await api.approve(rma));
    const [shippedFrom] = await t.database.db.select().from(orderLineLots).where(eq(orderLineLots.orderId, delivered.orderId));
    const lotBefore = (await t.database.db.select().from(stockLots).where(eq(stockLots.id, shippedFrom.lotId)))[0];
    const levelBefore = await stockLevel(t.database.db, shop.small);
    const received = staffReturnOf(await api.receive(rma, [
      { order_item_id: line.id, quantity: 1, disposition: 'restock', udi: '(01)00000000000017(21)SN1' },
      { order_item_id: line.id, quantity: 1, disposition: 'quarantine' },
      { order_item_id: line.id, quantity: 1, disposition: 'scrap' },
    ]));
    expect(received.items[0].received).toEqual([
      { quantity: 1, disposition: 'restock', lot_number: lotBefore.lotNumber, udi: '(01)00000000000017(21)SN1' },
      { quantity: 1, disposition: 'quarantine', lot_number: null, udi: null },
      { quantity: 1, disposition: 'scrap', lot_number: null, udi: null },
    ]);
    expect((await stockLevel(t.database.db, shop.small)).currentStock).toBe(levelBefore.currentStock + 1);
    const lotAfter = (await t.database.db.select().from(stockLots).where(eq(stockLots.id, shippedFrom.lotId)))[0];
    expect(lotAfter.currentStock).toBe(lotBefore.currentStock + 1);
    const movements = await t.database.db.select().from(stockMovements)
      .where(and(eq(stockMovements.variantId, shop.small), eq(stockMovements.reason, `Return ${rma}`)));
    expect(movements.map((movement) => [movement.kind, movement.quantity])).toEqual([['return', 1]]);
  });

  it('refuses more than was asked back, and a recalled lot for restocking, with nothing written', async () => {
    const { orderNumber, orderId, items } = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 2 }]);
    const asked = await api.request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 1, reason: 'defective' }] });
    const { rma } = asked.json<{ return: ReturnView }>().return;
    ok(await api.approve(rma));
    const over = await api.receive(rma, [{ order_item_id: items[0].id, quantity: 2, disposition: 'scrap' }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ 'items.0.quantity': ['Enter at most 1.'] });
    const [shippedFrom] = await t.database.db.select().from(orderLineLots).where(eq(orderLineLots.orderId, orderId));
    await t.database.db.update(stockLots).set({ recalledAt: new Date() }).where(eq(stockLots.id, shippedFrom.lotId));
    const recalled = await api.receive(rma, [{ order_item_id: items[0].id, quantity: 1, disposition: 'restock' }]);
    expect(recalled.statusCode).toBe(400);
    expect(recalled.json().issues['items.0.lot_number']).toEqual([{ key: 'lot_not_restockable', params: { lot: '' } }]);
    const view = (await t.app.inject({ method: 'GET', url: `/api/staff/returns/${rma}/`, headers: shop.staff.owner })).json().return;
    expect(view).toMatchObject({ status: 'approved', items: [expect.objectContaining({ received: [] })] });
    ok(await api.receive(rma, [{ order_item_id: items[0].id, quantity: 1, disposition: 'quarantine' }]));
    await t.database.db.update(stockLots).set({ recalledAt: null }).where(eq(stockLots.id, shippedFrom.lotId));
  });
});

describe('credit notes', () => {
  it('are numbered in sequence with no gaps, also when returns are credited at the same moment', async () => {
    const received = [await receivedReturn('damaged'), await receivedReturn('damaged'), await receivedReturn('damaged')];
    const answers = await Promise.all(received.map(({ rma }) => api.resolve(rma, 'store_credit')));
    answers.forEach((answered) => ok(answered));
    const numbers = (await t.database.db.select({ sequence: creditNotes.sequence, number: creditNotes.number }).from(creditNotes)
      .orderBy(asc(creditNotes.sequence)));
    expect(numbers.map((row) => row.sequence)).toEqual(numbers.map((_, index) => index + 1));
    expect(numbers.map((row) => row.number)).toEqual(numbers.map((_, index) => `CN-${String(index + 1).padStart(6, '0')}`));
    const [{ last }] = rowsOf<{ last: number }>(await t.database.db.execute(sql`select last_value as last from document_sequences where series = 'credit_note'`));
    expect(Number(last)).toBe(numbers.length);
  });
});
