import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order, OrderShipment } from '#contracts/orders';
import { orderEvents } from '../db/schema/order-events.ts';
import { orders } from '../db/schema/orders.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { shipments } from '../db/schema/shipments.ts';
import { lotSerials, orderLineLots, stockLots } from '../db/schema/lots.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { freePort } from '../test/free-port.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { pdfText } from '../test/pdf-text.ts';
import { CARRIER_IDS } from '../shipping/carriers/carrier.ts';
import { PACKING_WEIGHT_GRAMS } from './shipment-lines.ts';
import { pollOpenShipments, type TrackingDeps } from './shipment-tracking.ts';

let t: CommerceTestApp;
let origin: string;
let staff: Record<string, string>;
let buyerId: string;
let lines: { productId: number; variantId: number }[];

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createCommerceTestApp({ port });
  const { db } = t.database;
  const catalogue = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 100 },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 100 },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 2_400, stock: 100 },
  ]);
  lines = catalogue.products.map((product) => ({ productId: product.id, variantId: product.variantId }));
  await db.update(productVariants).set({ weightGrams: 120 }).where(eq(productVariants.id, lines[0].variantId));
  for (const [index, hsCode] of ['901890', '901890', ''].entries()) {
    await db.update(products).set({ hsCode }).where(eq(products.id, lines[index].productId));
  }
  buyerId = (await createTestUser(db, { email: 'buyer@example.com' })).user.id;
  staff = (await createTestUser(db, { email: 'packer@example.com', staffRole: 'fulfilment' })).headers;
});
afterAll(() => t.close());
beforeEach(() => {
  t.mailer.sent.length = 0;
});

/** A confirmed order of 2 Kelly, 1 Mayo and 3 Adson, to `country`. */
async function anOrder(country = 'PK') {
  const order = await insertOrder(t.database.db, buyerId, [
    { ...lines[0], quantity: 2, unitPriceCents: 1_800 }, { ...lines[1], quantity: 1, unitPriceCents: 12_950 },
    { ...lines[2], quantity: 3, unitPriceCents: 2_400 },
  ]);
  await t.database.db.update(orders).set({ country, city: country === 'PK' ? 'Lahore' : 'Berlin' }).where(eq(orders.id, order.id));
  const view = await t.app.inject({ method: 'GET', url: '/api/staff/orders/', headers: staff });
  const items = view.json<{ orders: Order[] }>().orders.find((candidate) => candidate.id === order.id)!.items;
  return { id: order.id, number: order.orderNumber, items: items.map((item) => item.id) };
}

const ship = (orderId: string, body: Record<string, unknown>, headers = staff) =>
  t.app.inject({ method: 'POST', url: `/api/staff/orders/${orderId}/shipments/`, headers, payload: body });
const shipped = (response: Awaited<ReturnType<typeof ship>>) => response.json<{ shipment: OrderShipment; order: Order }>();
const advance = (carrier: string, trackingNumber: string) =>
  fetch(`${origin}/sandbox/${carrier}/consignments/${trackingNumber}/advance`, { method: 'POST' });
const trackingDeps = (): TrackingDeps & { log: typeof t.app.log } => ({
  db: t.database.db, carriers: t.app.shipping.carriers, shopEmail: 'sales@sialkotsurgical.example', publicUrl: origin, log: t.app.log,
});

describe('booking a shipment with each carrier\'s simulator over HTTP', () => {
  it.each(CARRIER_IDS)('%s books the lines and keeps its tracking number and label', async (carrier) => {
    const order = await anOrder(carrier === 'dhl_express' ? 'DE' : 'PK');
    const response = ship(order.id, { items: [{ order_item_id: order.items[0], quantity: 2 }], carrier });
    const { shipment, order: after } = shipped(await response);
    expect((await response).statusCode).toBe(201);
    expect(shipment).toMatchObject({
      number: `${order.number}-1`, carrier, status: 'booked', items: [{ orderItemId: order.items[0], quantity: 2 }],
      parcels: [{ weightGrams: 2 * 120 + PACKING_WEIGHT_GRAMS }], incoterm: carrier === 'dhl_express' ? 'DAP' : null,
    });
    expect(shipment.trackingNumber).toMatch(/^[A-Z0-9]{8,}$/);
    expect(shipment.trackingUrl).toContain(shipment.trackingNumber);
    expect(after.status).toBe('partly_shipped');
    expect(after.trackingEvents[0]).toMatchObject({ event: 'shipped', params: { trackingNumber: shipment.trackingNumber } });
    const label = await t.app.inject({ method: 'GET', url: `/api/staff/shipments/${shipment.id}/label.pdf`, headers: staff });
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(label.rawPayload)).toContain(shipment.trackingNumber);
    expect(t.mailer.lastTo('buyer@example.com')?.text).toContain(shipment.trackingNumber);
  });
});

