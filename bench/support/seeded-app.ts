import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database, QueryObserver } from '../../src/server/db/client.ts';
import { seedDemoCatalogue } from '../../src/server/seed/demo-catalogue.ts';
import { ensureCommerceDefaults } from '../../src/server/checkout/commerce-defaults.ts';
import { createTestDatabase } from '../../src/server/test/test-database.ts';
import { loadPageRenderer } from '../../src/server/storefront/page-renderer.ts';
// The test fixtures that sign buyers in (createTestUser) sign with this secret.
import { TEST_JWT_SECRET } from '../../src/server/test/test-app.ts';

export interface SeededApp {
  app: FastifyInstance;
  database: Database;
  seedSeconds: number;
  /** Model load and every product's vector, when embeddings are on. */
  embeddingSeconds?: number;
  close(): Promise<void>;
}

export interface SeededAppOptions {
  /** A PostgreSQL server to create a fresh database on; in-memory PGlite without it. */
  postgresUrl?: string;
  /** Routes (a baseline) added before the app is sealed. */
  extraRoutes?: (app: FastifyInstance) => void;
  /**
   * Search embeddings, off unless asked for; on, the app is returned once every product has its vector
   * (`embeddingSeconds` says how long that took).
   */
  embeddings?: boolean;
  /** Serve the built storefront (`npm run build`), its public pages rendered on the server. */
  storefront?: boolean;
  /** Hears every statement the shop sends. */
  observer?: QueryObserver;
}

const root = path.resolve(import.meta.dirname, '../..');

/** The whole API over a fresh database seeded with `size` demo variants (sizes and tips, grouped into products), as production configures it. */
export async function seededApp(
  size: number, { postgresUrl, extraRoutes, embeddings, storefront, observer }: SeededAppOptions = {},
): Promise<SeededApp> {
  const database = await createTestDatabase(postgresUrl ?? '', observer);
  const seedStart = performance.now();
  await seedDemoCatalogue(database.db, { variantCount: size });
  await ensureCommerceDefaults(database.db);
  await database.db.execute(sql`vacuum analyze`);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: TEST_JWT_SECRET, SEED: 'none', LOG_LEVEL: 'silent',
    // Benchmarks send far more requests from one address than any rate limit allows a person.
    RATE_LIMIT_ALLOWLIST: '127.0.0.1', SEARCH_EMBEDDINGS: embeddings ? 'on' : 'off' });
  const pages = storefront ? {
    webRoot: path.join(root, 'dist/web'),
    createPageRenderer: await loadPageRenderer(path.join(root, 'dist/ssr/render-page.js')),
  } : {};
  if (storefront && !pages.createPageRenderer) throw new Error('Build the storefront first: npm run build');
  const app = await buildApp({
    config, database, mailer: { send: async () => {} }, jwtSecret: config.JWT_SECRET!, publicUrl: 'http://127.0.0.1', ...pages,
  });
  extraRoutes?.(app);
  await app.ready();
  let embeddingSeconds: number | undefined;
  if (embeddings) {
    const started = performance.now();
    app.searchIndex.queryTimeoutMs = 30_000;
    await app.searchIndex.flush();
    embeddingSeconds = (performance.now() - started) / 1000;
  }
  return {
    app,
    database,
    seedSeconds,
    embeddingSeconds,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** p50 and p95 of `requests` sequential injections after `warmUp` unmeasured ones. */
export async function injectLatency(app: FastifyInstance, request: string | InjectOptions, requests = 300, warmUp = 30) {
  for (let i = 0; i < warmUp; i++) await app.inject(request);
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    const res = await app.inject(request);
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`${JSON.stringify(request)} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
