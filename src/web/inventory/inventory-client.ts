import { getInventoryStatus, type InventoryStatus } from '#contracts/inventory';
import { apiFetch } from '../lib/api.ts';

/** The spec's inventory service limits. */
export const MAX_CONCURRENT_REQUESTS = 3;
export const STATUS_CACHE_MS = 5 * 60_000;

export interface InventoryClient {
  /** The product's status: from the cache while fresh, else fetched (at most MAX_CONCURRENT at once, the rest queued). */
  getStatus(productId: number): Promise<InventoryStatus>;
  /** Drops a cached status, e.g. after a live change. */
  invalidate(productId: number): void;
}

export interface InventoryClientOptions {
  fetchStatus?: (productId: number) => Promise<InventoryStatus>;
  maxConcurrent?: number;
  cacheMs?: number;
  now?: () => number;
}

export function createInventoryClient({
  fetchStatus = (id) => apiFetch(getInventoryStatus, { params: { id } }),
  maxConcurrent = MAX_CONCURRENT_REQUESTS,
  cacheMs = STATUS_CACHE_MS,
  now = Date.now,
}: InventoryClientOptions = {}): InventoryClient {
  const cache = new Map<number, { status: InventoryStatus; at: number }>();
  const inFlight = new Map<number, Promise<InventoryStatus>>();
  const waiting: Array<() => void> = [];
  let running = 0;

  const slot = () =>
    running < maxConcurrent
      ? Promise.resolve(void running++)
      : new Promise<void>((resolve) => waiting.push(() => resolve(void running++)));
  const done = () => {
    running--;
    waiting.shift()?.();
  };

  return {
    getStatus(productId) {
      const cached = cache.get(productId);
      if (cached && now() - cached.at < cacheMs) return Promise.resolve(cached.status);
      const pending = inFlight.get(productId);
      if (pending) return pending;
      const request = slot()
        .then(() => fetchStatus(productId))
        .then((status) => {
          cache.set(productId, { status, at: now() });
          return status;
        })
        .finally(() => {
          done();
          inFlight.delete(productId);
        });
      inFlight.set(productId, request);
      return request;
    },
    invalidate(productId) {
      cache.delete(productId);
    },
  };
}

export const inventoryClient = createInventoryClient();
