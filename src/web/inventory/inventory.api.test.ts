import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api.ts';
import { statusQuery, STATUS_CACHE_MS } from './inventory.api.ts';

const status = (productId: number) => ({
  productId, currentStock: 5, availableStock: 5, reservedStock: 0, lowStockThreshold: 5, isFlashSale: false, flashSaleEndTime: null,
  lastUpdated: '2026-01-01T00:00:00.000Z', totalDemand: productId, conversionRate: 0, variants: [],
});
const path = (id: number) => `/api/inventory/${id}/status/`;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

let api: ReturnType<typeof mockApi>;
let queryClient: QueryClient;

beforeEach(() => {
  api = mockApi();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('statusQuery', () => {
  it('asks the inventory service for at most 3 statuses at once, the rest queued', async () => {
    const answers = new Map<number, () => void>();
    for (const id of [1, 2, 3, 4, 5]) {
      api.onDeferred('GET', path(id), () => new Promise((resolve) => answers.set(id, () => resolve({ status: 200, body: status(id) }))));
    }
    const results = [1, 2, 3, 4, 5].map((id) => queryClient.fetchQuery(statusQuery(id)));
    await tick();
    expect(api.calls.map((call) => call.path)).toEqual([path(1), path(2), path(3)]);
    answers.get(2)!();
    await vi.waitFor(() => expect(api.calls).toHaveLength(4));
    answers.get(1)!();
    answers.get(3)!();
    await vi.waitFor(() => expect(api.calls).toHaveLength(5));
    answers.get(4)!();
    answers.get(5)!();
    expect((await Promise.all(results)).map((s) => s.totalDemand)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shares one request per product and keeps the answer 5 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    api.on('GET', path(7), 200, status(7));
    const [a, b] = await Promise.all([queryClient.fetchQuery(statusQuery(7)), queryClient.fetchQuery(statusQuery(7))]);
    expect(a).toBe(b);
    expect(api.calls).toHaveLength(1);

    vi.setSystemTime(Date.now() + STATUS_CACHE_MS - 1);
    await queryClient.fetchQuery(statusQuery(7));
    expect(api.calls).toHaveLength(1);

    vi.setSystemTime(Date.now() + 1);
    await queryClient.fetchQuery(statusQuery(7));
    expect(api.calls).toHaveLength(2);
  });
});
