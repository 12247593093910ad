import { describe, expect, it } from 'vitest';
import type { InventoryStatus } from '#contracts/inventory';
import { createInventoryClient } from './inventory-client.ts';

const status = (productId: number): InventoryStatus => ({
  productId, currentStock: 5, availableStock: 5, reservedStock: 0, lowStockThreshold: 5, isFlashSale: false, flashSaleEndTime: null,
  lastUpdated: '2026-01-01T00:00:00.000Z', totalDemand: 0, conversionRate: 0,
});

function controlledFetch() {
  const pending = new Map<number, (value: InventoryStatus) => void>();
  const calls: number[] = [];
  const fetchStatus = (id: number) => {
    calls.push(id);
    return new Promise<InventoryStatus>((resolve) => pending.set(id, resolve));
  };
  const finish = (id: number) => {
    pending.get(id)!(status(id));
    pending.delete(id);
  };
  return { fetchStatus, calls, pending, finish };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('inventory client', () => {
  it('runs at most 3 requests at once and queues the rest in order', async () => {
    const f = controlledFetch();
    const client = createInventoryClient({ fetchStatus: f.fetchStatus });
    const results = [1, 2, 3, 4, 5].map((id) => client.getStatus(id));
    await tick();
    expect(f.calls).toEqual([1, 2, 3]);
    f.finish(2);
    await tick();
    expect(f.calls).toEqual([1, 2, 3, 4]);
    f.finish(1);
    f.finish(3);
    await tick();
    expect(f.calls).toEqual([1, 2, 3, 4, 5]);
    f.finish(4);
    f.finish(5);
    expect((await Promise.all(results)).map((s) => s.productId)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shares one request per product and caches the answer for 5 minutes', async () => {
    const f = controlledFetch();
    let now = 0;
    const client = createInventoryClient({ fetchStatus: f.fetchStatus, now: () => now });
    const a = client.getStatus(7);
    const b = client.getStatus(7);
    await tick();
    f.finish(7);
    expect(await a).toBe(await b);
    expect(f.calls).toEqual([7]);

    now = 5 * 60_000 - 1;
    await client.getStatus(7);
    expect(f.calls).toEqual([7]);

    now = 5 * 60_000;
    const stale = client.getStatus(7);
    await tick();
    expect(f.calls).toEqual([7, 7]);
    f.finish(7);
    await stale;

    client.invalidate(7);
    void client.getStatus(7);
    await tick();
    expect(f.calls).toEqual([7, 7, 7]);
  });

  it('frees the slot of a failed request', async () => {
    let failures = 0;
    const client = createInventoryClient({
      maxConcurrent: 1,
      fetchStatus: async (id) => {
        if (id === 1) {
          failures++;
          throw new Error('down');
        }
        return status(id);
      },
    });
    await expect(client.getStatus(1)).rejects.toThrow('down');
    expect((await client.getStatus(2)).productId).toBe(2);
    expect(failures).toBe(1);
  });
});
