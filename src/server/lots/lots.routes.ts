import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/lots';
import type { RequireUser } from '../auth/guard.ts';
import type { ReleaseDeps } from '../orders/release-order.ts';
import { route } from '../lib/route.ts';
import { listExpiringLots, listProductLots, productHandling } from './lots.service.ts';
import { rememberAnswer, sendKept, type CatalogCache } from '../catalog-cache/catalog-cache.ts';
import { productTag } from '../catalog-cache/catalog-tags.ts';

export function registerLotRoutes(app: FastifyInstance, deps: ReleaseDeps & { requireUser: RequireUser; catalogCache: CatalogCache }): void {
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

  // The same for every reader, kept with the catalogue's answers: lot and handling writes drop it.
  route(app, contracts.getProductHandling, async (request, reply) => {
    reply.headers(noStore);
    return sendKept(reply, await rememberAnswer(deps.catalogCache, reply, `handling/${request.params.slug}`, async () => {
      const { productId, handling } = await productHandling(db, request.params.slug);
      return { value: handling, tags: [productTag(productId)] };
    }));
  });

}
