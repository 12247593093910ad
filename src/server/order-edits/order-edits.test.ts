import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderEditBody, OrderEditView } from '#contracts/order-edits';
import type { Order } from '#contracts/orders';
import type { RefundView } from '#contracts/refunds';
import type { StaffRole } from '#contracts/staff-roles';
import { auditLog } from '../db/schema/audit.ts';
import { inventoryItems, stockMovements } from '../db/schema/inventory.ts';
import { orderLineLots } from '../db/schema/lots.ts';
import { flashSales } from '../db/schema/catalog.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';
import { promoCodes } from '../db/schema/promo.ts';
import { orderEdits } from '../db/schema/order-edits.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { refunds } from '../db/schema/refunds.ts';
import { storeCreditEntries } from '../db/schema/returns.ts';
import { shipments } from '../db/schema/shipments.ts';
import type { RefundRequest } from '../payment/gateways/gateway.ts';
import { givenBack } from '../sales-reports/counted-sales.ts';
import { moveCredit } from '../store-credit/store-credit-ledger.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue, insertFlashSale } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { buyByCard, buyWith } from '../test/paid-order-fixture.ts';

let t: CommerceTestApp;
let kelly: { id: number; variantId: number };
let scissors: { id: number; variantId: number };
let adson: { id: number; variantId: number };
let needleHolder: { id: number; variantId: number };
let sale: { id: number };
let buyer: Awaited<ReturnType<typeof createTestUser>>;
const staff = {} as Record<StaffRole, Record<string, string>>;
const asked: RefundRequest[] = [];
let key = 0;

beforeAll(async () => {
  // The shop's 17% tax; Pakistan's standard shipping, 75.00 and free from 500.00; a card fee of 2.5%.
  t = await createCommerceTestApp({
    env: { TAX_RATE: '17' },
    refundThroughGateway: async (_method, request) => {
      asked.push(request);
      return { status: 'succeeded', gatewayReference: `rf_${asked.length}` };
    },
  });
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 10_000, stock: 100 },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 6_000, stock: 100 },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 5_000, stock: 100 },
    { name: 'Needle Holder', category: 'general-surgery', priceCents: 8_000, stock: 100 },
  ]);
  [kelly, scissors, adson, needleHolder] = products;
  await db.insert(priceTiers).values({ variantId: adson.variantId, minQuantity: 10, unitPriceCents: 4_000 });
  const day = 86_400_000;
  sale = await insertFlashSale(db, needleHolder.variantId, {
    salePriceCents: 6_000, units: 2, startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + day),
  });
  await db.insert(promoCodes).values({ code: 'EDIT10', kind: 'percent', value: 1_000 });
  buyer = await createTestUser(db, { email: 'buyer@example.com' });
  for (const role of ['owner', 'sales', 'fulfilment', 'support', 'catalogue'] as const) {
    staff[role] = (await createTestUser(db, { email: `${role}@staff.example`, staffRole: role })).headers;
  }
});
afterAll(() => t.close());
beforeEach(() => {
  asked.length = 0;
  t.mailer.sent.length = 0;
});

type Edited = { order: Order; edit: OrderEditView; refund: RefundView | null };

const edit = (orderId: string, body: OrderEditBody | Record<string, unknown>, headers = staff.fulfilment, idempotencyKey: string | null = `edit-${++key}`) =>
  t.app.inject({
    method: 'POST', url: `/api/staff/orders/${orderId}/edits/`,
    headers: idempotencyKey === null ? headers : { ...headers, 'idempotency-key': idempotencyKey }, payload: body,
  });
const edited = (response: { statusCode: number; body: string; json: <T>() => T }) => {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Edited>();
};
const orderRow = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0];
const lines = (orderId: string) => t.database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
const stockOf = async (variantId: number) =>
  (await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.variantId, variantId)))[0].currentStock;
/** The mail telling the buyer of an edit (the order's confirmation went before it). */
const editMails = () => t.mailer.sent.filter((mail) => mail.subject.includes('changed'));
const lineOf = async (orderId: string, variantId: number) => (await lines(orderId)).find((line) => line.variantId === variantId)!;

