import type { FastifyInstance } from 'fastify';
import { getExchangeRates } from '#contracts/exchange-rates';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { listUsdRates } from './exchange-rates.service.ts';

export function registerExchangeRateRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  route(app, getExchangeRates, async (_request, reply) => {
    // Staff may change a rate at any moment, and prices shown in PKR or EUR follow it on the next request.
    reply.header('cache-control', 'no-cache');
    return listUsdRates(db);
  });
}
