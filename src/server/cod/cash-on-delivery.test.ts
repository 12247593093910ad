import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '#contracts/cart';
import type { Order } from '#contracts/orders';
import { inventoryItems } from '../db/schema/inventory.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { codRemittances, shipmentItems, shipments } from '../db/schema/shipments.ts';
import { shippingMethods } from '../db/schema/shipping.ts';
import { seedDemoShippingZones } from '../seed/shipping-zones.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, testShippingAddress, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { multipart } from '../test/multipart-body.ts';

type Headers = Record<string, string>;
let t: CommerceTestApp;
let buyer: Headers;
let sales: Headers;
let fulfilment: Headers;
let variantId: number;
let productId: number;
let tcs: number;
let standard: number;
let key = 0;
let consignment = 779_000_000_000;

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  await seedDemoShippingZones(db);
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 10_000, stock: 50 },
  ]);
  productId = products[0].id;
  variantId = products[0].variantId;
  buyer = (await createTestUser(db, { email: 'dr.ayesha@example.com' })).headers;
  sales = (await createTestUser(db, { email: 'sales@staff.example', staffRole: 'sales' })).headers;
  fulfilment = (await createTestUser(db, { email: 'fulfilment@staff.example', staffRole: 'fulfilment' })).headers;
  const methods = await db.select().from(shippingMethods);
  tcs = methods.find((method) => method.name === 'TCS Overnight')!.id;
  standard = methods.find((method) => method.name === 'Standard')!.id;
});
afterAll(() => t.close());

const stock = async () => (await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.variantId, variantId)))[0];
const orderCount = async () => (await t.database.db.select().from(orders)).length;

/** The cart shipped to the test address by the method, as checkout shows it. */
const cartBy = async (shippingOptionId: number) => (await t.app.inject({
  method: 'GET', url: `/api/cart/?country=PK&city=${testShippingAddress.city}&shipping_option_id=${shippingOptionId}`, headers: buyer,
})).json<Cart>();

/** Fills the cart with `quantity` hemostats (100.00 each) and pays cash on delivery in rupees with `shippingOptionId`. */
async function payCashOnDelivery(quantity: number, shippingOptionId: number) {
  const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer })).json<Cart>();
  for (const item of cart.items) await t.app.inject({ method: 'DELETE', url: `/api/cart/items/${item.id}/`, headers: buyer });
  await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: productId, quantity } });
  const { grand_total_pkr: amount } = await cartBy(shippingOptionId);
  return t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...buyer, 'idempotency-key': `cod-${++key}` },
    payload: {
      paymentMethod: 'cash_on_delivery', currency: 'PKR', amount: Number(amount),
      orderDetails: { shippingAddress: testShippingAddress, orderType: 'individual', shippingOptionId },
    },
  });
}

/** The order's one TCS parcel collecting its total in cash, as the shipments API books it. */
async function shipWholeOrder(orderId: string) {
  const { db } = t.database;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [shipment] = await db.insert(shipments).values({
    orderId, number: `${order.orderNumber}-1`, carrier: 'tcs', carrierName: 'TCS', trackingNumber: String(++consignment), status: 'in_transit',
    codAmountMinor: order.totalChargedMinor, codCurrency: 'PKR',
  }).returning();
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  await db.insert(shipmentItems).values(lines.map((line) => ({ shipmentId: shipment.id, orderItemId: line.id, quantity: line.quantity })));
  return { shipment, order };
}

function importReport(csv: string, headers = sales) {
  const body = multipart([{ name: 'file', value: csv, filename: 'tcs-cod.csv', contentType: 'text/csv' }]);
  return t.app.inject({ method: 'POST', url: '/api/staff/cod-remittances/', headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
}

const orderOf = async (id: string) => (await t.app.inject({ method: 'GET', url: '/api/orders/', headers: buyer })).json<{ orders: Order[] }>()
  .orders.find((order) => order.id === id)!;

describe('cash on delivery at checkout', () => {
  it('confirms the order awaiting payment, the courier\'s fee charged and the stock sold, and mails what to pay', async () => {
    const before = await stock();
    const response = await payCashOnDelivery(2, tcs);
    expect(response.statusCode, response.body).toBe(201);
    const paid = response.json<{ orderId: string; fee: number; amount: number; totalCharged: number; message: string; paymentMethod: string }>();
    // 2 × 100.00 = 200.00, TCS Overnight 6.00 for their weight, and its fee 1.50, at 278.50 rupees to the dollar.
    expect(paid).toMatchObject({ paymentMethod: 'cash_on_delivery', amount: 57_371, fee: 418, totalCharged: 57_789 });
    expect(paid.message).toBe('Your order is confirmed. Pay PKR 57,789.00 in cash on delivery.');
    expect(t.charges.size).toBe(0);
    const order = await orderOf(paid.orderId);
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'awaiting_payment', paymentMethod: 'cash_on_delivery' });
    expect(order.breakdown).toMatchObject({ shipping: '6.00', fee: '1.50', total: '207.50' });
    expect(order.trackingEvents[0]).toMatchObject({ event: 'confirmed_cash_on_delivery', params: { amount: 'PKR 57,789.00' } });
    expect(await stock()).toMatchObject({ currentStock: before.currentStock - 2, reservedStock: before.reservedStock });
    const mail = t.mailer.lastTo('dr.ayesha@example.com')!;
    expect(mail.text).toContain('Pay in cash on delivery: PKR 57,789');
    expect(mail.text).toContain('Cash on delivery fee: $1.50');
  });

  it('refuses an order over the method\'s limit, naming the limit, and writes nothing', async () => {
    const before = { orders: await orderCount(), stock: await stock() };
    const response = await payCashOnDelivery(16, tcs);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'COD_LIMIT_EXCEEDED', params: { limit: 1500, amount: 1632 } });
    expect(response.json().detail).toContain('up to USD 1,500.00 (PKR 417,750.00)');
    expect({ orders: await orderCount(), stock: await stock() }).toEqual(before);
  });

  it('refuses a method that takes no cash, chosen or the standard one charged without a choice', async () => {
    const before = { orders: await orderCount(), stock: await stock() };
    const refused = await payCashOnDelivery(1, standard);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'COD_NOT_ALLOWED' });
    const { grand_total_pkr: amount } = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: buyer })).json<Cart>();
    const unnamed = await t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...buyer, 'idempotency-key': `cod-${++key}` },
      payload: { paymentMethod: 'cash_on_delivery', currency: 'PKR', amount: Number(amount), orderDetails: { shippingAddress: testShippingAddress } },
    });
    expect(unnamed.statusCode).toBe(409);
    expect(unnamed.json()).toMatchObject({ code: 'COD_NOT_ALLOWED', detail: 'Standard does not take cash on delivery. Choose another payment or shipping method.' });
    expect({ orders: await orderCount(), stock: await stock() }).toEqual(before);
  });
});