/** 3 hemostats (300.00) and 2 scissors (120.00) by card: 420.00 + 75.00 shipping + 71.40 tax + 14.16 fee = 580.56. */
const buyBoth = () => buyByCard(t, buyer.headers, [{ productId: kelly.id, quantity: 3 }, { productId: scissors.id, quantity: 2 }]);

/** Everything an edit may write, to check a refusal wrote none of it. */
async function snapshot(orderId: string) {
  const { db } = t.database;
  return {
    order: await orderRow(orderId),
    lines: await lines(orderId),
    edits: await db.select().from(orderEdits).where(eq(orderEdits.orderId, orderId)),
    refunds: await db.select().from(refunds).where(eq(refunds.orderId, orderId)),
    lots: await db.select().from(orderLineLots).where(eq(orderLineLots.orderId, orderId)),
    stock: [await stockOf(kelly.variantId), await stockOf(scissors.variantId)],
    mail: editMails().length,
  };
}

describe('reducing a quantity on a paid order', () => {
  it('puts the units back into their lots, prices the order again and refunds the difference to the card', async () => {
    const { orderId, orderNumber } = await buyBoth();
    const before = await orderRow(orderId);
    expect(before).toMatchObject({ subtotalCents: 42_000, shippingCents: 7_500, taxCents: 7_140, feeCents: 1_416, totalCents: 58_056, totalChargedMinor: 58_056 });
    const stockBefore = await stockOf(kelly.variantId);
    const line = await lineOf(orderId, kelly.variantId);

    const answer = edited(await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 1 }));

    // 100.00 + 120.00 = 220.00; 17% tax 37.40; shipping 75.00 as charged; the card fee 2.5% of 332.40 = 8.31.
    expect(await orderRow(orderId)).toMatchObject({
      subtotalCents: 22_000, discountCents: 0, taxCents: 3_740, shippingCents: 7_500, feeCents: 831, totalCents: 34_071, totalChargedMinor: 34_071,
    });
    expect(await lineOf(orderId, kelly.variantId)).toMatchObject({ quantity: 1, unitPriceCents: 10_000, lineTotalCents: 10_000 });
    expect(answer.refund).toMatchObject({ amount: '239.85', currency: 'USD', status: 'succeeded' });
    expect(asked).toEqual([expect.objectContaining({ amountMinor: 23_985, currency: 'USD' })]);
    expect(answer.edit).toMatchObject({
      kind: 'quantity', order_item_id: line.id, total_before: '580.56', total_after: '340.71', refund_id: answer.refund!.id,
      store_credit_returned: '0.00', author_email: 'fulfilment@staff.example',
      before: { line: { quantity: 3, line_total_cents: 30_000 } }, after: { line: { quantity: 1, line_total_cents: 10_000 } },
    });
    expect(answer.order).toMatchObject({ total: 340.71, amountCharged: '340.71', refundable: '340.71', paymentStatus: 'paid', status: 'confirmed' });
    expect(answer.order.trackingEvents[0]).toMatchObject({ event: 'order_edited', params: { total: 'USD 340.71' } });

    // Two units back on the shelf, as a return movement, and off the order's record of its lots.
    expect(await stockOf(kelly.variantId)).toBe(stockBefore + 2);
    const [movement] = await t.database.db.select().from(stockMovements)
      .where(and(eq(stockMovements.variantId, kelly.variantId), eq(stockMovements.kind, 'return')));
    expect(movement).toMatchObject({ quantity: 2, reason: `Order ${orderNumber} changed before shipping` });
    const lots = await t.database.db.select().from(orderLineLots)
      .where(and(eq(orderLineLots.orderId, orderId), eq(orderLineLots.variantId, kelly.variantId)));
    expect(lots.reduce((sum, lot) => sum + lot.quantity, 0)).toBe(1);

    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.edit')));
    expect(audit).toMatchObject({ entity: 'order', actorEmail: 'fulfilment@staff.example' });
    expect((audit.after as { totalCents: number }).totalCents).toBe(34_071);

    expect(editMails()).toHaveLength(1);
    const [mail] = editMails();
    expect(mail).toMatchObject({ to: 'dr.ayesha@example.com', subject: expect.stringContaining(`Order ${orderNumber} changed`) });
    expect(mail.text).toContain('Kelly Hemostat: 1 instead of 3.');
    expect(mail.text).toContain('The order total is now $340.71 (it was $580.56).');
    expect(mail.text).toContain('We are refunding $239.85 to your original payment.');
  });

  it('answers a repeated request with its key with the same edit, and refunds once', async () => {
    const { orderId } = await buyBoth();
    const line = await lineOf(orderId, scissors.variantId);
    const first = edited(await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 1 }, staff.fulfilment, 'same-key'));
    const again = edited(await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 1 }, staff.fulfilment, 'same-key'));
    expect(again.edit.id).toBe(first.edit.id);
    expect(again.refund!.id).toBe(first.refund!.id);
    expect(asked).toHaveLength(1);
    const other = await edit(orderId, { kind: 'remove_line', order_item_id: line.id }, staff.fulfilment, 'same-key');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('counts an edited order at its new total in sales, its refund not as money given back, and a later refund as one', async () => {
    const { orderId } = await buyBoth();
    const line = await lineOf(orderId, kelly.variantId);
    edited(await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 1 }));
    const back = givenBack(t.database.db);
    const givenBackFor = () => t.database.db.select({ cents: back.cents }).from(back).where(sql`${back.orderId} = ${orderId}`);
    expect(await givenBackFor()).toEqual([]);
    const later = await t.app.inject({
      method: 'POST', url: `/api/staff/orders/${orderId}/refunds/`, headers: { ...staff.owner, 'idempotency-key': `refund-${++key}` },
      payload: { amount: '10.00', reason: 'A scratched hemostat' },
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(await givenBackFor()).toEqual([{ cents: 1_000 }]);
  });

  it('refunds a payment in rupees in rupees, at the order\'s rate, and the charge follows it to the paisa', async () => {
    // 566.40 at 278.50 = PKR 157,742 by JazzCash, which takes no fee.
    const { orderId } = await buyWith(t, buyer.headers, [{ productId: kelly.id, quantity: 3 }, { productId: scissors.id, quantity: 2 }], 'jazzcash');
    expect(await orderRow(orderId)).toMatchObject({ currency: 'PKR', totalCents: 56_640, feeCents: 0, totalChargedMinor: 15_774_200 });
    const line = await lineOf(orderId, kelly.variantId);
    const answer = edited(await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 1 }));
    // 332.40 now: 234.00 back, PKR 65,169; PKR 92,573 still charged.
    expect(answer.refund).toMatchObject({ amount: '65169.00', currency: 'PKR' });
    expect(asked).toEqual([expect.objectContaining({ amountMinor: 6_516_900, currency: 'PKR' })]);
    expect(await orderRow(orderId)).toMatchObject({ totalCents: 33_240, totalChargedMinor: 9_257_300 });
  });

  it('keeps free shipping free when the order drops below the threshold', async () => {
    // 6 hemostats: 600.00 ships free; 2 of them would pay 75.00 at checkout, but an edit never charges more.
    const { orderId } = await buyByCard(t, buyer.headers, [{ productId: kelly.id, quantity: 6 }]);
    expect(await orderRow(orderId)).toMatchObject({ shippingCents: 0, taxCents: 10_200, feeCents: 1_755, totalCents: 71_955 });
    const line = await lineOf(orderId, kelly.variantId);
    const answer = edited(await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 2 }));
    // 200.00 + 34.00 tax + 0 shipping = 234.00; fee 5.85.
    expect(await orderRow(orderId)).toMatchObject({ subtotalCents: 20_000, shippingCents: 0, taxCents: 3_400, feeCents: 585, totalCents: 23_985 });
    expect(answer.refund).toMatchObject({ amount: '479.70' });
  });
});

