import { MAX_MOVEMENT_QUANTITY } from '#contracts/inventory';
import { createTestUser } from '../../src/server/test/auth-fixtures.ts';
import { serveBenchMessages } from './bench-process.ts';
import { seededApp } from './seeded-app.ts';

/**
 * The shop alone in a process of its own, for bench/api-load.ts: a fresh database (BENCH_POSTGRES_URL, else in-memory
 * PGlite) seeded with BENCH_VARIANTS demo variants, the API and the built storefront on 127.0.0.1. It tells the load
 * generator what to buy, signs buyers in for it, names products to open, and counts the statements it sends.
 */
const variants = Number(process.env.BENCH_VARIANTS ?? 1_200);
let statements = 0;
let inFlight = 0;
const seeded = await seededApp(variants, {
  postgresUrl: process.env.BENCH_POSTGRES_URL || undefined,
  storefront: true,
  observer: { onQuery: () => { statements++; } },
  extraRoutes: (api) => {
    api.addHook('onRequest', async () => { inFlight++; });
    api.addHook('onResponse', async () => { inFlight--; });
    api.addHook('onRequestAbort', async (_request) => { inFlight--; });
  },
});
const { app, database } = seeded;
const url = await app.listen({ host: '127.0.0.1', port: 0 });

const product = (await app.inject('/api/products/?ordering=price&category=general-surgery&page_size=1')).json().results[0];
// The variant a buyer picks: a product sold in several sizes is added to the cart by its variant.
const variantId: number = (await app.inject(`/api/products/${product.slug}/`)).json().variants[0].id;
const line = { product_id: product.id, variant_id: variantId, quantity: 1 };
// The checkout scenario sells a unit per request: receive enough for every one of them.
const staff = await createTestUser(database.db, { email: 'staff@example.com', staffRole: 'owner' });
await app.inject({ method: 'POST', url: `/api/inventory/${product.id}/movements/create/`, headers: staff.headers,
  payload: { kind: 'receive', variantId, quantity: MAX_MOVEMENT_QUANTITY, reason: 'Load test delivery' } });
const probe = await createTestUser(database.db, { email: 'probe@example.com' });
await app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: probe.headers, payload: line });
const total = Number((await app.inject({ url: '/api/cart/', headers: probe.headers })).json().grand_total);

let buyers = 0;
serveBenchMessages({
  buyers: async ({ count }) => ({
    kind: 'buyers',
    headers: await Promise.all(Array.from({ length: Number(count) }, async () =>
      (await createTestUser(database.db, { email: `load${++buyers}@example.com` })).headers)),
  }),
  statements: async () => ({ kind: 'statements', count: statements }),
  // Products in name order from `offset`: pages nobody has opened yet, so none is answered from the catalogue cache.
  slugs: async ({ offset, count }) => ({
    kind: 'slugs',
    slugs: (await app.inject(`/api/products/?ordering=name&page_size=${Number(count)}&page=${Number(offset) / Number(count) + 1}`))
      .json().results.map((row: { slug: string }) => row.slug),
  }),
}, async () => {
  // autocannon hangs up on requests still being answered when its time is up: they finish before the database closes.
  for (let waited = 0; inFlight > 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  await seeded.close();
});
process.send!({ kind: 'ready', url, line, total, variants, seedSeconds: seeded.seedSeconds });
