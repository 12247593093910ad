import { createTestUser } from '../src/server/test/auth-fixtures.ts';
import { injectLatency, seededApp } from './support/seeded-app.ts';

/**
 * How cost grows with the catalogue: product list, search and the staff inventory list at 1,000, 10,000 and
 * 100,000 demo products (in-memory PGlite; BENCH_DATABASE_URL runs it on PostgreSQL instead).
 * BENCH_SIZES=1000,10000 picks other sizes.
 */
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const REQUESTS = 200;
const WARM_UP = 20;

const rows: { size: number; name: string; p50: number; p95: number }[] = [];
const seeding: string[] = [];
for (const size of SIZES) {
  const seeded = await seededApp(size, { postgresUrl: process.env.BENCH_DATABASE_URL });
  seeding.push(`${seeded.seedSeconds.toFixed(0)} s for ${size.toLocaleString('en')}`);
  const staff = await createTestUser(seeded.database.db, { email: 'staff@example.com', staffRole: 'owner' });
  const cases = [
    ['product list, category + price filter', '/api/products/?category=general-surgery&min_price=10&max_price=500&ordering=price'],
    ['product list, page 5', '/api/products/?page=5'],
    ['search "metzenbam sissors"', { method: 'POST', url: '/api/search', payload: { query: 'metzenbam sissors', includeSemanticSearch: true, maxResults: 20 } }],
    ['search "tonsil removal"', { method: 'POST', url: '/api/search', payload: { query: 'tonsil removal', includeSemanticSearch: true, maxResults: 20 } }],
    ['inventory list (staff), page 1', { url: '/api/inventory/items/', headers: staff.headers }],
    ['inventory list (staff), low stock', { url: '/api/inventory/items/?status=low_stock', headers: staff.headers }],
  ] as const;
  for (const [name, request] of cases) {
    rows.push({ size, name, ...await injectLatency(seeded.app, request as Parameters<typeof injectLatency>[1], REQUESTS, WARM_UP) });
    console.error(`${size}: ${name} done`);
  }
  await seeded.close();
}

console.log(`\napp.inject, ${REQUESTS} sequential requests after ${WARM_UP} warm-up\n`);
console.log(`| request | ${SIZES.map((s) => `${s.toLocaleString('en')} p50 / p95 ms`).join(' | ')} |`);
console.log(`|---|${SIZES.map(() => '---:').join('|')}|`);
for (const name of [...new Set(rows.map((r) => r.name))]) {
  const cells = SIZES.map((size) => rows.find((r) => r.size === size && r.name === name)!)
    .map((r) => `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)}`);
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
console.log(`\nseeding took ${seeding.join(', ')}`);