describe('the prices the order charged', () => {
  it('keeps a volume tier\'s unit price when the line drops below the tier', async () => {
    // 10 forceps at the 10+ tier's 40.00 = 400.00 + 75.00 + 68.00 tax + 13.58 fee = 556.58.
    const { orderId } = await buyByCard(t, buyer.headers, [{ productId: adson.id, quantity: 10 }]);
    expect(await orderRow(orderId)).toMatchObject({ subtotalCents: 40_000, totalCents: 55_658 });
    const line = await lineOf(orderId, adson.variantId);
    const answer = edited(await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 5 }));
    // 5 × 40.00 = 200.00 + 75.00 + 34.00 tax + 7.73 fee = 316.73.
    expect(await lineOf(orderId, adson.variantId)).toMatchObject({ quantity: 5, unitPriceCents: 4_000, lineTotalCents: 20_000 });
    expect(await orderRow(orderId)).toMatchObject({ subtotalCents: 20_000, taxCents: 3_400, feeCents: 773, totalCents: 31_673 });
    expect(answer.refund).toMatchObject({ amount: '239.85' });
  });

  it('takes the full-price units of a flash-sale line off first, and gives sale units back to the sale', async () => {
    // 2 needle holders at the sale's 60.00 and 2 at 80.00 = 280.00 + 75.00 + 47.60 tax + 10.07 fee = 412.67.
    const { orderId } = await buyByCard(t, buyer.headers, [{ productId: needleHolder.id, quantity: 4 }]);
    const claimed = async () => (await t.database.db.select().from(flashSales).where(eq(flashSales.id, sale.id)))[0].claimedUnits;
    expect(await orderRow(orderId)).toMatchObject({ subtotalCents: 28_000, totalCents: 41_267 });
    expect(await claimed()).toBe(2);
    const line = await lineOf(orderId, needleHolder.variantId);

    const first = edited(await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 3 }));
    // 2 × 60.00 + 1 × 80.00 = 200.00 + 75.00 + 34.00 tax + 7.73 fee = 316.73.
    expect(await lineOf(orderId, needleHolder.variantId)).toMatchObject({ quantity: 3, saleQuantity: 2, lineTotalCents: 20_000 });
    expect(first.refund).toMatchObject({ amount: '95.94' });
    expect(await claimed()).toBe(2);

    const second = edited(await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 1 }));
    // 1 × 60.00 + 75.00 + 10.20 tax + 3.63 fee = 148.83.
    expect(await lineOf(orderId, needleHolder.variantId)).toMatchObject({ quantity: 1, saleQuantity: 1, lineTotalCents: 6_000 });
    expect(await orderRow(orderId)).toMatchObject({ subtotalCents: 6_000, taxCents: 1_020, feeCents: 363, totalCents: 14_883 });
    expect(second.refund).toMatchObject({ amount: '167.90' });
    expect(await claimed()).toBe(1);
  });

  it('gives the promo code\'s percentage off the smaller subtotal', async () => {
    const { db } = t.database;
    const promoBuyer = await createTestUser(db, { email: 'promo@example.com' });
    for (const [product, quantity] of [[kelly, 3], [scissors, 2]] as const) {
      await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: promoBuyer.headers, payload: { product_id: product.id, quantity } });
    }
    const applied = await t.app.inject({ method: 'POST', url: '/api/cart/promo/', headers: promoBuyer.headers, payload: { code: 'EDIT10' } });
    expect(applied.statusCode, applied.body).toBe(200);
    // 420.00 − 42.00 = 378.00 + 64.26 tax + 75.00 = 517.26 + 12.93 fee = 530.19.
    const paid = await t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...promoBuyer.headers, 'idempotency-key': `promo-${++key}` },
      payload: paymentBody('credit_card', 517.26) as unknown as Record<string, unknown>,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const { orderId } = paid.json<{ orderId: string }>();
    expect(await orderRow(orderId)).toMatchObject({ discountCents: 4_200, totalCents: 53_019 });
    const line = await lineOf(orderId, scissors.variantId);
    const answer = edited(await edit(orderId, { kind: 'remove_line', order_item_id: line.id }));
    // 300.00 − 30.00 = 270.00 + 45.90 tax + 75.00 = 390.90 + 9.77 fee = 400.67.
    expect(await orderRow(orderId)).toMatchObject({ subtotalCents: 30_000, discountCents: 3_000, taxCents: 4_590, feeCents: 977, totalCents: 40_067 });
    expect(answer.refund).toMatchObject({ amount: '129.52' });
  });
});

