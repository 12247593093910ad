import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { GATEWAY_TIMEOUT_MESSAGE } from '../payment/providers/gateway-timeout.ts';
import type { ChargeResult } from '../payment/providers/payment-provider.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';

let t: CommerceTestApp;
let productId: number;
let variantId: number;
let buyer: Record<string, string>;
let answerLate: (result: ChargeResult) => void;

beforeAll(async () => {
  t = await createCommerceTestApp({
    env: { PAYMENT_TIMEOUT_MS: '100' },
    providers: {
      // A gateway that hangs until the test lets it answer, long after the timeout.
      credit_card: { method: 'credit_card', charge: () => new Promise<ChargeResult>((resolve) => { answerLate = resolve; }) },
    },
  });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 3 },
  ]);
  productId = products[0].id;
  variantId = products[0].variantId;
  buyer = (await createTestUser(t.database.db, { email: 'buyer@example.com' })).headers;
  await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: productId, quantity: 2 } });
});
afterAll(() => t.close());

describe('a payment gateway that does not answer in time', () => {
  it('fails the payment, cancels the order and releases its stock at once; a late success changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...buyer, 'idempotency-key': 'slow-gateway' },
      payload: paymentBody('credit_card', 111), // 36.00 + 75.00 shipping
    });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ detail: GATEWAY_TIMEOUT_MESSAGE, code: 'PAYMENT_DECLINED', params: { reason: 'timeout' } });
    expect(await stockLevel(t.database.db, variantId)).toEqual({ variantId, currentStock: 3, reservedStock: 0, availableStock: 3 });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.transactionId, res.json().transactionId));
    expect(payment).toMatchObject({ status: 'failed', failureMessage: GATEWAY_TIMEOUT_MESSAGE });

    answerLate({ status: 'succeeded', reference: 'LATE-1', message: 'Approved' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, payment.orderId));
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await t.database.db.select().from(orders).where(eq(orders.paymentStatus, 'paid'))).toEqual([]);
    expect(await stockLevel(t.database.db, variantId)).toMatchObject({ reservedStock: 0, currentStock: 3 });
  });
});
