import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { registerErrorHandler } from '../lib/error-handler.ts';
import { registerSeoRoutes, type SeoDeps } from '../seo/seo.routes.ts';
import { createTestDatabase } from './test-database.ts';
import { TEST_PUBLIC_URL } from './test-app.ts';

/** The sitemap and robots routes alone, on a fresh test database, with the sitemap limits a test chooses. */
export async function createSeoApp(limits: Pick<SeoDeps, 'maxUrlsPerSitemap' | 'productBatchSize'> = {}) {
  const database = await createTestDatabase();
  const app = await seoRoutesOn(database, limits);
  return { app, database, close: async () => { await app.close(); await database.close(); } };
}

/** Another app on the same database, e.g. to split the same catalogue at another size. */
export async function seoRoutesOn(database: Database, limits: Pick<SeoDeps, 'maxUrlsPerSitemap' | 'productBatchSize'>): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandler(app);
  registerSeoRoutes(app, { db: database.db, publicUrl: TEST_PUBLIC_URL, ...limits });
  await app.ready();
  return app;
}
