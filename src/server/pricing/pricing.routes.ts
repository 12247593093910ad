import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/pricing';
import type { OptionalUser, RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { replacePriceTiers, tiersOf } from './price-tiers.service.ts';
import { audited } from '../audit/audited.ts';
import { previewLinePrice } from './line-price.service.ts';

export function registerPricingRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser; optionalUser: OptionalUser }): void {
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  route(app, contracts.setPriceTiers, async (request) => ({
    price_tiers: await replacePriceTiers(deps.db, request.params.id, request.body),
  }), {
    ...staff,
    audit: audited(deps.db, { action: 'price_tiers.set', entity: 'product_price_tiers', id: (request) => request.params.id, snapshot: tiersOf(deps.db) }),
  });
  route(app, contracts.previewLinePrice, async (request, reply) => {
    const user = await deps.optionalUser(request);
    // Prices move with sales, allocations and price lists, and may be this buyer's own.
    reply.header('cache-control', 'private, no-store');
    return previewLinePrice(deps.db, user?.id ?? null, request.query);
  });
}
