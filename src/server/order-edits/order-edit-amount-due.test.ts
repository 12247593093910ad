import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderEditView } from '#contracts/order-edits';
import type { Order } from '#contracts/orders';
import { orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { refunds } from '../db/schema/refunds.ts';
import { orderInvoices } from '../db/schema/organisations.ts';
import { shippingMethods } from '../db/schema/shipping.ts';
import { creditUsedCents } from '../organisations/invoice-terms.ts';
import { seedDemoShippingZones } from '../seed/shipping-zones.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, testShippingAddress, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';

let t: CommerceTestApp;
let buyer: Record<string, string>;
let fulfilment: Record<string, string>;
let productId: number;
let tcs: number;

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  await seedDemoShippingZones(db);
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 10_000, stock: 50 },
  ]);
  productId = products[0].id;
  buyer = (await createTestUser(db, { email: 'dr.ayesha@example.com' })).headers;
  fulfilment = (await createTestUser(db, { email: 'fulfilment@staff.example', staffRole: 'fulfilment' })).headers;
  tcs = (await db.select().from(shippingMethods)).find((method) => method.name === 'TCS Overnight')!.id;
});
afterAll(() => t.close());

describe('an order still to be paid in cash on delivery', () => {
  it('asks the courier for less: the amount due, its payment and the timeline follow the edit, and nothing is refunded', async () => {
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: productId, quantity: 3 } });
    const cart = (await t.app.inject({ method: 'GET', url: `/api/cart/?country=PK&city=Lahore&shipping_option_id=${tcs}`, headers: buyer }))
      .json<{ grand_total_pkr: string }>();
    const placed = await t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...buyer, 'idempotency-key': 'cod-edit-1' },
      payload: {
        paymentMethod: 'cash_on_delivery', currency: 'PKR', amount: Number(cart.grand_total_pkr),
        orderDetails: { shippingAddress: testShippingAddress, orderType: 'individual', shippingOptionId: tcs },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json<{ orderId: string }>();
    const { db } = t.database;
    // 3 × 100.00 + TCS Overnight 12.00 for 1.5 kg + its fee 1.50 = 313.50: PKR 86,892 and the fee PKR 418 at 278.50.
    expect((await db.select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({
      paymentStatus: 'awaiting_payment', totalCents: 31_350, shippingCents: 1_200, feeCents: 150, totalChargedMinor: 8_731_000,
    });
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));

    // No refund follows an unpaid order: no Idempotency-Key is needed.
    const response = await t.app.inject({
      method: 'POST', url: `/api/staff/orders/${orderId}/edits/`, headers: fulfilment,
      payload: { kind: 'quantity', order_item_id: line.id, quantity: 1 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<{ order: Order; edit: OrderEditView; refund: null }>();
    // 100.00 + 4.00 for one hemostat's 500 g + the courier's 1.50 = 105.50: PKR 28,964 and the same fee PKR 418.
    expect(answer.refund).toBeNull();
    expect(answer.edit).toMatchObject({ total_before: '313.50', total_after: '105.50', refund_id: null });
    expect(answer.order).toMatchObject({ paymentStatus: 'awaiting_payment', amountCharged: '29382.00' });
    expect(answer.order.breakdown).toMatchObject({ subtotal: '100.00', shipping: '4.00', fee: '1.50', total: '105.50' });
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: 'pending', amountMinor: 2_896_400, feeMinor: 41_800 });
    expect(await db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
    const mail = t.mailer.sent.find((sent) => sent.subject.includes('changed'))!;
    expect(mail.text).toContain('The amount to pay is now PKR 29,382.00.');
  });
});

describe('an order on payment terms', () => {
  it('lowers the invoice and the credit it uses when a quantity is lowered', async () => {
    const { db } = t.database;
    const hospital = await createBusinessBuyer(db, { email: 'net30@clinic.example', status: 'verified', paymentTerms: 'net30', creditLimitCents: 500_000 });
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: hospital.headers, payload: { product_id: productId, quantity: 2 } });
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: hospital.headers })).json<{ grand_total: string }>();
    const placed = await t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...hospital.headers, 'idempotency-key': 'invoice-edit-1' },
      payload: { ...paymentBody('invoice', Number(cart.grand_total)), currency: 'USD' } as unknown as Record<string, unknown>,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json<{ orderId: string }>();
    const [before] = await db.select().from(orders).where(eq(orders.id, orderId));
    // 2 × 100.00 + the standard 75.00, no tax and no fee on terms.
    expect(before).toMatchObject({ paymentStatus: 'awaiting_payment', subtotalCents: 20_000, totalCents: 27_500, totalChargedMinor: 27_500 });
    expect(await creditUsedCents(db, hospital.organisation!.id)).toBe(27_500);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));

    const response = await t.app.inject({
      method: 'POST', url: `/api/staff/orders/${orderId}/edits/`, headers: fulfilment,
      payload: { kind: 'quantity', order_item_id: line.id, quantity: 1 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [after] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(after).toMatchObject({ subtotalCents: 10_000, shippingCents: 7_500, totalCents: 17_500, totalChargedMinor: 17_500 });
    const [invoice] = await db.select().from(orderInvoices).where(eq(orderInvoices.orderId, orderId));
    expect(invoice.amountCents).toBe(17_500);
    expect(await creditUsedCents(db, hospital.organisation!.id)).toBe(17_500);
    expect(response.json<{ refund: null }>().refund).toBeNull();
  });
});