describe('removing a line', () => {
  it('deletes the line, keeps it whole in the edit, puts all its units back and refunds the difference', async () => {
    const { orderId } = await buyBoth();
    const line = await lineOf(orderId, scissors.variantId);
    const stockBefore = await stockOf(scissors.variantId);
    const answer = edited(await edit(orderId, { kind: 'remove_line', order_item_id: line.id }));
    // 300.00 + 51.00 tax + 75.00 shipping = 426.00; fee 10.65.
    expect(await orderRow(orderId)).toMatchObject({ subtotalCents: 30_000, taxCents: 5_100, shippingCents: 7_500, feeCents: 1_065, totalCents: 43_665 });
    expect(answer.refund).toMatchObject({ amount: '143.91' });
    expect((await lines(orderId)).map((row) => row.variantId)).toEqual([kelly.variantId]);
    expect(answer.edit.before.line).toMatchObject({ id: line.id, name: 'Mayo Scissors', quantity: 2, unitPriceCents: 6_000, lineTotalCents: 12_000 });
    expect(await stockOf(scissors.variantId)).toBe(stockBefore + 2);
    expect(await t.database.db.select().from(orderLineLots)
      .where(and(eq(orderLineLots.orderId, orderId), eq(orderLineLots.variantId, scissors.variantId)))).toEqual([]);
    expect(editMails()[0].text).toContain('Mayo Scissors is no longer in the order.');
  });

  it('refuses the last line (cancelling is the way) and writes nothing', async () => {
    const { orderId } = await buyByCard(t, buyer.headers, [{ productId: kelly.id, quantity: 1 }]);
    const line = await lineOf(orderId, kelly.variantId);
    const before = await snapshot(orderId);
    const response = await edit(orderId, { kind: 'remove_line', order_item_id: line.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'LAST_LINE' });
    expect(await snapshot(orderId)).toEqual(before);
  });
});

