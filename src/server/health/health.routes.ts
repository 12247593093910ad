import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { getHealth, getReady } from '#contracts/health';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { migrationsAreCurrent } from '../db/migration-state.ts';
import { route } from '../lib/route.ts';

/** GET /api/health: the process is alive (and says whether its database answers). GET /api/ready: it can take traffic. */
export function registerHealthRoutes(app: FastifyInstance, { config, database, jobsRunning }: { config: Pick<Config, 'version'>; database: Database; jobsRunning: () => boolean }): void {
  route(app, getHealth, async (request, reply) => {
    let status: 'ok' | 'degraded' = 'ok';
    try {
      await database.db.execute(sql`select 1`);
    } catch (err) {
      request.log.error({ err }, 'database health check failed');
      status = 'degraded';
      reply.status(503);
    }
    return { status, database: database.kind, version: config.version };
  });

  route(app, getReady, async (request, reply) => {
    const checks = { database: false, migrations: false, jobs: jobsRunning() };
    try {
      await database.db.execute(sql`select 1`);
      checks.database = true;
      checks.migrations = await migrationsAreCurrent(database);
    } catch (err) {
      request.log.error({ err }, 'readiness check failed');
    }
    const ready = Object.values(checks).every(Boolean);
    reply.header('cache-control', 'no-store');
    if (!ready) reply.status(503);
    return { status: ready ? 'ready' as const : 'not_ready' as const, checks };
  });
}
