import type { PaymentMethod } from '#contracts/payment';
import type { CommerceTestApp } from './commerce-fixtures.ts';
import { paymentBody } from './commerce-fixtures.ts';

let keyCounter = 0;

type Lines = { productId: number; variantId?: number; quantity: number }[];

/**
 * Puts these lines in the user's cart (`variantId` for a product with several) and pays by card in USD through the
 * real checkout; returns the order id.
 */
export const buyByCard = (t: CommerceTestApp, headers: Record<string, string>, lines: Lines) => buyWith(t, headers, lines, 'credit_card');

/** As buyByCard, paying by `method`: by card in USD, by the others in PKR. */
export async function buyWith(t: CommerceTestApp, headers: Record<string, string>, lines: Lines, method: PaymentMethod) {
  for (const line of lines) {
    const added = await t.app.inject({
      method: 'POST', url: '/api/cart/add-item/', headers,
      payload: { product_id: line.productId, variant_id: line.variantId, quantity: line.quantity },
    });
    if (added.statusCode !== 200) throw new Error(`adding to the cart failed: ${added.body}`);
  }
  const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers })).json<{ grand_total: string; grand_total_pkr: string }>();
  const response = await t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': `order-test-${++keyCounter}` },
    payload: paymentBody(method, Number(method === 'credit_card' ? cart.grand_total : cart.grand_total_pkr)) as unknown as Record<string, unknown>,
  });
  if (response.statusCode !== 201) throw new Error(`payment failed: ${response.body}`);
  return response.json<{ orderId: string; orderNumber: string }>();
}
