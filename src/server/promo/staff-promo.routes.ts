import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/promo';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { registerNoStore } from '../lib/no-store.ts';
import { route } from '../lib/route.ts';
import * as service from './staff-promo.service.ts';

/** /api/staff/promo-codes/: catalogue staff and the owner (403 for anyone else). */
export async function registerStaffPromoRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): Promise<void> {
  const { db } = deps;
  const staff = { preHandler: deps.requireUser({ staff: true }), audit: 'service' as const };

  await registerNoStore(app, (scope) => {
    route(scope, contracts.listStaffPromoCodes, async () => ({ promo_codes: await service.listStaffPromoCodes(db) }), staff);
    route(scope, contracts.createPromoCode, async (request) => service.createPromoCode(db, currentUser(request), request.body), staff);
    route(scope, contracts.updatePromoCode, async (request) =>
      service.updatePromoCode(db, currentUser(request), request.params.id, request.body), staff);
  });
}
