import type { APIRequestContext, TestInfo } from '@playwright/test';
import type { Order } from '#contracts/orders';
import { expect } from '../fixtures.ts';
import { paidOrder } from './paid-order.ts';
import { bearer, staffSession } from './session.ts';

/**
 * A paid order that staff shipped whole by hand (carrier 'other') and marked delivered, all through the API: what a
 * return needs, without a courier's days.
 */
export async function deliveredOrder(request: APIRequestContext, testInfo: TestInfo, buying: Parameters<typeof paidOrder>[2] = {}) {
  const paid = await paidOrder(request, testInfo, buying);
  const headers = bearer(await staffSession(request));
  const listed = await request.get(`/api/staff/orders/?search=${paid.orderNumber}`, { headers });
  const [order] = ((await listed.json()) as { orders: Order[] }).orders;
  const shipped = await request.post(`/api/staff/orders/${order.id}/shipments/`, {
    headers,
    data: {
      carrier: 'other', carrier_name: 'Shop van', tracking_number: `VAN-${paid.orderNumber}`,
      items: order.items.map((item) => ({ order_item_id: item.id, quantity: item.quantity })),
    },
  });
  expect(shipped.status(), await shipped.text()).toBe(201);
  const delivered = await request.post(`/api/staff/orders/${order.id}/status/`, { headers, data: { status: 'delivered' } });
  expect(delivered.status(), await delivered.text()).toBe(200);
  return { ...paid, order: ((await delivered.json()) as { order: Order }).order };
}
