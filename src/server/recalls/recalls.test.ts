import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnItems, returns } from '../db/schema/returns.ts';
import { receive, stockLevel } from '../inventory/stock-ledger.ts';
import { daysFromToday, lotsOf, lotTotals } from '../test/lot-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';

let t: CommerceTestApp;
let staff: Record<string, string>;
let plate: number;
/** The plate's only variant. */
let plateVariant: number;
const buyers: Record<string, { headers: Record<string, string>; email: string }> = {};
const orders: Record<string, { orderId: string; orderNumber: string }> = {};

async function declinedOrder(headers: Record<string, string>, productId: number) {
  await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: productId, quantity: 1 } });
  const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers })).json<{ grand_total: string }>();
  const response = await t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': 'recall-declined' },
    payload: paymentBody('credit_card', Number(cart.grand_total), {
      paymentData: { cardNumber: '4000 0000 0000 0002', expiry: '12/39', cvv: '123', cardName: 'Declined Buyer' },
    }) as unknown as Record<string, unknown>,
  });
  expect(response.statusCode, response.body).toBe(402);
}

beforeAll(async () => {
  t = await createCommerceTestApp();
  const db = t.database.db;
  const { products } = await insertCatalogue(db, ['orthopedics'], [
    { name: 'Compression Plate', category: 'orthopedics', priceCents: 12000, stock: 0 },
  ]);
  plate = products[0].id;
  plateVariant = products[0].variantId;
  await receive(db, { variantId: plateVariant, quantity: 4, lot: { lotNumber: 'A-100', expiryDate: daysFromToday(30) } });
  await receive(db, { variantId: plateVariant, quantity: 5, lot: { lotNumber: 'B-200', expiryDate: daysFromToday(300) } });
  staff = (await createTestUser(db, { email: 'quality@example.com', staffRole: 'owner' })).headers;
  for (const name of ['first', 'second', 'third', 'declined']) {
    const email = `${name}@example.com`;
    buyers[name] = { headers: (await createTestUser(db, { email })).headers, email };
  }
  await declinedOrder(buyers.declined.headers, plate);
  orders.first = await buyByCard(t, buyers.first.headers, [{ productId: plate, quantity: 2 }]);
  orders.third = await buyByCard(t, buyers.third.headers, [{ productId: plate, quantity: 1 }]);
  // Lot A-100 has one unit left: the second buyer's two units come from it and from B-200.
  orders.second = await buyByCard(t, buyers.second.headers, [{ productId: plate, quantity: 2 }]);
  orders.other = await buyByCard(t, buyers.second.headers, [{ productId: plate, quantity: 1 }]);
});
afterAll(() => t.close());

const openRecall = (payload: Record<string, unknown>, headers = staff) =>
  t.app.inject({ method: 'POST', url: '/api/recalls/', headers, payload });
