import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { getHealth } from '#contracts/health';
import { route } from '../lib/route.ts';
import type { AppDeps } from '../app.ts';

export function registerHealthRoutes(app: FastifyInstance, { config, database }: Pick<AppDeps, 'config' | 'database'>): void {
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
}
