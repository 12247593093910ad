import type { FastifyInstance } from 'fastify';
import { getExchangeRates } from '#contracts/exchange-rates';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { listUsdRates } from './exchange-rates.service.ts';

export function registerExchangeRateRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  route(app, getExchangeRates, async (_request, reply) => {
    // Rates change rarely; browsers and proxies may reuse an answer for five minutes.
    reply.header('cache-control', 'public, max-age=300');
    return listUsdRates(db);
  });
}
