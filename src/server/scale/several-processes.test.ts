import { randomInt } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCommerceDefaults } from '../checkout/commerce-defaults.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail-outbox.ts';
import { orders } from '../db/schema/orders.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { paymentBody } from '../test/commerce-fixtures.ts';
import { stockEventReader } from '../test/sse-reader.ts';
import { TEST_JWT_SECRET } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { postJson, startApiProcess, type ApiProcess } from './api-process.ts';

// Two real API processes over one PostgreSQL database and one Redis, as several instances behind a load balancer
// run; PGlite is one process's own database, so this runs only with TEST_DATABASE_URL.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUYERS = 30;
const UNITS = 8;

let database: Database;
let processes: ApiProcess[] = [];
let productId: number;
let variantId: number;
/** Out of stock, with a buyer waiting for it. */
let awaitedId: number;
let staff: Record<string, string>;

beforeAll(async () => {
  if (!onPostgres) return;
  const testDatabase = await createTestDatabase();
  database = testDatabase;
  await ensureCommerceDefaults(database.db);
  const { products } = await insertCatalogue(database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: UNITS },
    { name: 'Satinsky Clamp', category: 'general-surgery', priceCents: 18_950, stock: 0 },
  ]);
  productId = products[0].id;
  variantId = products[0].variantId;
  awaitedId = products[1].id;
  staff = (await createTestUser(database.db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
  // One proxy in front, as behind a load balancer: each test names its client address in X-Forwarded-For.
  const env = { DATABASE_URL: testDatabase.url!, REDIS_URL, JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'production', TRUST_PROXY: '1' };
  processes = await Promise.all([startApiProcess(env), startApiProcess(env)]);
}, 120_000);
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await database?.close();
});

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL and one Redis', () => {
  it('share the login rate limit: the eleventh failed attempt is refused whichever process answers', async () => {
    // Counters live in Redis beyond this run: a client address and accounts of its own keep earlier runs out of the count.
    const client = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
    const run = randomInt(1e9);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${processes[i % 2].base}/api/auth/login/`,
        postJson(client, { email: `nobody${i}-${run}@example.com`, password: 'Not-the-password' }));
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('share live stock: a movement made through one process reaches a stream held open on the other', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${processes[1].base}/api/inventory/stream?ids=${productId}`, { signal: controller.signal });
    const next = stockEventReader(stream.body!);
    expect(await next()).toMatchObject({ productId, availableStock: UNITS });
    const received = await fetch(`${processes[0].base}/api/inventory/${productId}/movements/create/`,
      postJson(staff, { kind: 'receive', quantity: 2, reason: 'Delivery' }));
    expect(received.status).toBe(201);
    expect(await next()).toMatchObject({ productId, availableStock: UNITS + 2, currentStock: UNITS + 2 });
    const adjusted = await fetch(`${processes[0].base}/api/inventory/${productId}/movements/create/`,
      postJson(staff, { kind: 'adjust', quantity: -2, reason: 'Counted again' }));
    expect(adjusted.status).toBe(201);
    expect(await next()).toMatchObject({ productId, availableStock: UNITS });
    controller.abort();
  });

  it('mail a buyer waiting for a product once when it comes back, though both processes hear of it', async () => {
    const waiting = await createTestUser(database.db, { email: 'waiting@example.com' });
    const subscribed = await fetch(`${processes[0].base}/api/products/${awaitedId}/notify/`, { method: 'POST', headers: waiting.headers });
    expect(subscribed.status).toBe(200);
    const controller = new AbortController();
    const streams = await Promise.all(processes.map(async (p) => {
      const next = stockEventReader((await fetch(`${p.base}/api/inventory/stream?ids=${awaitedId}`, { signal: controller.signal })).body!);
      expect(await next()).toMatchObject({ productId: awaitedId, availableStock: 0 });
      return next;
    }));
    const receive = async (through: ApiProcess, quantity: number) => {
      const res = await fetch(`${through.base}/api/inventory/${awaitedId}/movements/create/`,
        postJson(staff, { kind: 'receive', quantity, reason: 'Delivery' }));
      expect(res.status).toBe(201);
    };
    await receive(processes[1], 2);
    for (const next of streams) expect(await next()).toMatchObject({ productId: awaitedId, availableStock: 2 });
    // Each process follows its changes in order: once both push the next one, both have dealt with the return.
    await receive(processes[0], 1);
    for (const next of streams) expect(await next()).toMatchObject({ productId: awaitedId, availableStock: 3 });
    controller.abort();
    const mail = await database.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.to, 'waiting@example.com'));
    expect(mail).toEqual([{ kind: 'back_in_stock' }]);
  });

  it(`never oversell: ${BUYERS} buyers paying at once through both processes for ${UNITS} units`, async () => {
    const buyers: Record<string, string>[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const { headers } = await createTestUser(database.db, { email: `buyer${i}@example.com` });
      const added = await fetch(`${processes[i % 2].base}/api/cart/add-item/`, postJson(headers, { product_id: productId, quantity: 1 }));
      expect(added.status).toBe(200);
      buyers.push(headers);
    }
    // 18.00 + 75.00 shipping, tax 0; each buyer pays through the process that did not take their cart.
    const answers = await Promise.all(buyers.map((headers, i) => fetch(`${processes[(i + 1) % 2].base}/api/payment/process`,
      postJson(headers, paymentBody('credit_card', 93), { 'idempotency-key': `buyer-${i}` }))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(UNITS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - UNITS);
    expect(await stockLevel(database.db, variantId)).toEqual({ variantId, currentStock: 0, reservedStock: 0, availableStock: 0 });
    const [{ n }] = await database.db.select({ n: count() }).from(orders)
      .where(and(eq(orders.status, 'confirmed'), eq(orders.paymentStatus, 'paid')));
    expect(n).toBe(UNITS);
  }, 90_000);
});
