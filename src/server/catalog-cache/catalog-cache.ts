import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client.ts';
import { CATALOG_CHANNEL, CATALOG_TAGS_HEADER, CATALOGUE, tagsOfChange } from './catalog-tags.ts';
import { catalogueHorizon } from './catalogue-horizon.ts';
import { keptBody, sendKeptBody, type KeptBody } from './kept-body.ts';
import { createTagCache, type Fresh, type TagCacheLimits } from './tag-cache.ts';

/** About 2,000 product pages or 1,000 list pages. */
export const DEFAULT_LIMITS: TagCacheLimits = { maxEntries: 5_000, maxBytes: 64 * 1024 * 1024 };

export interface CatalogCache {
  /**
   * The answer kept for `key`, or computed (`compute` tags it with what it shows). Every write committed before the
   * call, in this process or another, has dropped what it changes first; answers are also kept no later than the next
   * flash-sale start or end and the next UTC midnight, nor past their own `until` (0: not kept at all).
   */
  remember<T>(key: string, compute: () => Promise<Fresh<T>>): Promise<T>;
  /** The tags of the answer kept for `key`: a page built from several answers is kept under all of theirs. */
  tagsOf(key: string): readonly string[] | undefined;
  close(): Promise<void>;
}

/** The anonymous catalogue answers of this process, dropped as the database's triggers report writes. */
export async function createCatalogCache(database: Database, limits: TagCacheLimits = DEFAULT_LIMITS, now = Date.now): Promise<CatalogCache> {
  const cache = createTagCache(limits, now);
  const listening = await database.listen(CATALOG_CHANNEL, (payload) => {
    const tags = tagsOfChange(payload);
    if (tags === 'all') cache.dropAll();
    else cache.drop(tags);
  }, () => cache.dropAll());
  const horizon = () => cache.remember('horizon', async () => {
    const until = await catalogueHorizon(database.db, now());
    return { value: until, tags: [CATALOGUE], until };
  });
  return {
    async remember<T>(key: string, compute: () => Promise<Fresh<T>>) {
      await listening.caughtUp();
      return cache.remember(key, async () => {
        const until = await horizon();
        const fresh = await compute();
        return { ...fresh, until: Math.min(fresh.until ?? Infinity, until) };
      });
    },
    tagsOf: (key) => cache.tagsOf(key),
    close: () => listening.close(),
  };
}

/**
 * A route's answer kept in `cache` under `key`. Asked by the server's own page renders (CATALOG_TAGS_HEADER), the
 * answer names its tags, so that a page is kept under the tags of every answer it shows.
 */
export async function rememberAnswer<T>(cache: CatalogCache, reply: FastifyReply, key: string, compute: () => Promise<Fresh<T>>): Promise<T> {
  const value = await cache.remember(key, compute);
  const tags = cache.tagsOf(key);
  if (tags && reply.request.headers[CATALOG_TAGS_HEADER] !== undefined) reply.header(CATALOG_TAGS_HEADER, tags.join(' '));
  return value;
}

const sentForms = new WeakMap<object, Map<string, KeptBody>>();

/**
 * Sends a kept answer (`value`, as `remember` returned it). Its JSON, made by the route's own serialiser, its ETag
 * and its compressed forms are kept beside the answer the first time a route sends it, so each later hit costs no
 * serialisation, hashing or compression. Typed as the answer so that a route's handler can return it.
 */
export function sendKept<T>(reply: FastifyReply, value: T): T {
  if (value === null || typeof value !== 'object') return value;
  let forms = sentForms.get(value);
  if (!forms) sentForms.set(value, (forms = new Map()));
  const route = `${reply.request.method} ${reply.request.routeOptions.url} ${reply.statusCode}`;
  let body = forms.get(route);
  if (!body) {
    // The route's serialiser gives JSON text; Fastify types it as any body.
    body = keptBody(String(reply.serialize(value)));
    forms.set(route, body);
  }
  return sendKeptBody(reply, body, 'application/json; charset=utf-8') as unknown as T;
}
