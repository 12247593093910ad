import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon, { type Client, type Request } from 'autocannon';
import { paymentBody } from '../src/server/test/commerce-fixtures.ts';
import { loadAverage, settledLoad, startBenchProcess, type BenchMessage, type BenchProcess } from './support/bench-process.ts';

/**
 * HTTP load on 127.0.0.1 with autocannon for the routes a buyer leans on, with the shop, a plain Fastify route (the
 * ceiling) and the load generator each in a Node process of their own. Every row runs twice, each after the load
 * average settled, with the load average printed before and after. On PGlite and on PostgreSQL (BENCH_DATABASE_URL,
 * default the machine's), then a growth run at BENCH_GROWTH_VARIANTS (default 100,000) on PostgreSQL.
 *
 * BENCH_ONLY=<words>[,<words>…] keeps the rows whose name holds one of them; BENCH_DATABASES=PGlite or PostgreSQL runs
 * only that one; BENCH_CPU_PROF=<folder> writes the shop process's CPU
 * profile there (read it with `node --import tsx bench/support/cpu-top.ts <file>`); BENCH_GROWTH=off skips the growth run.
 */
const VARIANTS = 1_200;
const GROWTH_VARIANTS = Number(process.env.BENCH_GROWTH_VARIANTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const RUNS = 2;
/** A row starts once the one-minute load average is this low, or after this long. */
const SETTLED_LOAD = Number(process.env.BENCH_SETTLED_LOAD ?? 1);
const SETTLE_SECONDS = 90;
/** Statements per request are counted over this many requests, one after another. */
const COUNTED_REQUESTS = 20;
/** Every request accepts compressed answers, as every browser's does. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((words) => words.trim()).filter(Boolean);
const DATABASES = process.env.BENCH_DATABASES ?? 'PGlite,PostgreSQL';
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

interface Scenario {
  name: string;
  requests: Request[];
  /** Each connection signs in as its own buyer. */
  perBuyer?: boolean;
  /** On the baseline's process, not the shop's. */
  baseline?: boolean;
}

interface Ready extends BenchMessage {
  url: string;
  line: { product_id: number; variant_id: number; quantity: number };
  total: number;
}

