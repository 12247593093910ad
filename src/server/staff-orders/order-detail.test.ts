import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrderDetail } from '#contracts/staff-order-detail';
import type { StaffRole } from '#contracts/staff-roles';
import { lotSerials, orderLineLots, stockLots } from '../db/schema/lots.ts';
import { orders } from '../db/schema/orders.ts';
import { organisationDepartments, organisationOrders } from '../db/schema/organisation-purchasing.ts';
import { createCommerceTestApp, testShippingAddress, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { deliveredOrder, returnApi, returnsShop, type ReturnsShop } from '../test/return-fixtures.ts';

let t: CommerceTestApp;
let shop: ReturnsShop;
let key = 0;

beforeAll(async () => {
  t = await createCommerceTestApp({ refundThroughGateway: async () => ({ status: 'succeeded', gatewayReference: 'rf_1' }) });
  shop = await returnsShop(t);
});
afterAll(() => t.close());

const detail = (reference: string, headers?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/staff/orders/${encodeURIComponent(reference)}/`, headers });
const read = async (reference: string, headers: Record<string, string> = shop.staff.owner) => {
  const response = await detail(reference, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffOrderDetail>();
};
const buyRetractorsAndDrape = () => buyByCard(t, shop.buyer.headers, [
  { productId: shop.retractor, variantId: shop.small, quantity: 2 }, { productId: shop.drape, quantity: 1 },
]);
const ship = (orderId: string, items: { order_item_id: number; quantity: number }[], headers = shop.staff.fulfilment) =>
  t.app.inject({
    method: 'POST', url: `/api/staff/orders/${orderId}/shipments/`, headers,
    payload: { carrier: 'other', carrier_name: 'Rider', tracking_number: `R-${++key}`, items },
  });

describe('the staff order detail', () => {
  it('gives every role the lines and money, and the buyer\'s personal fields only to roles that read orders', async () => {
    const { orderId, orderNumber } = await buyRetractorsAndDrape();
    for (const role of ['owner', 'fulfilment', 'sales', 'support'] as const) {
      const answer = await read(orderId, shop.staff[role]);
      expect(answer.buyer, role).toEqual({ name: 'Ayesha Khan', email: testShippingAddress.email, phone: testShippingAddress.phone });
      expect(answer.ship_to, role).toEqual({
        name: 'Ayesha Khan', first_name: 'Ayesha', last_name: 'Khan', company: 'Mayo Hospital', address: '12 Hospital Road', city: 'Lahore', postal_code: '54000', country: 'PK',
        phone: testShippingAddress.phone, email: testShippingAddress.email,
      });
      expect(answer.bill_to, role).toEqual({ ...answer.ship_to, source: 'ship_to' });
    }
    const catalogue = await read(orderId, shop.staff.catalogue);
    expect(catalogue.order.orderNumber).toBe(orderNumber);
    expect(catalogue.buyer).toEqual({ name: null, email: null, phone: null });
    expect(catalogue.ship_to).toEqual({ name: null, first_name: null, last_name: null, company: null, address: null, city: null, postal_code: null, country: 'PK', phone: null, email: null });
    expect(catalogue.bill_to).toEqual({ ...catalogue.ship_to, source: 'ship_to' });
    const text = JSON.stringify(catalogue);
    for (const personal of [testShippingAddress.email, testShippingAddress.phone, '12 Hospital Road', 'Ayesha']) expect(text).not.toContain(personal);
    expect(catalogue.lines.map((line) => ({ name: line.name, variant: line.variantLabel, quantity: line.quantity, price: line.price, total: line.lineTotal })))
      .toEqual([
        { name: 'Senn Retractor', variant: 'Small', quantity: 2, price: 50, total: 100 },
        { name: 'Sterile Drape', variant: '', quantity: 1, price: 20, total: 20 },
      ]);
    expect(catalogue.lines.every((line) => line.model_number.length > 0 && line.shipped_quantity === 0)).toBe(true);
    expect(catalogue.payments).toEqual([expect.objectContaining({ method: 'credit_card', status: 'succeeded', currency: 'USD' })]);
    const [payment] = catalogue.payments;
    expect((Number(payment.amount) + Number(payment.fee)).toFixed(2)).toBe(catalogue.order.breakdown.total);
    expect(catalogue.order.trackingEvents.map((event) => event.event)).toContain('placed');
  });

  it('opens by order number in any case; 404 for an unknown order, 403 for a buyer, 401 signed out', async () => {
    const { orderId, orderNumber } = await buyRetractorsAndDrape();
    expect((await read(orderNumber.toLowerCase())).order.id).toBe(orderId);
    expect((await detail('SS-NOSUCH00', shop.staff.owner)).statusCode).toBe(404);
    expect((await detail('7a1b2c3d-0000-4000-8000-000000000000', shop.staff.catalogue)).statusCode).toBe(404);
    expect((await detail(orderId, shop.buyer.headers)).statusCode).toBe(403);
    expect((await detail(orderId)).statusCode).toBe(401);
  });

  it('lists the lots each line was picked from, with the serial numbers and UDIs of its units', async () => {
    const { db } = t.database;
    const order = await insertOrder(db, shop.buyer.user.id, [{ productId: shop.retractor, variantId: shop.large, quantity: 3 }]);
    const [serialised, plain] = await db.insert(stockLots).values([
      { variantId: shop.large, lotNumber: 'L2611A', expiryDate: '2029-10-31', gtin: '08901234567893', currentStock: 10 },
      { variantId: shop.large, lotNumber: 'L2611B', expiryDate: null, gtin: '08901234567893', currentStock: 10 },
    ]).returning();
    await db.insert(orderLineLots).values([
      { orderId: order.id, variantId: shop.large, lotId: serialised.id, quantity: 2 },
      { orderId: order.id, variantId: shop.large, lotId: plain.id, quantity: 1 },
    ]);
    await db.insert(lotSerials).values(['SN-1001', 'SN-1002'].map((serial) => ({ lotId: serialised.id, serial, orderId: order.id })));
    const [line] = (await read(order.orderNumber, shop.staff.fulfilment)).lines;
    expect(line.lots).toEqual([
      {
        lot_number: 'L2611A', expiry_date: '2029-10-31', quantity: 2, serials: ['SN-1001', 'SN-1002'],
        udis: ['(01)08901234567893(17)291031(10)L2611A(21)SN-1001', '(01)08901234567893(17)291031(10)L2611A(21)SN-1002'],
      },
      { lot_number: 'L2611B', expiry_date: null, quantity: 1, serials: [], udis: ['(01)08901234567893(10)L2611B'] },
    ]);
  });

  it('offers each role the actions its routes and the order\'s state allow', async () => {
    const { orderId } = await buyRetractorsAndDrape();
    const actions = async (role: StaffRole) => (await read(orderId, shop.staff[role])).actions;
    const none = { ship: false, refund: false, cancel: false, print_slip: false, add_note: false, edit: false };
    expect(await actions('owner')).toEqual({ ship: true, refund: true, cancel: true, print_slip: false, add_note: true, edit: true });
    expect(await actions('fulfilment')).toEqual({ ...none, ship: true, cancel: true, add_note: true, edit: true });
    expect(await actions('sales')).toEqual({ ...none, refund: true, add_note: true });
    expect(await actions('support')).toEqual({ ...none, add_note: true });
    expect(await actions('catalogue')).toEqual(none);

    const lines = (await read(orderId)).lines;
    expect((await ship(orderId, [{ order_item_id: lines[0].id, quantity: 1 }])).statusCode).toBe(201);
    const part = await read(orderId, shop.staff.fulfilment);
    expect(part.lines.map((line) => line.shipped_quantity)).toEqual([1, 0]);
    // Part of it is booked to ship: no more edits.
    expect(part.actions).toEqual({ ...none, ship: true, print_slip: true, add_note: true });
    expect((await ship(orderId, [{ order_item_id: lines[0].id, quantity: 1 }, { order_item_id: lines[1].id, quantity: 1 }])).statusCode).toBe(201);
    const shipped = await read(orderId, shop.staff.fulfilment);
    expect(shipped.order.status).toBe('shipped');
    expect(shipped.actions).toEqual({ ...none, print_slip: true, add_note: true });
    expect(shipped.order.shipments.map((shipment) => shipment.carrierName)).toEqual(['Rider', 'Rider']);
    expect(shipped.order.trackingEvents.filter((event) => event.event === 'shipped')).toHaveLength(2);
  });

  it('carries the order\'s refunds and returns with their states', async () => {
    const { orderId, orderNumber, items } = await deliveredOrder(t, shop, [{ productId: shop.retractor, variantId: shop.small, quantity: 2 }]);
    const refunded = await t.app.inject({
      method: 'POST', url: `/api/staff/orders/${orderId}/refunds/`, headers: { ...shop.staff.sales, 'idempotency-key': `detail-${++key}` },
      payload: { amount: '5.00', reason: 'Scratched box' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const requested = await returnApi(t, shop).request(orderNumber, { items: [{ order_item_id: items[0].id, quantity: 1, reason: 'damaged' }] });
    expect(requested.statusCode, requested.body).toBe(201);
    const answer = await read(orderNumber, shop.staff.support);
    expect(answer.order.refunds).toEqual([expect.objectContaining({ amount: '5.00', status: 'succeeded', reason: 'Scratched box' })]);
    expect(answer.returns).toEqual([expect.objectContaining({ status: 'requested', order_number: orderNumber })]);
    expect(answer.returns[0]).not.toHaveProperty('buyer');
    expect(answer.order.shipments[0].status).toBe('delivered');
  });

  it('bills an organisation\'s order to its department, with the PO number', async () => {
    const { db } = t.database;
    const business = await createBusinessBuyer(db, { email: 'buyer@mayo.example', status: 'verified', hospitalName: 'Mayo Hospital Lahore' });
    const order = await insertOrder(db, business.user.id, [{ productId: shop.drape, quantity: 1 }]);
    const billTo = { ...testShippingAddress, firstName: 'Accounts', lastName: 'Office', address: '1 Finance Wing', email: 'accounts@mayo.example' };
    const [department] = await db.insert(organisationDepartments).values({
      organisationId: business.organisation!.id, name: 'Theatre', costCentre: 'CC-42', billTo, shipTo: [],
    }).returning();
    await db.insert(organisationOrders).values({ orderId: order.id, organisationId: business.organisation!.id, departmentId: department.id, poNumber: 'PO-7781' });
    await db.update(orders).set({ country: 'PK' }).where(eq(orders.id, order.id));

    const answer = await read(order.id, shop.staff.sales);
    expect(answer.organisation).toEqual({ name: 'Mayo Hospital Lahore', department: 'Theatre', cost_centre: 'CC-42', po_number: 'PO-7781' });
    expect(answer.bill_to).toMatchObject({ source: 'department', name: 'Accounts Office', address: '1 Finance Wing', email: 'accounts@mayo.example' });
    const hidden = await read(order.id, shop.staff.catalogue);
    expect(hidden.organisation?.po_number).toBe('PO-7781');
    expect(hidden.bill_to).toMatchObject({ source: 'department', name: null, address: null, email: null, phone: null });
  });
});