describe('changing the address', () => {
  it('ships the order to the new address, at the same charges, and tells the buyer', async () => {
    const { orderId } = await buyBoth();
    const address = {
      firstName: 'Ayesha', lastName: 'Khan', company: 'Services Hospital', address: '5 Jail Road', city: 'Lahore', postalCode: '54000',
      country: 'PK', phone: '+92 300 7654321',
    };
    const answer = edited(await edit(orderId, { kind: 'address', address }));
    expect(answer.refund).toBeNull();
    expect(await orderRow(orderId)).toMatchObject({ ...address, totalCents: 58_056 });
    expect(answer.edit).toMatchObject({ kind: 'address', order_item_id: null, total_before: '580.56', total_after: '580.56',
      before: { address: { address: '12 Hospital Road', company: 'Mayo Hospital' } }, after: { address } });
    expect(editMails()[0].text).toContain('It now ships to: Services Hospital, 5 Jail Road, Lahore 54000, Pakistan.');
  });

  it('refuses an address the order\'s shipping method does not reach, on its field, and writes nothing', async () => {
    const { orderId } = await buyByCard(t, buyer.headers, [{ productId: kelly.id, quantity: 1 }]);
    const before = await snapshot(orderId);
    const response = await edit(orderId, { kind: 'address', address: {
      firstName: 'Ayesha', lastName: 'Khan', address: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE', phone: '+49 30 1234567',
    } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { 'address.country': ['We do not ship to Germany yet. Please contact us for a quote.'] } });
    expect(await snapshot(orderId)).toEqual(before);
  });

  it('answers 400 per field for a bad address and writes nothing', async () => {
    const { orderId } = await buyByCard(t, buyer.headers, [{ productId: kelly.id, quantity: 1 }]);
    const before = await snapshot(orderId);
    const response = await edit(orderId, { kind: 'address', address: { firstName: 'A', lastName: 'K', address: '', city: 'Lahore', phone: 'call me', country: 'PK' } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors).sort()).toEqual(['address.address', 'address.phone', 'address.postalCode']);
    expect(await snapshot(orderId)).toEqual(before);
  });
});