describe('shipping an order in parts', () => {
  it('ships two of three lines, then the rest: partly_shipped, then shipped', async () => {
    const order = await anOrder();
    const first = shipped(await ship(order.id, {
      items: [{ order_item_id: order.items[0], quantity: 2 }, { order_item_id: order.items[1], quantity: 1 }],
      carrier: 'leopards', parcels: [{ weight_grams: 900 }],
    }));
    expect(first.order.status).toBe('partly_shipped');
    expect(first.shipment.parcels).toEqual([{ weightGrams: 900 }]);
    expect(t.mailer.lastTo('buyer@example.com')?.text).toMatch(/Part of your order/);

    const second = shipped(await ship(order.id, {
      items: [{ order_item_id: order.items[2], quantity: 3 }], carrier: 'other', carrier_name: 'Daewoo Express',
      tracking_number: 'DW-1234', tracking_url: 'https://daewoo.example/track?cn={tracking}',
    }));
    expect(second.order.status).toBe('shipped');
    expect(second.order.shipments.map((shipment) => [shipment.number, shipment.carrierName, shipment.items.length])).toEqual([
      [`${order.number}-1`, 'Leopards Courier', 2], [`${order.number}-2`, 'Daewoo Express', 1],
    ]);
    expect(second.shipment.trackingUrl).toBe('https://daewoo.example/track?cn=DW-1234');
    const label = await t.app.inject({ method: 'GET', url: `/api/staff/shipments/${second.shipment.id}/label.pdf`, headers: staff });
    expect(label.statusCode).toBe(404);
    // The whole order is on its way: nothing is left to ship.
    const again = await ship(order.id, { items: [{ order_item_id: order.items[0], quantity: 1 }], carrier: 'tcs' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses more than is left of a line, per field, and writes nothing', async () => {
    const order = await anOrder();
    await ship(order.id, { items: [{ order_item_id: order.items[0], quantity: 1 }], carrier: 'tcs' });
    const over = await ship(order.id, {
      items: [{ order_item_id: order.items[1], quantity: 1 }, { order_item_id: order.items[0], quantity: 2 }], carrier: 'tcs',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ 'items.1.quantity': ['Only 1 left to ship.'] });
    const rows = await t.database.db.select().from(shipments).where(eq(shipments.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  it('answers 400 for bad input: no lines, a line of another order, the manual carrier without its name', async () => {
    const order = await anOrder();
    const other = await anOrder();
    expect((await ship(order.id, { items: [], carrier: 'tcs' })).json().errors).toHaveProperty('items');
    expect((await ship(order.id, { items: [{ order_item_id: other.items[0], quantity: 1 }], carrier: 'tcs' })).json().errors)
      .toEqual({ 'items.0.order_item_id': ['This line is not one of the order\'s.'] });
    const manual = await ship(order.id, { items: [{ order_item_id: order.items[0], quantity: 1 }], carrier: 'other' });
    expect(manual.statusCode).toBe(400);
    expect(Object.keys(manual.json().errors)).toEqual(['carrier_name', 'tracking_number']);
    expect((await ship(order.id, { items: [{ order_item_id: order.items[0], quantity: 1 }], carrier: 'pigeon' })).statusCode).toBe(400);
  });

  it('asks for the HS code of an exported line, and refuses a buyer', async () => {
    const order = await anOrder('DE');
    const missing = await ship(order.id, { items: [{ order_item_id: order.items[2], quantity: 1 }], carrier: 'dhl_express' });
    expect(missing.json().errors).toEqual({ 'items.0.order_item_id': ['Enter the HS code of Product ' + lines[2].productId + ' before exporting it.'] });
    const buyer = (await createTestUser(t.database.db, { email: 'nosy@example.com' })).headers;
    expect((await ship(order.id, { items: [{ order_item_id: order.items[0], quantity: 1 }], carrier: 'tcs' }, buyer)).statusCode).toBe(403);
  });

  it('answers 502 CARRIER_ERROR and writes nothing when the carrier refuses the booking', async () => {
    const order = await anOrder();
    // PostEx refuses a consignee without a city.
    await t.database.db.update(orders).set({ city: '' }).where(eq(orders.id, order.id));
    const refused = await ship(order.id, { items: [{ order_item_id: order.items[0], quantity: 1 }], carrier: 'postex' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'CARRIER_ERROR' });
    expect(await t.database.db.select().from(shipments).where(eq(shipments.orderId, order.id))).toEqual([]);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('confirmed');
  });
});

describe('the shipment\'s documents', () => {
  it('prints the packing slip with the catalogue numbers, and the commercial invoice of an export', async () => {
    const order = await anOrder('DE');
    const { shipment } = shipped(await ship(order.id, {
      items: [{ order_item_id: order.items[0], quantity: 2 }, { order_item_id: order.items[1], quantity: 1 }], carrier: 'dhl_express', incoterm: 'DDP',
    }));
    const slip = await t.app.inject({ method: 'GET', url: `/api/staff/shipments/${shipment.id}/packing-slip.pdf`, headers: staff });
    expect(slip.headers['content-type']).toBe('application/pdf');
    const slipText = await pdfText(slip.rawPayload);
    expect(slipText).toContain('Packing slip');
    expect(slipText).toContain(shipment.number);
    expect(slipText).toContain(`M-${lines[0].productId}`);
    expect(slipText).toContain(`M-${lines[1].productId}`);
    expect(slipText).not.toContain(`M-${lines[2].productId}`);

    const invoice = await t.app.inject({ method: 'GET', url: `/api/staff/shipments/${shipment.id}/commercial-invoice.pdf`, headers: staff });
    const text = await pdfText(invoice.rawPayload);
    for (const expected of ['Commercial invoice', 'Incoterm: DDP', '901890', 'Germany', 'Currency: USD', '36.00 USD', '129.50 USD',
      'Total customs value: 165.50 USD', 'Total net weight: 0.74 kg']) {
      expect(text).toContain(expected);
    }
    const home = await anOrder();
    const local = shipped(await ship(home.id, { items: [{ order_item_id: home.items[0], quantity: 1 }], carrier: 'tcs' })).shipment;
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/shipments/${local.id}/commercial-invoice.pdf`, headers: staff })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/shipments/${local.id}/packing-slip.pdf` })).statusCode).toBe(401);
  });
});

describe('the packing slip of lot-tracked goods', () => {
  it('lists the lot each line was picked from and the UDI of each serialised unit', async () => {
    const { db } = t.database;
    const order = await anOrder();
    const [lot] = await db.insert(stockLots).values({
      variantId: lines[0].variantId, lotNumber: 'L2611A', expiryDate: '2029-10-31', gtin: '08901234567893', currentStock: 10,
    }).returning();
    await db.insert(orderLineLots).values({ orderId: order.id, variantId: lines[0].variantId, lotId: lot.id, quantity: 2 });
    await db.insert(lotSerials).values(['SN-1001', 'SN-1002'].map((serial) => ({ lotId: lot.id, serial, orderId: order.id })));
    const { shipment } = shipped(await ship(order.id, { items: [{ order_item_id: order.items[0], quantity: 2 }], carrier: 'tcs' }));

    const slip = await t.app.inject({ method: 'GET', url: `/api/staff/shipments/${shipment.id}/packing-slip.pdf`, headers: staff });
    const text = (await pdfText(slip.rawPayload)).replace(/\s+/g, '');
    expect(text).toContain('L2611A');
    expect(text).toContain('(01)08901234567893(17)291031(10)L2611A(21)SN-1001');
    expect(text).toContain('(01)08901234567893(17)291031(10)L2611A(21)SN-1002');
  });
});

describe('the tracking job', () => {
  it('appends each carrier checkpoint once, mails out-for-delivery and delivered, and delivers the order', async () => {
    const order = await anOrder();
    const { shipment } = shipped(await ship(order.id, {
      items: order.items.map((id, index) => ({ order_item_id: id, quantity: [2, 1, 3][index] })), carrier: 'postex',
    }));
    for (let step = 0; step < 3; step++) await advance('postex', shipment.trackingNumber);
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await pollOpenShipments(trackingDeps(), later(0))).toBeGreaterThan(0);
    await t.drainMail();
    // Polled again (nothing new): nothing appended twice.
    await pollOpenShipments(trackingDeps(), later(30));
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.shipmentId, shipment.id));
    expect(events.filter((event) => event.carrierEventId).map((event) => event.event).sort()).toEqual([
      'parcel_booked', 'parcel_in_transit', 'parcel_out_for_delivery', 'parcel_picked_up',
    ]);
    expect(t.mailer.lastTo('buyer@example.com')?.subject).toMatch(/out for delivery/);
    expect(t.mailer.sent.filter((mail) => mail.subject.includes('out for delivery'))).toHaveLength(1);

    await advance('postex', shipment.trackingNumber);
    await pollOpenShipments(trackingDeps(), later(60));
    await t.drainMail();
    const view = (await t.app.inject({ method: 'GET', url: `/api/orders/track/${shipment.trackingNumber}`, headers: staff })).json<{ order: Order }>().order;
    expect(view.status).toBe('delivered');
    expect(view.shipments[0]).toMatchObject({ status: 'delivered' });
    expect(view.shipments[0].deliveredAt).not.toBeNull();
    expect(view.shipments[0].events.map((event) => event.event)).toEqual([
      'parcel_delivered', 'parcel_out_for_delivery', 'parcel_in_transit', 'parcel_picked_up', 'shipped', 'parcel_booked',
    ]);
    expect(view.shipments[0].events[0].location).toBeTruthy();
    expect(t.mailer.lastTo('buyer@example.com')?.subject).toMatch(/delivered/);
  });

  it('mails a parcel\'s delivery while the rest of the order is still on its way', async () => {
    const order = await anOrder();
    const first = shipped(await ship(order.id, { items: [{ order_item_id: order.items[0], quantity: 2 }], carrier: 'tcs' })).shipment;
    shipped(await ship(order.id, { items: [{ order_item_id: order.items[1], quantity: 1 }, { order_item_id: order.items[2], quantity: 3 }], carrier: 'tcs' }));
    for (let step = 0; step < 4; step++) await advance('tcs', first.trackingNumber);
    await pollOpenShipments(trackingDeps(), new Date(Date.now() + 120 * 60_000));
    await t.drainMail();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('shipped');
    expect(t.mailer.sent.map((mail) => mail.subject)).toContainEqual(expect.stringMatching(new RegExp(`Parcel ${first.number} of order ${order.number} delivered`)));
  });

  it('is refreshed by staff on demand, and refuses the carrier named by hand', async () => {
    const order = await anOrder();
    const manual = shipped(await ship(order.id, {
      items: [{ order_item_id: order.items[0], quantity: 1 }], carrier: 'other', carrier_name: 'Rider', tracking_number: 'R-1',
    })).shipment;
    const refresh = (id: string) => t.app.inject({ method: 'POST', url: `/api/staff/shipments/${id}/tracking/`, headers: staff });
    expect((await refresh(manual.id)).statusCode).toBe(409);
    const booked = shipped(await ship(order.id, { items: [{ order_item_id: order.items[1], quantity: 1 }], carrier: 'leopards' })).shipment;
    await advance('leopards', booked.trackingNumber);
    const after = (await refresh(booked.id)).json<{ order: Order }>().order;
    expect(after.shipments[1]).toMatchObject({ status: 'in_transit' });
    expect(after.shipments[1].events.map((event) => event.event)).toEqual(['parcel_picked_up', 'shipped', 'parcel_booked']);
    const typed = await t.app.inject({
      method: 'POST', url: `/api/staff/orders/${order.id}/events/`, headers: staff,
      payload: { description: 'Handed to the rider at the gate', shipmentId: manual.id },
    });
    expect(typed.json<{ order: Order }>().order.shipments[0].events[0]).toMatchObject({ description: 'Handed to the rider at the gate', event: null });
  });
});