const json = (method: 'POST' | 'PATCH' | 'DELETE', urlPath: string, body?: unknown): Request =>
  ({ method, path: urlPath, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const searchRequest = json('POST', '/api/search', { query: 'forceps', maxResults: 20 });

/**
 * Searches nobody made before in this run, so none is answered from what the shop keeps: brand-less queries a buyer
 * types (a quality, an instrument, a length), 6,000 of them, each asked once.
 */
const newSearchBody = (() => {
  const qualities = ['curved', 'straight', 'delicate', 'heavy', 'fine', 'serrated', 'micro', 'long', 'angled', 'blunt'];
  const instruments = ['forceps', 'scissors', 'retractor', 'needle holder', 'clamp', 'hemostat', 'elevator', 'curette', 'speculum',
    'trocar', 'scalpel', 'probe', 'dilator', 'rongeur', 'osteotome', 'chisel', 'skin hook', 'tissue forceps', 'dressing forceps', 'bone cutter'];
  const sizes = ['', ' 12 cm', ' 14 cm', ' 16 cm', ' 18 cm', ' 20 cm'];
  const extras = ['', ' stainless', ' german', ' tungsten carbide', ' reusable'];
  const queries = extras.flatMap((extra) => sizes.flatMap((size) => qualities.flatMap((quality) =>
    instruments.map((instrument) => `${quality} ${instrument}${size}${extra}`))));
  let next = 0;
  return () => JSON.stringify({ query: queries[next++ % queries.length], maxResults: 20 });
})();
const newSearchRequest: Request = { ...json('POST', '/api/search'), setupRequest: (request) => ({ ...request, body: newSearchBody() }) };

function scenarios({ line, total }: Ready, slug: string): Scenario[] {
  let checkout = 0;
  return [
    { name: 'plain Fastify JSON route (baseline)', baseline: true, requests: [{ method: 'GET', path: '/bench/baseline' }] },
    { name: 'product list with filters', requests: [{ method: 'GET', path: '/api/products/?category=general-surgery&min_price=10&max_price=500&in_stock=true&ordering=price' }] },
    { name: 'product detail', requests: [{ method: 'GET', path: `/api/products/${slug}/` }] },
    { name: 'server-rendered product page', requests: [{ method: 'GET', path: `/products/${slug}` }] },
    { name: 'server-rendered catalogue page', requests: [{ method: 'GET', path: '/products?category=general-surgery&page=2' }] },
    { name: 'search "forceps"', requests: [searchRequest] },
    { name: 'search, a new query each time', requests: [newSearchRequest] },
    { name: 'suggestions', requests: [json('POST', '/api/search/suggestions', { query: 'forc' })] },
    {
      name: 'add to cart (+ remove the line)', perBuyer: true, requests: [
        // Its answer is read for the line's id: asked for uncompressed (autocannon hands the body over as text).
        { ...json('POST', '/api/cart/add-item/', line), headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
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
        { ...json('POST', '/api/payment/process', paymentBody('credit_card', total)),
          setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': `bench-${Date.now()}-${++checkout}` } }) },
      ],
    },
  ];
}

type Headers = Record<string, string>;
const buyersOf = async (shop: BenchProcess, count: number) => (await shop.ask<{ kind: 'buyers'; headers: Headers[] } & BenchMessage>({ kind: 'buyers', count })).headers;

async function load(url: string, scenario: Scenario, buyers: Headers[]) {
  // A request's own headers replace autocannon's defaults: the browser's go into each.
  const requests = scenario.requests.map((request) => ({ ...request, headers: { ...BROWSER_HEADERS, ...request.headers } }));
  let next = 0;
  // autocannon starts a connection's context afresh after every pass through the requests, so each connection is given
  // its own copy of them, signed in as its own buyer, once when it opens: two connections never share a cart.
  const setupClient = (client: Client) => {
    const auth = buyers[next++ % buyers.length];
    client.setRequests(requests.map((request) => ({ ...request, headers: { ...request.headers, ...auth } })));
  };
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests, ...(buyers.length ? { setupClient } : {}) });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${scenario.name}: ${result.non2xx} non-2xx answers and ${result.errors} errors of ${result.requests.total}`);
  }
  // A request still unanswered after autocannon's 10 s is a timeout: counted, not hidden.
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, timeouts: result.timeouts };
}

/** Sends the scenario's requests `COUNTED_REQUESTS` times one after another, as one buyer; the statements the shop sent per pass. */
async function statementsPerPass(shop: BenchProcess, scenario: Scenario): Promise<number> {
  const [buyer] = scenario.perBuyer ? await buyersOf(shop, 1) : [{}];
  const count = async () => Number((await shop.ask({ kind: 'statements' })).count);
  const before = await count();
  let checkout = 0;
  for (let i = 0; i < COUNTED_REQUESTS; i++) {
    let itemId: number | undefined;
    for (const request of scenario.requests) {
      const requestPath = request.method === 'DELETE' ? `/api/cart/items/${itemId}/` : request.path!;
      const headers: Headers = { ...(request.headers as Headers), ...buyer };
      if (requestPath === '/api/payment/process') headers['idempotency-key'] = `count-${Date.now()}-${++checkout}`;
      // A request that makes its body afresh (a new search each time) makes it here too.
      const body = request === newSearchRequest ? newSearchBody() : request.body;
      const response = await fetch(`${shop.ready.url}${requestPath}`, { method: request.method, headers, body: body as string | undefined });
      const answer = await response.text();
      if (!response.ok) throw new Error(`${scenario.name}: ${requestPath} answered ${response.status}: ${answer.slice(0, 200)}`);
      if (requestPath === '/api/cart/add-item/') itemId = JSON.parse(answer).items[0].id;
    }
  }
  return ((await count()) - before) / COUNTED_REQUESTS;
}

interface Row {
  label: string;
  name: string;
  run: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  timeouts: number;
  loadBefore: number;
  loadAfter: number;
}

async function benchDatabase(label: string, postgresUrl?: string): Promise<{ label: string; rows: Row[]; statements: Map<string, number> }> {
  // Node names each thread's profile by process and thread id: the shop's is the largest (tsx's loader thread idles).
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR, label)}`] : [];
  const shop = await startBenchProcess('shop-server.ts', { BENCH_VARIANTS: String(VARIANTS), BENCH_POSTGRES_URL: postgresUrl ?? '' }, profile);
  const baseline = await startBenchProcess('baseline-server.ts', {});
  const rows: Row[] = [];
  const statements = new Map<string, number>();
  try {
    const ready = shop.ready as Ready;
    const [slug] = (await shop.ask<{ kind: 'slugs'; slugs: string[] } & BenchMessage>({ kind: 'slugs', offset: 0, count: 1 })).slugs;
    for (const scenario of scenarios(ready, slug)) {
      if (!scenario.baseline && ONLY.length && !ONLY.some((words) => scenario.name.includes(words))) continue;
      const buyers = scenario.perBuyer ? await buyersOf(shop, CONNECTIONS * RUNS) : [];
      for (let run = 1; run <= RUNS; run++) {
        const loadBefore = await settledLoad(SETTLED_LOAD, SETTLE_SECONDS);
        const figures = await load(scenario.baseline ? baseline.ready.url : ready.url, scenario,
          buyers.slice((run - 1) * CONNECTIONS, run * CONNECTIONS));
        rows.push({ label, name: scenario.name, run, ...figures, loadBefore, loadAfter: loadAverage() });
        console.error(`${label}: ${scenario.name} (${run}): ${Math.round(figures.requestsPerSecond)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms`);
      }
      if (!scenario.baseline) statements.set(scenario.name, await statementsPerPass(shop, scenario));
    }
  } finally {
    await Promise.all([shop.close(), baseline.close()]);
  }
  return { label, rows, statements };
}

/** Milliseconds of each of `paths` asked once, one after another: each answered from the database, none from a cache. */
async function coldLatencies(url: string, paths: string[]): Promise<{ p50: number; max: number }> {
  const times: number[] = [];
  for (const requestPath of paths) {
    const started = performance.now();
    const response = await fetch(`${url}${requestPath}`, { headers: BROWSER_HEADERS });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${requestPath} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], max: times[times.length - 1] };
}

