import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/lots';
import type { RequireUser } from '../auth/guard.ts';
import type { ReleaseDeps } from '../orders/release-order.ts';
import { route } from '../lib/route.ts';
import { scheduleExpirySweep } from './expiry-sweep.ts';
import { listExpiringLots, listProductLots, productHandling } from './lots.service.ts';

export function registerLotRoutes(app: FastifyInstance, deps: ReleaseDeps & { requireUser: RequireUser }): void {
  const { db } = deps;
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  const noStore = { 'cache-control': 'no-store' };

  route(app, contracts.listProductLots, async (request, reply) => {
    reply.headers(noStore);
    return { lots: await listProductLots(db, request.params.id) };
  }, staff);

  route(app, contracts.listExpiringLots, async (request, reply) => {
    reply.headers(noStore);
    return { lots: await listExpiringLots(db, request.query.days) };
  }, staff);

  route(app, contracts.getProductHandling, async (request, reply) => {
    reply.headers(noStore);
    return productHandling(db, request.params.slug);
  });

  scheduleExpirySweep(app, deps);
}
