import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { createCommerceTestApp, paymentBody, TEST_CARD, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createTestApp } from '../test/test-app.ts';

const TOKEN = 'metrics-token-0123456789';
let t: CommerceTestApp;
let buyer: Record<string, string>;
let productId: number;
let slug: string;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { METRICS_TOKEN: TOKEN } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 2_000, stock: 20 },
  ]);
  productId = products[0].id;
  slug = products[0].slug;
  buyer = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
});
afterAll(() => t.close());

const scrape = async (authorization = `Bearer ${TOKEN}`) => t.app.inject({ url: '/metrics', headers: { authorization } });

/** The value of one series in Prometheus' text format, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all')).statusCode).toBe(401);
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('counts requests by route pattern, not by address', async () => {
    await t.app.inject(`/api/products/${slug}/`);
    await t.app.inject('/api/products/no-such-product/');
    const text = (await scrape()).body;
    expect(text).toMatch(/shop_http_request_duration_seconds_count\{route="\/api\/products\/:slug\/",method="GET",status="200"\} 1/);
    expect(text).toMatch(/shop_http_request_duration_seconds_count\{route="\/api\/products\/:slug\/",method="GET",status="404"\} 1/);
    expect(text).not.toContain('no-such-product');
  });

  it('counts checkouts by outcome and declines by payment method', async () => {
    await buyByCard(t, buyer, [{ productId, quantity: 1 }]);
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: productId, quantity: 1 } });
    const cart = (await t.app.inject({ url: '/api/cart/', headers: buyer })).json<{ grand_total: string }>();
    const declined = await t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...buyer, 'idempotency-key': 'metrics-decline' },
      payload: paymentBody('credit_card', Number(cart.grand_total), { paymentData: { ...TEST_CARD, cardNumber: '4000 0000 0000 0002' } }) as never,
    });
    expect(declined.statusCode).toBe(402);
    const text = (await scrape()).body;
    expect(valueOf(text, 'shop_checkout_outcomes_total{outcome="placed"}')).toBe(1);
    expect(valueOf(text, 'shop_checkout_outcomes_total{outcome="declined"}')).toBe(1);
    expect(valueOf(text, 'shop_payment_declines_total{method="credit_card"}')).toBe(1);
    expect(text).toMatch(/shop_db_connections\{state="[a-z ]+"\} [1-9]/);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there', async () => {
    const app = await createTestApp();
    try {
      expect((await app.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
