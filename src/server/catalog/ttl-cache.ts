import type { Db } from '../db/client.ts';

const MAX_ENTRIES = 1_000;

interface Entry {
  value: Promise<unknown>;
  expires: number;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * Aggregates over the whole catalogue (list counts, filter counts) kept for `ttlMs` per database: as fresh as the
 * `max-age` the answers carry anyway, and it spares a scan of every product on each page turn.
 */
export function cached<T>(db: Db, key: string, ttlMs: number, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  const value = compute();
  cache.set(key, { value, expires: now + ttlMs });
  value.catch(() => cache.delete(key));
  return value;
}

/**
 * Drops every aggregate kept for `db`, so a staff write to the catalogue shows in this process's next answer (other
 * processes catch up within the TTL).
 */
export function forgetCatalogueAggregates(db: Db): void {
  caches.delete(db);
}
