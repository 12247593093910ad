import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/pricing';
import type { RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { replacePriceTiers } from './price-tiers.service.ts';
import { audited } from '../audit/audited.ts';
import { tiersOf } from './price-tiers.service.ts';

export function registerPricingRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  route(app, contracts.setPriceTiers, async (request) => ({
    price_tiers: await replacePriceTiers(deps.db, request.params.id, request.body),
  }), {
    ...staff,
    audit: audited(deps.db, { action: 'price_tiers.set', entity: 'product_price_tiers', id: (request) => request.params.id, snapshot: tiersOf(deps.db) }),
  });
}
