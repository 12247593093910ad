import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * GET /metrics for Prometheus, with `Authorization: Bearer METRICS_TOKEN`. Without METRICS_TOKEN the endpoint is
 * not there at all: operators' figures are never public by default.
 */
export function registerMetricsRoute(app: FastifyInstance, registry: Registry, token: string | undefined): void {
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    const given = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? '';
    if (!sameSecret(given, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain').send('A valid metrics token is required.\n');
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
