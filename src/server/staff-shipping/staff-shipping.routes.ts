import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/staff-shipping';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { registerNoStore } from '../lib/no-store.ts';
import { route } from '../lib/route.ts';
import * as service from './staff-shipping.service.ts';

/** /api/staff/shipping/: catalogue staff and the owner (403 for anyone else). */
export async function registerStaffShippingRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): Promise<void> {
  const { db } = deps;
  const staff = { preHandler: deps.requireUser({ staff: true }), audit: 'service' as const };

  await registerNoStore(app, (scope) => {
    route(scope, contracts.listShippingZones, async () => ({ zones: await service.listShippingZones(db) }), staff);
    route(scope, contracts.createShippingZone, async (request) => service.createShippingZone(db, currentUser(request), request.body), staff);
    route(scope, contracts.updateShippingZone, async (request) =>
      service.updateShippingZone(db, currentUser(request), request.params.id, request.body), staff);
    route(scope, contracts.deleteShippingZone, async (request) => service.deleteShippingZone(db, currentUser(request), request.params.id), staff);
    route(scope, contracts.createShippingMethod, async (request) =>
      service.createShippingMethod(db, currentUser(request), request.params.id, request.body), staff);
    route(scope, contracts.updateShippingMethod, async (request) =>
      service.updateShippingMethod(db, currentUser(request), request.params.id, request.body), staff);
    route(scope, contracts.deleteShippingMethod, async (request) =>
      service.deleteShippingMethod(db, currentUser(request), request.params.id), staff);
  });
}