describe('the courier\'s remittance report', () => {
  it('marks the order paid once, however often the report is imported; another amount is not paid', async () => {
    const first = (await payCashOnDelivery(1, tcs)).json<{ orderId: string }>();
    const second = (await payCashOnDelivery(1, tcs)).json<{ orderId: string }>();
    const paidParcel = await shipWholeOrder(first.orderId);
    const shortParcel = await shipWholeOrder(second.orderId);
    const rupees = (minor: number) => (minor / 100).toLocaleString('en-US');
    const csv = [
      'Sr.,CN Number,Consignee,COD Amount,Cheque No,Payment Date',
      `1,${paidParcel.shipment.trackingNumber},Ayesha Khan,"${rupees(paidParcel.order.totalChargedMinor)}",CHQ-1001,14/03/2026`,
      `2,${shortParcel.shipment.trackingNumber},Ayesha Khan,"${rupees(shortParcel.order.totalChargedMinor - 10_000)}",CHQ-1001,14/03/2026`,
      '3,999999999999,Someone,"5,400",CHQ-1001,14/03/2026',
      '4,779999,Someone,lots,CHQ-1001,14/03/2026',
    ].join('\n');
    const response = await importReport(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().rows.map((row: { row: number; outcome: string }) => [row.row, row.outcome])).toEqual([
      [2, 'paid'], [3, 'amount_mismatch'], [4, 'unknown_consignment'], [5, 'invalid'],
    ]);
    const order = await orderOf(first.orderId);
    expect(order.paymentStatus).toBe('paid');
    expect(order.trackingEvents[0]).toMatchObject({ event: 'payment_received' });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, first.orderId));
    expect(payment).toMatchObject({ status: 'succeeded', providerReference: 'CHQ-1001' });
    expect((await orderOf(second.orderId)).paymentStatus).toBe('awaiting_payment');

    const again = await importReport(csv);
    expect(again.json().counts).toMatchObject({ paid: 0, already_recorded: 1, amount_mismatch: 1 });
    const remitted = await t.database.db.select().from(codRemittances).where(eq(codRemittances.trackingNumber, paidParcel.shipment.trackingNumber));
    expect(remitted).toMatchObject([{ amountMinor: paidParcel.order.totalChargedMinor, paidOn: '2026-03-14', paymentReference: 'CHQ-1001' }]);
  });

  it('is for sales staff, and needs a file with tracking numbers and amounts', async () => {
    expect((await importReport('CN,Amount\n1,2', fulfilment)).statusCode).toBe(403);
    const noColumns = await importReport('Name,Date\nx,y');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().errors).toEqual({ file: ['The report needs a tracking number column and an amount column.'] });
  });
});

describe('a parcel refused at the door', () => {
  it('puts its units back in stock and cancels the unpaid order, once', async () => {
    const placed = (await payCashOnDelivery(3, tcs)).json<{ orderId: string }>();
    const { shipment } = await shipWholeOrder(placed.orderId);
    const before = await stock();
    const response = await t.app.inject({ method: 'POST', url: `/api/staff/shipments/${shipment.id}/refused/`, headers: fulfilment });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'settled', order_cancelled: true, units_returned: 3 });
    expect(await stock()).toMatchObject({ currentStock: before.currentStock + 3 });
    const order = await orderOf(placed.orderId);
    expect(order.status).toBe('cancelled');
    expect(order.trackingEvents[0]).toMatchObject({ event: 'cash_on_delivery_refused', params: { shipment: shipment.number } });
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row.status).toBe('returned');
    expect(t.mailer.lastTo('sales@sialkotsurgical.example')?.subject).toContain(`COD parcel ${shipment.number} refused`);

    const again = await t.app.inject({ method: 'POST', url: `/api/staff/shipments/${shipment.id}/refused/`, headers: fulfilment });
    expect(again.json()).toMatchObject({ outcome: 'already_settled' });
    expect(await stock()).toMatchObject({ currentStock: before.currentStock + 3 });
    const [payment] = await t.database.db.select().from(payments).where(and(eq(payments.orderId, placed.orderId)));
    expect(payment.status).toBe('cancelled');
  });
});
