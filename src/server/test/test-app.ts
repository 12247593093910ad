import type { FastifyInstance } from 'fastify';
import { buildApp, outboxWorkerOf, stockCommitsOf } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { StockCommits } from '../inventory/after-stock-commit.ts';
import { createTestDatabase } from './test-database.ts';
import { createTestMailer, type TestMailer } from './test-mailer.ts';
import type { ImageFetcher } from '../staff-products/product-csv-images.ts';
import type { CreatePageRenderer } from '../storefront/page-renderer.ts';

export const TEST_JWT_SECRET = 'test-secret-for-signing-access-tokens-0123456789';
export const TEST_PUBLIC_URL = 'http://shop.test';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  mailer: TestMailer;
  /** Sends the mail waiting in the outbox (written by something other than a request, e.g. a sweep). */
  drainMail(): Promise<number>;
  /**
   * What follows each committed stock change (alerts, live stock, back-in-stock mail): `settled()` waits for it after
   * a change made by something other than a request, `subscribe` hears the live-stock pushes.
   */
  stockCommits: StockCommits;
  close(): Promise<void>;
}

/** The whole API on a fresh test database, for `app.inject`. */
export async function createTestApp(
  options: { webRoot?: string; createPageRenderer?: CreatePageRenderer; env?: Record<string, string>; fetchImage?: ImageFetcher } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', SEED: 'none', ...options.env }, 'test');
  const mailer = createTestMailer();
  const app = await buildApp({
    config, database, mailer, jwtSecret: TEST_JWT_SECRET, publicUrl: TEST_PUBLIC_URL, webRoot: options.webRoot, createPageRenderer: options.createPageRenderer,
    deliverMailBeforeAnswer: true, fetchImage: options.fetchImage,
  });
  await app.ready();
  return {
    app,
    database,
    mailer,
    drainMail: () => outboxWorkerOf(app).drain(),
    stockCommits: stockCommitsOf(app),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