/** At GROWTH_VARIANTS on PostgreSQL: search under load, and deep list pages and product pages no one has opened yet. */
async function growth() {
  const shop = await startBenchProcess('shop-server.ts', { BENCH_VARIANTS: String(GROWTH_VARIANTS), BENCH_POSTGRES_URL: POSTGRES_URL });
  try {
    const { url } = shop.ready;
    const lines: string[] = [`seeded in ${Math.round(Number(shop.ready.seedSeconds))} s`];
    for (let run = 1; run <= RUNS; run++) {
      const loadBefore = await settledLoad(SETTLED_LOAD, SETTLE_SECONDS);
      for (const scenario of [{ name: 'search "forceps"', requests: [searchRequest] }, { name: 'search, a new query each time', requests: [newSearchRequest] }]) {
        const figures = await load(url, scenario, []);
        lines.push(`| ${scenario.name} (${run}) | ${Math.round(figures.requestsPerSecond)} req/s | p50 ${figures.p50} ms | p99 ${figures.p99} ms | load ${loadBefore.toFixed(2)} → ${loadAverage().toFixed(2)} |`);
      }
    }
    // Each page once: the catalogue cache keeps a page after its first request.
    for (const [name, pages] of [['list page 2–11', [2, 11]], ['list page 500–509', [500, 509]]] as const) {
      const paths = Array.from({ length: pages[1] - pages[0] + 1 }, (_, i) => `/api/products/?page=${pages[0] + i}`);
      const figures = await coldLatencies(url, paths);
      lines.push(`| ${name}, each once | p50 ${figures.p50.toFixed(0)} ms | max ${figures.max.toFixed(0)} ms |`);
    }
    const slugs = (await shop.ask<{ kind: 'slugs'; slugs: string[] } & BenchMessage>({ kind: 'slugs', offset: 5_000, count: 50 })).slugs;
    const figures = await coldLatencies(url, slugs.map((slug) => `/api/products/${slug}/`));
    lines.push(`| product detail not yet cached, 50 products | p50 ${figures.p50.toFixed(0)} ms | max ${figures.max.toFixed(0)} ms |`);
    return lines;
  } finally {
    await shop.close();
  }
}

if (PROFILE_DIR) mkdirSync(path.resolve(PROFILE_DIR), { recursive: true });
const runs = [
  ...(DATABASES.includes('PGlite') ? [await benchDatabase('PGlite')] : []),
  ...(DATABASES.includes('PostgreSQL') ? [await benchDatabase('PostgreSQL', POSTGRES_URL)] : []),
];
const growthLines = process.env.BENCH_GROWTH === 'off' ? [] : await growth();

console.log(`\n${VARIANTS.toLocaleString('en')} variants, autocannon -c ${CONNECTIONS} for ${SECONDS} s per row, each row ${RUNS} times;`);
console.log('the shop, the baseline route and autocannon each in a process of its own, on 127.0.0.1\n');
console.log('| database | route | run | req/s | p50 ms | p99 ms | timeouts | of baseline | load before → after |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---|');
for (const { rows } of runs) {
  for (const r of rows) {
    const baseline = rows.find((row) => row.name.endsWith('(baseline)') && row.run === r.run)!;
    console.log(`| ${r.label} | ${r.name} | ${r.run} | ${Math.round(r.requestsPerSecond).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${r.timeouts} | `
      + `${(100 * r.requestsPerSecond / baseline.requestsPerSecond).toFixed(1)} % | ${r.loadBefore.toFixed(2)} → ${r.loadAfter.toFixed(2)} |`);
  }
}
console.log('\nstatements per pass, counted over', COUNTED_REQUESTS, 'passes one after another\n');
console.log('| database | route | statements |');
console.log('|---|---|---:|');
for (const { label, statements } of runs) {
  for (const [name, count] of statements) console.log(`| ${label} | ${name} | ${count.toFixed(1)} |`);
}
if (growthLines.length) console.log(`\n${GROWTH_VARIANTS.toLocaleString('en')} variants on PostgreSQL\n\n${growthLines.join('\n')}`);
