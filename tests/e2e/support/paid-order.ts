import type { APIRequestContext, TestInfo } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { addToCart } from './cart.ts';
import { registerAccount } from './session.ts';

/**
 * A fresh buyer who pays by card for `quantity` units of the cheapest roomy product (or of each of the `lines`
 * cheapest, or of `product`), all through the API.
 */
export async function paidOrder(request: APIRequestContext, testInfo: TestInfo,
  { lines = 1, quantity = 1, product }: { lines?: number; quantity?: number; product?: { id: number; slug: string } } = {}) {
  const { session } = await registerAccount(request, testInfo, 'individual', { verify: false });
  const headers = { Authorization: `Bearer ${session.token}` };
  const { results } = (await (await request.get('/api/products/?in_stock=true&ordering=price&page_size=40')).json()) as {
    results: { id: number; slug: string; stock_quantity: number }[];
  };
  const bought = product ? [product] : results.filter((p) => p.stock_quantity >= 5).slice(0, lines);
  for (const item of bought) expect((await addToCart(request, headers, item, quantity)).ok()).toBe(true);
  const cart = (await (await request.get('/api/cart/', { headers })).json()) as { grand_total: string };
  const paid = await request.post('/api/payment/process', {
    headers: { ...headers, 'Idempotency-Key': `e2e-orders-${Date.now()}` },
    data: {
      paymentMethod: 'credit_card',
      amount: Number(cart.grand_total),
      currency: 'USD',
      paymentData: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvv: '123', cardName: 'Sana Malik' },
      orderDetails: {
        items: [],
        shippingAddress: {
          email: 'sana.malik@example.com', firstName: 'Sana', lastName: 'Malik', address: '12 Hospital Road',
          city: 'Lahore', postalCode: '54000', phone: '+92 300 1234567',
        },
        orderType: 'individual',
      },
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const { orderNumber } = (await paid.json()) as { orderNumber: string };
  return { session, orderNumber };
}
