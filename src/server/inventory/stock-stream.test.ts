import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { stockEventReader as eventReader } from '../test/sse-reader.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let base: string;
let staff: Record<string, string>;
let ids: number[];

beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 1500, stock: 0 },
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1800, stock: 7, reserved: 2 },
  ]);
  ids = products.map((p) => p.id);
  staff = (await createTestUser(t.database.db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('GET /api/inventory/stream', () => {
  it('is public, sends the current levels, then each change within a second of the movement', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/inventory/stream?ids=${ids.join(',')}`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('content-encoding')).toBeNull();
    const next = eventReader(res.body!);
    const snapshot = [await next(), await next()].sort((a, b) => Number(a.productId) - Number(b.productId));
    expect(snapshot).toEqual([
      expect.objectContaining({ productId: ids[0], availableStock: 0, currentStock: 0, reservedStock: 0, lowStockThreshold: 5 }),
      expect.objectContaining({ productId: ids[1], availableStock: 5, currentStock: 7, reservedStock: 2 }),
    ]);
    expect(Object.keys(snapshot[0]).sort()).toEqual(['availableStock', 'currentStock', 'lastUpdated', 'lowStockThreshold', 'productId', 'reservedStock', 'variants']);

    const started = Date.now();
    const posted = await t.app.inject({
      method: 'POST', url: `/api/inventory/${ids[0]}/movements/create/`, headers: staff, payload: { kind: 'receive', quantity: 12, reason: 'Delivery' },
    });
    expect(posted.statusCode).toBe(201);
    const change = await next();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(change).toMatchObject({ productId: ids[0], availableStock: 12, currentStock: 12 });
    controller.abort();
  });

  it('rejects missing, malformed or too many ids with 400', async () => {
    for (const query of ['', '?ids=', '?ids=a,b', '?ids=0', `?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`]) {
      const res = await fetch(`${base}/api/inventory/stream${query}`);
      expect(res.status, query).toBe(400);
      await res.body?.cancel();
    }
  });
});
