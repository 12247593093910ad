import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows.ts';

/** Routes whose answer is a checkout's outcome: the cart's payment and a quote's acceptance. */
const CHECKOUT_ROUTES = new Set(['/api/payment/process', '/api/quotes/:id/accept/']);

function checkoutOutcome(statusCode: number): string {
  if (statusCode === 201) return 'placed';
  if (statusCode === 402) return 'declined';
  if (statusCode >= 500) return 'error';
  return 'refused';
}

/**
 * The shop's Prometheus metrics, one registry per app: request duration by route, checkout outcomes, payment
 * declines by method, database connections in use, and whatever gauges other parts add with `gauge()`.
 */
export function registerShopMetrics(app: FastifyInstance, database: Database) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'shop_process_' });
  const duration = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const checkouts = new Counter({
    name: 'shop_checkout_outcomes_total',
    help: 'Checkouts by outcome: placed, declined (by the gateway), refused (stock, terms, input) or error',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const declines = new Counter({
    name: 'shop_payment_declines_total',
    help: 'Payments the gateway declined, by payment method',
    labelNames: ['method'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'shop_db_connections',
    help: 'Connections to the shop\'s database by state, from every process on it (the embedded database has one)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      if (database.kind === 'pglite') {
        this.set({ state: 'embedded' }, 1);
        return;
      }
      const rows = rowsOf<{ state: string; n: number }>(await database.db.execute(sql`
        select coalesce(state, 'unknown') as state, count(*)::int as n from pg_stat_activity
        where datname = current_database() and backend_type = 'client backend' group by 1`));
      for (const row of rows) this.set({ state: row.state }, row.n);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ route, method: request.method, status: reply.statusCode }, reply.elapsedTime / 1000);
    if (request.method !== 'POST' || !CHECKOUT_ROUTES.has(route)) return;
    checkouts.inc({ outcome: checkoutOutcome(reply.statusCode) });
    const method = (request.body as { paymentMethod?: unknown } | undefined)?.paymentMethod;
    if (reply.statusCode === 402) declines.inc({ method: typeof method === 'string' ? method : 'unknown' });
  });

  return {
    registry,
    /** A gauge read from the database (or anywhere) when Prometheus scrapes. */
    gauge(name: string, help: string, read: () => Promise<number>) {
      new Gauge({ name, help, registers: [registry], async collect() { this.set(await read()); } });
    },
  };
}