describe('refusals', () => {
  it('refuses to raise a quantity, an unknown line, and a paid order without an Idempotency-Key, writing nothing', async () => {
    const { orderId } = await buyBoth();
    const line = await lineOf(orderId, kelly.variantId);
    const before = await snapshot(orderId);
    const raised = await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 4 });
    expect(raised.statusCode).toBe(400);
    expect(raised.json()).toMatchObject({ errors: { quantity: ['Enter fewer units than the 3 ordered.'] } });
    const same = await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 3 });
    expect(same.statusCode).toBe(400);
    const zero = await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ errors: { quantity: ['Enter at least 1.'] } });
    const unknown = await edit(orderId, { kind: 'remove_line', order_item_id: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: { order_item_id: ['This line is not on the order.'] } });
    const keyless = await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 1 }, staff.fulfilment, null);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json()).toMatchObject({ errors: { 'Idempotency-Key': ['This header is required.'] } });
    expect(await snapshot(orderId)).toEqual(before);
  });

  it('refuses an order booked to ship, shipped or cancelled with 409 ORDER_NOT_EDITABLE', async () => {
    const { orderId, orderNumber } = await buyBoth();
    const line = await lineOf(orderId, kelly.variantId);
    await t.database.db.insert(shipments).values({ orderId, number: `${orderNumber}-1`, carrier: 'tcs', carrierName: 'TCS', trackingNumber: '779000000001' });
    const before = await snapshot(orderId);
    const booked = await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 1 });
    expect(booked.statusCode).toBe(409);
    expect(booked.json()).toMatchObject({ code: 'ORDER_NOT_EDITABLE' });
    for (const status of ['shipped', 'cancelled', 'pending'] as const) {
      await t.database.db.update(orders).set({ status }).where(eq(orders.id, orderId));
      const response = await edit(orderId, { kind: 'remove_line', order_item_id: line.id });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ORDER_NOT_EDITABLE' });
    }
    await t.database.db.update(orders).set({ status: before.order.status }).where(eq(orders.id, orderId));
    expect(await snapshot(orderId)).toEqual({ ...before, order: { ...before.order, updatedAt: expect.any(Date) } });
  });

  it('is for fulfilment and the owner only', async () => {
    const { orderId } = await buyBoth();
    const line = await lineOf(orderId, kelly.variantId);
    for (const role of ['sales', 'support', 'catalogue'] as const) {
      const response = await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 2 }, staff[role]);
      expect(response.statusCode).toBe(403);
    }
    expect((await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 2 }, buyer.headers)).statusCode).toBe(403);
    edited(await edit(orderId, { kind: 'quantity', order_item_id: line.id, quantity: 2 }, staff.owner));
  });
});

describe('an order paid with store credit', () => {
  it('gives the credit it no longer spends back to the credit, and a later cancellation only the rest', async () => {
    const { db } = t.database;
    const owner = await createTestUser(db, { email: 'credit@example.com' });
    await moveCredit(db, { userId: owner.user.id }, 100_000, { kind: 'adjustment' });
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: owner.headers, payload: { product_id: kelly.id, quantity: 2 } });
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: owner.headers, payload: { product_id: scissors.id, quantity: 1 } });
    // 260.00 + 44.20 tax + 75.00 shipping = 379.20, all paid with credit.
    const paid = await t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...owner.headers, 'idempotency-key': `credit-${++key}` },
      payload: paymentBody('credit_card', 379.2, { use_store_credit: true }) as unknown as Record<string, unknown>,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const { orderId } = paid.json<{ orderId: string }>();
    expect(await orderRow(orderId)).toMatchObject({ storeCreditCents: 37_920, totalCents: 37_920, feeCents: 0 });
    const line = await lineOf(orderId, scissors.variantId);

    const answer = edited(await edit(orderId, { kind: 'remove_line', order_item_id: line.id }));
    // 200.00 + 34.00 + 75.00 = 309.00: 70.20 back to credit, nothing to the card.
    expect(answer.refund).toBeNull();
    expect(answer.edit.store_credit_returned).toBe('70.20');
    expect(await orderRow(orderId)).toMatchObject({ storeCreditCents: 30_900, totalCents: 30_900, totalChargedMinor: 0 });
    expect(editMails()[0].text).toContain('$70.20 goes back to your store credit.');

    const cancelled = await t.app.inject({ method: 'POST', url: `/api/staff/orders/${orderId}/cancel/`, headers: staff.fulfilment, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const entries = await db.select({ kind: storeCreditEntries.kind, amountCents: storeCreditEntries.amountCents }).from(storeCreditEntries)
      .where(eq(storeCreditEntries.orderId, orderId)).orderBy(asc(storeCreditEntries.id));
    expect(entries).toEqual([
      { kind: 'spent', amountCents: -37_920 }, { kind: 'adjustment', amountCents: 7_020 }, { kind: 'released', amountCents: 30_900 },
    ]);
  });
});
