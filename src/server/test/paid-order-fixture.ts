import type { CommerceTestApp } from './commerce-fixtures.ts';
import { paymentBody } from './commerce-fixtures.ts';

let keyCounter = 0;

/**
 * Puts these lines in the user's cart (`variantId` for a product with several) and pays by card in USD through the
 * real checkout; returns the order id.
 */
export async function buyByCard(
  t: CommerceTestApp, headers: Record<string, string>, lines: { productId: number; variantId?: number; quantity: number }[],
) {
  for (const line of lines) {
    const added = await t.app.inject({
      method: 'POST', url: '/api/cart/add-item/', headers,
      payload: { product_id: line.productId, variant_id: line.variantId, quantity: line.quantity },
    });
    if (added.statusCode !== 200) throw new Error(`adding to the cart failed: ${added.body}`);
  }
  const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers })).json<{ grand_total: string }>();
  const response = await t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': `order-test-${++keyCounter}` },
    payload: paymentBody('credit_card', Number(cart.grand_total)) as unknown as Record<string, unknown>,
  });
  if (response.statusCode !== 201) throw new Error(`payment failed: ${response.body}`);
  return response.json<{ orderId: string; orderNumber: string }>();
}
