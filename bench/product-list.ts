import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openPglite } from '../src/server/db/client.ts';
import { seedDemoCatalogue } from '../src/server/db/seed/demo-catalogue.ts';

/** Product list and detail latency on in-memory PGlite at the demo size and at 50,000 products. */
const SIZES = [1_200, 50_000];
const REQUESTS = 300;
const WARM_UP = 30;
const HTTP_SECONDS = 10;
const HTTP_CONNECTIONS = 10;

interface Row {
  size: number;
  name: string;
  p50: number;
  p95: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function injectLatency(app: FastifyInstance, url: string): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARM_UP; i++) await app.inject(url);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    const res = await app.inject(url);
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function overHttp(url: string) {
  const result = await autocannon({ url, connections: HTTP_CONNECTIONS, duration: HTTP_SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function benchSize(size: number) {
  const database = await openPglite();
  await database.migrate();
  const seedStart = performance.now();
  await seedDemoCatalogue(database.db, { productCount: size });
  await database.db.execute(sql`analyze`);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'bench-secret-bench-secret-bench-secret', SEED: 'none', LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config, database, mailer: { send: async () => {} }, jwtSecret: config.JWT_SECRET!, publicUrl: 'http://127.0.0.1',
  });
  app.get('/bench/baseline', async () => ({ results: [], count: 0, next: null, previous: null }));
  await app.ready();

  const detail = await app.inject('/api/products/?ordering=price&page_size=1');
  const slug = detail.json().results[0].slug as string;
  const cases: [string, string][] = [
    ['plain list', '/api/products/'],
    ['category + ordering=price', '/api/products/?category=cardiology&ordering=price'],
    ['search "forceps"', '/api/products/?search=forceps'],
    ['page 20', '/api/products/?page=20'],
    ['detail', `/api/products/${slug}/`],
    ['filters', '/api/products/filters/'],
  ];
  const rows: Row[] = [];
  for (const [name, url] of cases) rows.push({ size, name, ...(await injectLatency(app, url)) });

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const baseline = await overHttp(`${address}/bench/baseline`);
  const list = await overHttp(`${address}/api/products/`);
  await app.close();
  await database.close();
  return { size, seedSeconds, rows, http: { baseline, list } };
}

const results = [];
for (const size of SIZES) {
  console.log(`seeding ${size} products...`);
  results.push(await benchSize(size));
}

console.log(`\nNode ${process.version}, ${new Date().toISOString().slice(0, 10)}, app.inject, ${REQUESTS} sequential requests after ${WARM_UP} warm-up\n`);
console.log('| products | request | p50 ms | p95 ms |');
console.log('|---:|---|---:|---:|');
for (const result of results) {
  for (const row of result.rows) console.log(`| ${row.size.toLocaleString('en')} | ${row.name} | ${row.p50.toFixed(2)} | ${row.p95.toFixed(2)} |`);
}
console.log(`\nHTTP, autocannon -c ${HTTP_CONNECTIONS} for ${HTTP_SECONDS} s\n`);
console.log('| products | route | req/s | p50 ms | p99 ms |');
console.log('|---:|---|---:|---:|---:|');
for (const result of results) {
  for (const [name, figures] of [['plain Fastify JSON route (baseline)', result.http.baseline], ['GET /api/products/', result.http.list]] as const) {
    console.log(`| ${result.size.toLocaleString('en')} | ${name} | ${Math.round(figures.requestsPerSecond)} | ${figures.p50} | ${figures.p99} |`);
  }
}
console.log(`\nseeding took ${results.map((r) => `${r.seedSeconds.toFixed(0)} s for ${r.size.toLocaleString('en')}`).join(', ')}`);