const noticesOf = async (name: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/recalls/notices/', headers: buyers[name].headers })).json().notices;

describe('recalls', () => {
  it('refuses bad requests and non-staff, writing nothing', async () => {
    expect((await openRecall({ productId: plate, lotNumbers: ['A-100'], reason: 'Sterile barrier seal defect' }, buyers.first.headers)).statusCode).toBe(403);
    const unknownLot = await openRecall({ productId: plate, lotNumbers: ['A-100', 'Z-9'], reason: 'Sterile barrier seal defect' });
    expect(unknownLot.statusCode).toBe(400);
    expect(unknownLot.json().errors.lotNumbers).toEqual(['Lot Z-9 is not a lot of this product.']);
    const invalid = await openRecall({ productId: 99_999, lotNumbers: [], reason: 'short' });
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['lotNumbers', 'reason']);
    expect((await openRecall({ productId: 99_999, lotNumbers: ['A-100'], reason: 'Sterile barrier seal defect' })).json().errors.productId)
      .toEqual(['No product has this id.']);
    expect((await t.app.inject({ method: 'GET', url: '/api/recalls/', headers: staff })).json().recalls).toEqual([]);
    for (const url of ['/api/recalls/', '/api/recalls/1/']) {
      expect((await t.app.inject({ method: 'GET', url, headers: buyers.first.headers })).statusCode).toBe(403);
    }
    expect(t.mailer.sent.filter((m) => m.subject.includes('Recall'))).toEqual([]);
  });

  it('reaches exactly the buyers of the recalled lot, mails them and quarantines the lot', async () => {
    const before = await stockLevel(t.database.db, plateVariant);
    const response = await openRecall({ productId: plate, lotNumbers: ['A-100'], reason: 'Sterile barrier seal defect in this lot.' });
    expect(response.statusCode).toBe(201);
    const recall = response.json();
    expect(recall.notices.map((n: { orderNumber: string; quantity: number }) => [n.orderNumber, n.quantity]).sort())
      .toEqual([[orders.first.orderNumber, 2], [orders.second.orderNumber, 1], [orders.third.orderNumber, 1]].sort());
    expect(recall.progress).toEqual({ orders: 3, units: 4, notified: 3, acknowledged: 0, returned: 0 });

    // One mail per affected order, to the order's contact address.
    const recallMail = t.mailer.sent.filter((m) => m.subject.includes('Recall notice'));
    expect(recallMail.map((m) => m.subject.match(/order (SS-\w+)/)![1]).sort())
      .toEqual([orders.first.orderNumber, orders.second.orderNumber, orders.third.orderNumber].sort());
    const firstMail = recallMail.find((m) => m.subject.includes(orders.first.orderNumber))!;
    expect(firstMail.to).toBe('dr.ayesha@example.com');
    expect(firstMail.text).toContain(`Your order ${orders.first.orderNumber} included 2 units`);

    // The lot had no free units left; it is marked recalled and the lot B stock is untouched.
    expect(await stockLevel(t.database.db, plateVariant)).toEqual(before);
    expect(await noticesOf('declined')).toEqual([]);
    const second = await noticesOf('second');
    expect(second).toEqual([expect.objectContaining({ orderNumber: orders.second.orderNumber, lotNumbers: ['A-100'], acknowledgedAt: null, returnStatus: null })]);
  });

  it('refuses a lot already recalled', async () => {
    const again = await openRecall({ productId: plate, lotNumbers: ['A-100'], reason: 'Sterile barrier seal defect again' });
    expect(again.json().errors.lotNumbers).toEqual(['Lot A-100 is already recalled.']);
  });

  it('records the acknowledgement once, with one return request, and hides other buyers’ notices', async () => {
    const [notice] = await noticesOf('first');
    const acknowledge = (name: string) => t.app.inject({ method: 'POST', url: `/api/recalls/notices/${notice.id}/acknowledge/`, headers: buyers[name].headers });
    expect((await acknowledge('second')).statusCode).toBe(404);
    expect((await acknowledge('declined')).statusCode).toBe(404);
    const first = await acknowledge('first');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: notice.id, returnStatus: 'requested', rma: expect.stringMatching(/^RMA-\d{6}$/) });
    const repeat = await acknowledge('first');
    expect(repeat.json().acknowledgedAt).toBe(first.json().acknowledgedAt);
    const rmas = await t.database.db.select({ status: returns.status, reason: returnItems.reason, quantity: returnItems.quantity })
      .from(returns).innerJoin(returnItems, eq(returnItems.returnId, returns.id)).where(eq(returns.recallNoticeId, notice.id));
    expect(rmas).toEqual([{ status: 'approved', reason: 'recall', quantity: notice.quantity }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/recalls/notices/99999/acknowledge/', headers: buyers.first.headers })).statusCode).toBe(404);
  });

  it('shows staff the progress and lets them mark returns received once acknowledged', async () => {
    const [{ id: recallId }] = (await t.app.inject({ method: 'GET', url: '/api/recalls/', headers: staff })).json().recalls;
    const detail = (await t.app.inject({ method: 'GET', url: `/api/recalls/${recallId}/`, headers: staff })).json();
    const byOrder = Object.fromEntries(detail.notices.map((n: { orderNumber: string; id: number }) => [n.orderNumber, n.id]));
    const received = (noticeId: number, headers = staff) =>
      t.app.inject({ method: 'POST', url: `/api/recalls/${recallId}/notices/${noticeId}/received/`, headers });
    const early = await received(byOrder[orders.third.orderNumber]);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('NOT_ACKNOWLEDGED');
    expect((await received(byOrder[orders.first.orderNumber], buyers.first.headers)).statusCode).toBe(403);
    const marked = await received(byOrder[orders.first.orderNumber]);
    expect(marked.json()).toMatchObject({ returnStatus: 'received', orderNumber: orders.first.orderNumber });
    expect((await received(byOrder[orders.first.orderNumber])).json().returnReceivedAt).toBe(marked.json().returnReceivedAt);
    expect((await received(999_999)).statusCode).toBe(404);
    const [summary] = (await t.app.inject({ method: 'GET', url: '/api/recalls/', headers: staff })).json().recalls;
    expect(summary.progress).toEqual({ orders: 3, units: 4, notified: 3, acknowledged: 1, returned: 1 });
    expect((await noticesOf('first'))[0].returnStatus).toBe('received');
  });

  it('quarantines the free units of a recalled lot and never sells it again', async () => {
    const db = t.database.db;
    await receive(db, { variantId: plateVariant, quantity: 2, lot: { lotNumber: 'C-300', expiryDate: daysFromToday(20) } });
    const response = await openRecall({ productId: plate, lotNumbers: ['C-300', 'B-200'], reason: 'Wrong hole spacing found at inspection.' });
    expect(response.statusCode).toBe(201);
    // Only orders with units from B-200 are reached; C-300 never shipped.
    expect(response.json().notices.map((n: { orderNumber: string }) => n.orderNumber).sort())
      .toEqual([orders.other.orderNumber, orders.second.orderNumber].sort());
    expect(await lotsOf(db, plateVariant)).toMatchObject({ 'C-300': { current: 0 }, 'B-200': { current: 0 }, 'A-100': { current: 0 } });
    expect(await stockLevel(db, plateVariant)).toMatchObject({ availableStock: 0 });
    const totals = await lotTotals(db, plateVariant);
    expect(totals.lots).toEqual(totals.item);
  });
});
