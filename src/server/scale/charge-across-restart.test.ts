import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '#contracts/cart';
import { orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { paymentBody, TEST_WALLET } from '../test/commerce-fixtures.ts';
import { TEST_JWT_SECRET } from '../test/test-app.ts';
import { postJson, startApiProcess, type ApiProcess } from './api-process.ts';
import { postgresBinaries } from './postgres-cluster.ts';
import { startShopCluster, type ShopCluster } from './shop-cluster.ts';

// A JazzCash wallet payment approved on the phone while PostgreSQL is stopped: the gateway has charged, the shop
// cannot record it. The simulator's notification is retried as JazzCash retries it (now, after 2 s, after 10 s more);
// once the database is back, the notification or the sweeper's status inquiry confirms the order. The server is one
// of the test's own, so the shared one is never stopped.
const bin = postgresBinaries();
const runs = Boolean(process.env.TEST_DATABASE_URL) && bin !== undefined;
const STOCK = 10;

let shop: ShopCluster;
let api: ApiProcess;

beforeAll(async () => {
  if (!runs) return;
  shop = await startShopCluster(bin!, { stock: STOCK, buyers: 2 });
  api = await startApiProcess({
    DATABASE_URL: shop.url, REDIS_URL: '', JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'production', SEARCH_EMBEDDINGS: 'off', PAYMENT_MODE: 'sandbox',
  });
}, 120_000);
afterAll(async () => {
  await api?.stop();
  await shop?.cluster.destroy();
});

/** Two units in the cart, paid by JazzCash's wallet transaction: pending until the buyer approves on the phone. */
async function walletPaymentPending(buyer: Record<string, string>): Promise<string> {
  const added = await fetch(`${api.base}/api/cart/add-item/`, postJson(buyer, { product_id: shop.productId, quantity: 2 }));
  expect(added.status).toBe(200);
  const cart = await added.json() as Cart;
  const res = await fetch(`${api.base}/api/payment/process`, postJson(buyer,
    paymentBody('jazzcash', Number(cart.grand_total_pkr), { paymentData: { mobile: TEST_WALLET.mobile, cnic: TEST_WALLET.cnic } }),
    { 'idempotency-key': `wallet-${Date.now()}` }));
  const body = await res.json() as { status: string; transactionId: string };
  expect(res.status, JSON.stringify(body)).toBe(202);
  expect(body.status).toBe('pending');
  return body.transactionId;
}

/** The buyer approves on the simulator's stand-in for the phone, which needs nothing of the shop's database. */
async function approveOnPhone(transactionId: string) {
  const res = await fetch(`${api.base}/sandbox/jazzcash/wallet/${transactionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'approve', pin: TEST_WALLET.pin }).toString(),
  });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('Payment approved');
}

const occurrences = (text: string) => api.output().split(text).length - 1;

async function until(what: string, condition: () => boolean | Promise<boolean>, ms = 40_000) {
  const deadline = Date.now() + ms;
  while (!await condition()) {
    if (api.exited() !== null) throw new Error(`The API process exited (${api.exited()}) before ${what}:\n${api.output().slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`Not yet ${what} after ${ms / 1000} s:\n${api.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const orderOf = (transactionId: string) => shop.withDatabase(async ({ db }) => {
  const [row] = await db.select({ order: orders, payment: payments }).from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(payments.transactionId, transactionId));
  const events = await db.select({ event: orderEvents.event, status: orderEvents.status }).from(orderEvents)
    .where(eq(orderEvents.orderId, row.order.id));
  return { ...row, events };
});

/** Confirmed once, paid, its payment succeeded and never failed, its two units sold once. */
async function expectConfirmedOnce(transactionId: string, soldBefore: number) {
  const { order, payment, events } = await orderOf(transactionId);
  expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  expect(payment).toMatchObject({ status: 'succeeded', failureMessage: null, refundDueAt: null });
  expect(events.filter((e) => e.status === 'confirmed')).toHaveLength(1);
  expect(events.map((e) => e.status)).not.toContain('cancelled');
  const level = await shop.withDatabase(({ db }) => stockLevel(db, shop.variantId));
  expect(level).toMatchObject({ currentStock: STOCK - soldBefore - 2, reservedStock: 0 });
}

describe.skipIf(!runs)('a wallet payment approved while PostgreSQL is stopped', () => {
  it('is confirmed by the gateway\'s retried notification once the database is back, and never failed', async () => {
    const transactionId = await walletPaymentPending(shop.buyers[0]);
    const refusedBefore = occurrences('payment notification not applied');

    await shop.cluster.stop('fast');
    await approveOnPhone(transactionId);
    // The first try and the retry 2 s later meet the database away; the one 10 s after that finds it back.
    await until('two notifications refused', () => occurrences('payment notification not applied') >= refusedBefore + 2);
    await shop.cluster.start();

    await until('the order confirmed', async () => (await orderOf(transactionId)).order.status === 'confirmed');
    await expectConfirmedOnce(transactionId, 0);
  }, 90_000);

  it('is confirmed by the sweeper\'s status inquiry when every notification met the database away, and never failed', async () => {
    const transactionId = await walletPaymentPending(shop.buyers[1]);
    const givenUpBefore = occurrences('sandbox notification given up');

    await shop.cluster.stop('fast');
    await approveOnPhone(transactionId);
    await until('JazzCash gave its notification up', () => occurrences('sandbox notification given up') > givenUpBefore);
    await shop.cluster.start();
    // The reservation runs out, and the sweeper's period has passed: its next tick asks JazzCash.
    await until('the database back', () => shop.withDatabase(async ({ db }) => {
      await db.update(orders).set({ reservationExpiresAt: new Date(Date.now() - 1_000) })
        .where(eq(orders.id, (await orderOf(transactionId)).order.id));
      await db.execute(sql`update job_runs set last_started_at = now() - interval '1 hour' where name = 'reservation-sweep'`);
      return true;
    }).catch(() => false));

    await until('the order confirmed', async () => (await orderOf(transactionId)).order.status !== 'pending');
    await expectConfirmedOnce(transactionId, 2);
  }, 90_000);
});
