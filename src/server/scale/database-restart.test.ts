import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '#contracts/cart';
import { stockMovements } from '../db/schema/inventory.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { paymentBody } from '../test/commerce-fixtures.ts';
import { lotTotals } from '../test/lot-fixtures.ts';
import { TEST_JWT_SECRET } from '../test/test-app.ts';
import { postJson, startApiProcess, type ApiProcess } from './api-process.ts';
import { postgresBinaries } from './postgres-cluster.ts';
import { startShopCluster, type ShopCluster } from './shop-cluster.ts';

// PostgreSQL stopped and started again under checkout traffic through two API processes. The server is one of the
// test's own (initdb'd here), so the shared one is never stopped; it runs in the PostgreSQL leg where PostgreSQL's
// binaries are installed.
const bin = postgresBinaries();
const runs = Boolean(process.env.TEST_DATABASE_URL) && bin !== undefined;
const SHOPPERS = 12;
const STOCK = 10_000;

let shop: ShopCluster;
let processes: ApiProcess[] = [];

beforeAll(async () => {
  if (!runs) return;
  shop = await startShopCluster(bin!, { stock: STOCK, buyers: SHOPPERS });
  // No Redis, whatever the environment names: the outage here is the database's alone.
  const env = { DATABASE_URL: shop.url, REDIS_URL: '', JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'production', SEARCH_EMBEDDINGS: 'off' };
  processes = await Promise.all([startApiProcess(env), startApiProcess(env)]);
}, 120_000);
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await shop?.cluster.destroy();
});

interface Paid {
  process: number;
  transactionId: string;
}

/** Buyers checking out one unit after another, each round through the other process, until told to stop. */
function checkoutTraffic() {
  const paid: Paid[] = [];
  const statuses = new Map<number | string, number>();
  let stopping = false;
  const count = (status: number | string) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const answer = async <T>(res: Response): Promise<T | undefined> => {
    count(res.status);
    if (res.status === 503) expect(res.headers.get('retry-after')).toBe('5');
    return res.ok ? await res.json() as T : undefined;
  };
  const buyer = async (headers: Record<string, string>, i: number) => {
    for (let round = 0; !stopping; round++) {
      const which = (i + round) % 2;
      const base = processes[which].base;
      try {
        let cart = await answer<Cart>(await fetch(`${base}/api/cart/`, { headers }));
        if (cart?.item_count === 0) {
          cart = await answer<Cart>(await fetch(`${base}/api/cart/add-item/`, postJson(headers, { product_id: shop.productId, quantity: 1 })));
        }
        if (!cart) continue;
        const payment = await answer<{ transactionId: string }>(await fetch(`${base}/api/payment/process`,
          postJson(headers, paymentBody('credit_card', Number(cart.grand_total)), { 'idempotency-key': randomUUID() })));
        if (payment) paid.push({ process: which, transactionId: payment.transactionId });
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        // fetch failed: the process is gone, which `until` reports with its output.
        count('no answer');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const running = Promise.all(shop.buyers.map(buyer));
  return {
    paid,
    statuses,
    /** Both processes have sold since the given count of sales. */
    soldThroughBoth: (since: number) => new Set(paid.slice(since).map((p) => p.process)).size === 2,
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}

/** Waits for the condition, and fails at once, with its log, when an API process has exited meanwhile. */
async function until(what: string, condition: () => boolean) {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    const gone = processes.find((p) => p.exited() !== null);
    if (gone) throw new Error(`An API process exited (${gone.exited()}) before ${what}:\n${gone.output().slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`Not yet ${what} after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!runs)('PostgreSQL stopping and starting again under checkout traffic through two API processes', () => {
  it('leaves both processes running, answering 503 while it is down and selling again once it is back, with stock and money consistent', async () => {
    const traffic = checkoutTraffic();
    await until('both processes sold', () => traffic.soldThroughBoth(0));

    await shop.cluster.stop('fast');
    await until('every buyer met a 503', () => (traffic.statuses.get(503) ?? 0) >= SHOPPERS);
    const beforeRestart = traffic.paid.length;
    await shop.cluster.start();
    // Both processes sell again on their own, without a restart.
    await until('both processes sold again', () => traffic.soldThroughBoth(beforeRestart));
    await traffic.stop();

    expect(processes.map((p) => p.exited())).toEqual([null, null]);
    expect(traffic.statuses.get('no answer')).toBeUndefined();
    for (const p of processes) expect((await fetch(`${p.base}/api/health`)).status).toBe(200);

    await shop.withDatabase(async ({ db }) => {
      // Every checkout answered 201 is a paid order, and every paid order has its payment, succeeded.
      const paidOrders = await db.select({ id: orders.id, transactionId: payments.transactionId, payment: payments.status })
        .from(orders).leftJoin(payments, eq(payments.orderId, orders.id))
        .where(and(eq(orders.status, 'confirmed'), eq(orders.paymentStatus, 'paid')));
      expect(paidOrders.every((order) => order.payment === 'succeeded')).toBe(true);
      expect(paidOrders.map((order) => order.transactionId)).toEqual(expect.arrayContaining(traffic.paid.map((p) => p.transactionId)));
      const succeeded = await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.status, 'succeeded'));
      expect(succeeded.map((payment) => payment.orderId).sort()).toEqual(paidOrders.map((order) => order.id).sort());

      // Stock: sold units are exactly the paid orders' units, held units exactly the pending orders'; the ledger and
      // the lots add up to the same columns, and nothing was oversold.
      const units = async (status: 'confirmed' | 'pending') => {
        const [row] = await db.select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` }).from(orderItems)
          .where(inArray(orderItems.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.status, status))));
        return row.n;
      };
      const level = await stockLevel(db, shop.variantId);
      expect(level.currentStock).toBe(STOCK - await units('confirmed'));
      expect(level.reservedStock).toBe(await units('pending'));
      expect(level.availableStock).toBeGreaterThanOrEqual(0);
      const [ledger] = await db.select({
        current: sql<number>`coalesce(sum(quantity) filter (where kind in ('receive', 'return', 'adjust', 'damage', 'sale')), 0)::int`,
        reserved: sql<number>`coalesce(sum(quantity) filter (where kind in ('reserve', 'release')), 0)::int`,
      }).from(stockMovements).where(eq(stockMovements.variantId, shop.variantId));
      expect({ current: STOCK + ledger.current, reserved: ledger.reserved }).toEqual({ current: level.currentStock, reserved: level.reservedStock });
      const lots = await lotTotals(db, shop.variantId);
      expect(lots.lots).toEqual(lots.item);
    });
  }, 120_000);
});
