import autocannon from 'autocannon';
import { injectLatency, seededApp } from './support/seeded-app.ts';

/** Product list and detail latency on in-memory PGlite at 1,000, 10,000 and 100,000 demo variants (grouped into products). */
const SIZES = [1_000, 10_000, 100_000];
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

async function overHttp(url: string) {
  const result = await autocannon({ url, connections: HTTP_CONNECTIONS, duration: HTTP_SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function benchSize(size: number) {
  const { app, seedSeconds, close } = await seededApp(size, {
    extraRoutes: (api) => api.get('/bench/baseline', async () => ({ results: [], count: 0, next: null, previous: null })),
  });

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
  for (const [name, url] of cases) rows.push({ size, name, ...(await injectLatency(app, url, REQUESTS, WARM_UP)) });

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const baseline = await overHttp(`${address}/bench/baseline`);
  const list = await overHttp(`${address}/api/products/`);
  await close();
  return { size, seedSeconds, rows, http: { baseline, list } };
}

const results = [];
for (const size of SIZES) {
  console.log(`seeding ${size} variants...`);
  results.push(await benchSize(size));
}

console.log(`\nNode ${process.version}, ${new Date().toISOString().slice(0, 10)}, app.inject, ${REQUESTS} sequential requests after ${WARM_UP} warm-up\n`);
console.log('| variants | request | p50 ms | p95 ms |');
console.log('|---:|---|---:|---:|');
for (const result of results) {
  for (const row of result.rows) console.log(`| ${row.size.toLocaleString('en')} | ${row.name} | ${row.p50.toFixed(2)} | ${row.p95.toFixed(2)} |`);
}
console.log(`\nHTTP, autocannon -c ${HTTP_CONNECTIONS} for ${HTTP_SECONDS} s\n`);
console.log('| variants | route | req/s | p50 ms | p99 ms |');
console.log('|---:|---|---:|---:|---:|');
for (const result of results) {
  for (const [name, figures] of [['plain Fastify JSON route (baseline)', result.http.baseline], ['GET /api/products/', result.http.list]] as const) {
    console.log(`| ${result.size.toLocaleString('en')} | ${name} | ${Math.round(figures.requestsPerSecond)} | ${figures.p50} | ${figures.p99} |`);
  }
}
console.log(`\nseeding took ${results.map((r) => `${r.seedSeconds.toFixed(0)} s for ${r.size.toLocaleString('en')}`).join(', ')}`);
