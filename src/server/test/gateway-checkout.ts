import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { NextAction, PaymentMethod } from '#contracts/payment';
import { orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { createTestUser } from './auth-fixtures.ts';
import { insertCatalogue } from './catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from './commerce-fixtures.ts';
import { freePort } from './free-port.ts';
import { formsOf, postForm } from './gateway-simulator-kit.ts';
import { notificationGate, type NotificationGate } from './notification-gate.ts';

type InjectAnswer = Awaited<ReturnType<FastifyInstance['inject']>>;

/** The answer of POST /api/payment/process, as far as the tests read it (next_action when it requires one). */
export interface ProcessAnswer {
  transactionId: string;
  orderId: number;
  status: string;
  next_action: NextAction;
  [field: string]: unknown;
}

/**
 * Checkout through the sandbox's gateways over the network, as in the demo: the shop listens on its own address, the
 * simulators post the buyer back and send their notifications to it (through `gate`), and the buyer's browser is
 * played by fetching the pages and posting their forms. One product, a Kelly Hemostat, is on sale.
 */
export interface GatewayCheckout {
  t: CommerceTestApp;
  origin: string;
  gate: NotificationGate;
  variantId: number;
  /** A new buyer pays for one Kelly Hemostat: the shop's answer to POST /api/payment/process. */
  pay(method: PaymentMethod, paymentData: Record<string, string> | undefined, currency?: 'PKR' | 'USD'): Promise<{
    headers: Record<string, string>;
    answer: InjectAnswer;
    body: ProcessAnswer;
  }>;
  verify(transactionId: string, headers: Record<string, string>): Promise<unknown>;
  /** The payment, its order and how many times the order was confirmed. */
  orderOf(transactionId: string): Promise<{ order: typeof orders.$inferSelect; payment: typeof payments.$inferSelect; confirmations: number }>;
  close(): Promise<void>;
}

export async function startGatewayCheckout(): Promise<GatewayCheckout> {
  const port = await freePort();
  const gate = notificationGate();
  const t = await createCommerceTestApp({ port, sandboxFetch: gate.fetch });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 100 },
  ]);
  let buyers = 0;

  async function pay(method: PaymentMethod, paymentData: Record<string, string> | undefined, currency: 'PKR' | 'USD' = 'PKR') {
    const { headers } = await createTestUser(t.database.db, { email: `buyer${++buyers}@example.com` });
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: products[0].id, quantity: 1 } });
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers })).json();
    const amount = Number(currency === 'PKR' ? cart.grand_total_pkr : cart.grand_total);
    const body = { ...paymentBody(method, amount), currency, paymentData };
    const answer = await t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': `k-${buyers}` }, payload: body as object,
    });
    return { headers, answer, body: answer.json<ProcessAnswer>() };
  }

  return {
    t, origin: `http://127.0.0.1:${port}`, gate, variantId: products[0].variantId, pay,
    verify: async (transactionId, headers) => (await t.app.inject({ method: 'GET', url: `/api/payment/verify/${transactionId}`, headers })).json(),
    async orderOf(transactionId) {
      const [row] = await t.database.db.select({ order: orders, payment: payments }).from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(payments.transactionId, transactionId));
      const confirmations = await t.database.db.select().from(orderEvents)
        .where(and(eq(orderEvents.orderId, row.order.id), eq(orderEvents.status, 'confirmed')));
      return { ...row, confirmations: confirmations.length };
    },
    close: () => t.close(),
  };
}

/** The units of the Kelly Hemostat held for orders not yet paid. */
export const reservedUnits = async (shop: GatewayCheckout): Promise<number> =>
  (await stockLevel(shop.t.database.db, shop.variantId)).reservedStock;

/** The buyer's browser on a hosted page: the shop's next_action posted, then the page's own form with what is typed. */
export async function payOnPage(nextAction: { url: string; method: string; fields: Record<string, string> }, typed: Record<string, string>) {
  const page = nextAction.method === 'POST' ? await postForm(nextAction.url, nextAction.fields) : await fetch(nextAction.url);
  expect(page.status).toBe(200);
  const [form] = formsOf(await page.text());
  return postForm(new URL(form.action, nextAction.url).href, { ...form.fields, ...typed });
}
