import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/exchange-rates';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { registerNoStore } from '../lib/no-store.ts';
import { route } from '../lib/route.ts';
import { listStaffRates, setRate } from './staff-exchange-rates.service.ts';

/** /api/staff/exchange-rates/: catalogue staff and the owner (403 for anyone else). */
export async function registerStaffExchangeRateRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): Promise<void> {
  const { db } = deps;
  const staff = { preHandler: deps.requireUser({ staff: true }), audit: 'service' as const };

  await registerNoStore(app, (scope) => {
    route(scope, contracts.listStaffExchangeRates, async () => ({ rates: await listStaffRates(db) }), staff);
    route(scope, contracts.updateExchangeRate, async (request) =>
      setRate(db, currentUser(request), request.params.currency, request.body.rate), staff);
  });
}
