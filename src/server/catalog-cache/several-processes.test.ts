import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { TEST_JWT_SECRET } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { startApiProcess, type ApiProcess } from '../scale/api-process.ts';

// Two real API processes over one PostgreSQL database and one Redis; runs only with TEST_DATABASE_URL.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: Database;
let processes: ApiProcess[] = [];
let productId: number;
let staff: Record<string, string>;

beforeAll(async () => {
  if (!onPostgres) return;
  const testDatabase = await createTestDatabase();
  database = testDatabase;
  const { products } = await insertCatalogue(database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 10_000, stock: 8 },
  ]);
  productId = products[0].id;
  staff = (await createTestUser(database.db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
  const env = { DATABASE_URL: testDatabase.url!, REDIS_URL, JWT_SECRET: TEST_JWT_SECRET, NODE_ENV: 'production' };
  processes = await Promise.all([startApiProcess(env), startApiProcess(env)]);
}, 120_000);
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await database?.close();
});

const price = async (base: string) => (await (await fetch(`${base}/api/products/kelly-hemostat/`)).json() as { price: string }).price;
const listedPrice = async (base: string) =>
  (await (await fetch(`${base}/api/products/`)).json() as { results: { price: string }[] }).results[0].price;

describe.skipIf(!onPostgres)('the catalogue cache in two API processes', () => {
  it('shows a price changed through one process on the very next read from the other', async () => {
    const [a, b] = processes.map((p) => p.base);
    for (const expected of ['90.00', '81.00', '72.90']) {
      // Both processes hold the answer before each change.
      await Promise.all([price(a), price(b), listedPrice(b)]);
      const repriced = await fetch(`${a}/api/staff/products/bulk/`, {
        method: 'POST', headers: { ...staff, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: [productId], action: 'reprice', percent: -10 }),
      });
      expect(repriced.status).toBe(200);
      expect(await price(b)).toBe(expected);
      expect(await listedPrice(b)).toBe(expected);
      expect(await price(a)).toBe(expected);
    }
  });
});
