import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '#contracts/cart';
import type { Order, OrderShipment } from '#contracts/orders';
import { shippingMethods } from '../db/schema/shipping.ts';
import { shipments } from '../db/schema/shipments.ts';
import { seedDemoShippingZones } from '../seed/shipping-zones.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, testShippingAddress, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { freePort } from '../test/free-port.ts';
import { collectCodRemittances } from './cod-remittance-job.ts';

let t: CommerceTestApp;
let origin: string;
let buyer: Record<string, string>;
let packer: Record<string, string>;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createCommerceTestApp({ port });
  const { db } = t.database;
  await seedDemoShippingZones(db);
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 10_000, stock: 20 },
  ]);
  buyer = (await createTestUser(db, { email: 'dr.ayesha@example.com' })).headers;
  packer = (await createTestUser(db, { email: 'packer@staff.example', staffRole: 'fulfilment' })).headers;
  await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: products[0].id, quantity: 2 } });
});
afterAll(() => t.close());

const jobDeps = () => ({ db: t.database.db, log: t.app.log, carriers: t.app.shipping.carriers });
const orderOf = async (id: string) => (await t.app.inject({ method: 'GET', url: '/api/orders/', headers: buyer })).json<{ orders: Order[] }>()
  .orders.find((order) => order.id === id)!;

describe('the COD remittance job, asking Leopards over HTTP', () => {
  it('marks a cash-on-delivery order paid once Leopards says it remitted the cash, and only once', async () => {
    const [leopards] = await t.database.db.select().from(shippingMethods).where(eq(shippingMethods.name, 'Leopards Overnight'));
    const cart = (await t.app.inject({
      method: 'GET', url: `/api/cart/?country=PK&city=Lahore&shipping_option_id=${leopards.id}`, headers: buyer,
    })).json<Cart>();
    const placed = await t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...buyer, 'idempotency-key': 'cod-leopards' },
      payload: {
        paymentMethod: 'cash_on_delivery', currency: 'PKR', amount: Number(cart.grand_total_pkr),
        orderDetails: { shippingAddress: testShippingAddress, orderType: 'individual', shippingOptionId: leopards.id },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId, totalCharged } = placed.json<{ orderId: string; totalCharged: number }>();
    const order = await orderOf(orderId);
    const shipped = await t.app.inject({
      method: 'POST', url: `/api/staff/orders/${orderId}/shipments/`, headers: packer,
      payload: { items: order.items.map((item) => ({ order_item_id: item.id, quantity: item.quantity })), carrier: 'leopards', service: 'OVERNIGHT' },
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const { trackingNumber } = shipped.json<{ shipment: OrderShipment }>().shipment;
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.trackingNumber, trackingNumber));
    expect(row).toMatchObject({ codAmountMinor: Math.round(totalCharged * 100), codCurrency: 'PKR' });

    // In transit, Leopards has collected nothing yet.
    expect(await collectCodRemittances(jobDeps())).toBe(0);
    expect((await orderOf(orderId)).paymentStatus).toBe('awaiting_payment');

    // Picked up, in transit, out for delivery, delivered: Leopards remits what it collected.
    for (let step = 0; step < 4; step++) {
      expect((await fetch(`${origin}/sandbox/leopards/consignments/${trackingNumber}/advance`, { method: 'POST' })).ok).toBe(true);
    }
    expect(await collectCodRemittances(jobDeps())).toBe(1);
    const paid = await orderOf(orderId);
    expect(paid.paymentStatus).toBe('paid');
    expect(paid.trackingEvents[0]).toMatchObject({ event: 'payment_received' });
    expect(await collectCodRemittances(jobDeps())).toBe(0);
  });
});
