import autocannon, { type Client, type Request } from 'autocannon';
import { MAX_MOVEMENT_QUANTITY } from '#contracts/inventory';
import { createTestUser } from '../src/server/test/auth-fixtures.ts';
import { paymentBody } from '../src/server/test/commerce-fixtures.ts';
import { seededApp, type SeededApp } from './support/seeded-app.ts';

/**
 * HTTP load on 127.0.0.1 with autocannon for the routes a buyer leans on, next to a plain Fastify JSON route served
 * by the same process in the same run: the ratio to that ceiling is the figure that matters. On PGlite and on
 * PostgreSQL (BENCH_DATABASE_URL, default the machine's postgres://postgres@127.0.0.1:5432/test).
 */
const PRODUCTS = 1_200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** Every request accepts compressed answers, as every browser's does. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Scenario {
  name: string;
  requests: Request[];
  /** Each connection signs in as its own buyer. */
  perBuyer?: boolean;
}

const json = (method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Request =>
  ({ method, path, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

async function scenarios(seeded: SeededApp): Promise<Scenario[]> {
  const { app, database } = seeded;
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
  let checkout = 0;
  return [
    { name: 'plain Fastify JSON route (baseline)', requests: [{ method: 'GET', path: '/bench/baseline' }] },
    { name: 'product list with filters', requests: [{ method: 'GET', path: '/api/products/?category=general-surgery&min_price=10&max_price=500&in_stock=true&ordering=price' }] },
    { name: 'product detail', requests: [{ method: 'GET', path: `/api/products/${product.slug}/` }] },
    { name: 'server-rendered product page', requests: [{ method: 'GET', path: `/products/${product.slug}` }] },
    { name: 'server-rendered catalogue page', requests: [{ method: 'GET', path: '/products?category=general-surgery&page=2' }] },
    { name: 'search', requests: [json('POST', '/api/search', { query: 'metzenbam sissors', includeSemanticSearch: true, maxResults: 20 })] },
    { name: 'suggestions', requests: [json('POST', '/api/search/suggestions', { query: 'forc' })] },
    {
      name: 'add to cart (+ remove the line)', perBuyer: true, requests: [
        { ...json('POST', '/api/cart/add-item/', line),
          onResponse: (status, body, context: { itemId?: number }) => {
            if (status !== 200) throw new Error(`add to cart answered ${status}: ${body}`);
            context.itemId = JSON.parse(body).items[0].id;
          } },
        { method: 'DELETE', path: '/',
          setupRequest: (request, context: { itemId?: number }) => ({ ...request, path: `/api/cart/items/${context.itemId}/` }) },
      ],
    },
    {
      name: 'whole checkout (add to cart + card payment)', perBuyer: true, requests: [
        json('POST', '/api/cart/add-item/', line),
        { ...json('POST', '/api/payment/process', paymentBody('credit_card', total)), setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': `bench-${++checkout}` } }) },
      ],
    },
  ];
}

async function run(seeded: SeededApp, scenario: Scenario, base: string) {
  const buyers = scenario.perBuyer
    ? await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => createTestUser(seeded.database.db, { email: `load${i}-${Date.now()}@example.com` })))
    : [];
  // A request's own headers replace autocannon's defaults: the browser's go into each.
  const requests = scenario.requests.map((request) => ({ ...request, headers: { ...BROWSER_HEADERS, ...request.headers } }));
  let next = 0;
  // autocannon starts a connection's context afresh after every pass through the requests, so each connection is given
  // its own copy of them, signed in as its own buyer, once when it opens: two connections never share a cart.
  const setupClient = (client: Client) => {
    const auth = buyers[next++ % buyers.length].headers;
    client.setRequests(requests.map((request) => ({ ...request, headers: { ...request.headers, ...auth } })));
  };
  const result = await autocannon({
    url: base, connections: CONNECTIONS, duration: SECONDS, requests, ...(buyers.length ? { setupClient } : {}),
  });
  if (result.non2xx > 0) throw new Error(`${scenario.name}: ${result.non2xx} non-2xx answers of ${result.requests.total}`);
  // A request still unanswered after autocannon's 10 s is a timeout: counted, not hidden.
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, timeouts: result.timeouts };
}

async function benchDatabase(label: string, postgresUrl?: string) {
  let inFlight = 0;
  const seeded = await seededApp(PRODUCTS, {
    postgresUrl,
    storefront: true,
    extraRoutes: (api) => {
      api.get('/bench/baseline', async () => ({ results: [], count: 0, next: null, previous: null }));
      api.addHook('onRequest', async () => { inFlight++; });
      api.addHook('onResponse', async () => { inFlight--; });
      api.addHook('onRequestAbort', async (_request) => { inFlight--; });
    },
  });
  try {
    const base = await seeded.app.listen({ host: '127.0.0.1', port: 0 });
    const rows = [];
    let baseline = 0;
    for (const scenario of await scenarios(seeded)) {
      const figures = await run(seeded, scenario, base);
      baseline ||= figures.requestsPerSecond;
      rows.push({ label, name: scenario.name, ...figures, ratio: figures.requestsPerSecond / baseline });
      console.error(`${label}: ${scenario.name}: ${Math.round(figures.requestsPerSecond)} req/s, p99 ${figures.p99} ms`);
    }
    return rows;
  } finally {
    // autocannon hangs up on requests still being answered when its time is up: they finish before the database closes.
    for (let waited = 0; inFlight > 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    await seeded.close();
  }
}

const rows = [...await benchDatabase('PGlite'), ...await benchDatabase('PostgreSQL', POSTGRES_URL)];
console.log(`\n${PRODUCTS.toLocaleString('en')} products, autocannon -c ${CONNECTIONS} for ${SECONDS} s per route, on 127.0.0.1\n`);
console.log('| database | route | req/s | p50 ms | p99 ms | timeouts | of baseline |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.label} | ${r.name} | ${Math.round(r.requestsPerSecond).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${r.timeouts} | ${(r.ratio * 100).toFixed(1)} % |`);
}
