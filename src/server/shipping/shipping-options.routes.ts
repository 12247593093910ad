import type { FastifyInstance } from 'fastify';
import { getFreeShipping, getShippingOptions } from '#contracts/shipping';
import { centsToDecimal } from '#contracts/money';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { rememberAnswer, sendKept, type CatalogCache } from '../catalog-cache/catalog-cache.ts';
import { CATALOGUE } from '../catalog-cache/catalog-tags.ts';
import { route } from '../lib/route.ts';
import { shippingOptionsFor, type ShippingDeps } from './shipping-options.service.ts';
import { standardFreeOverCents } from './checkout-shipping.ts';

export function registerShippingOptionRoutes(
  app: FastifyInstance, deps: ShippingDeps & { requireUser: RequireUser; catalogCache: CatalogCache },
): void {
  route(app, getShippingOptions, async (request) => shippingOptionsFor(deps, currentUser(request).id, request.query),
    { preHandler: deps.requireUser() });
  // Kept with the catalogue's answers, so the product pages that show it are kept too (migration 0051 drops it).
  route(app, getFreeShipping, async (_request, reply) => sendKept(reply, await rememberAnswer(deps.catalogCache, reply, 'free-shipping', async () => {
    const cents = await standardFreeOverCents(deps.db);
    return { value: { threshold: cents === null ? null : centsToDecimal(cents) }, tags: [CATALOGUE] };
  })));
}
