import type { FastifyInstance } from 'fastify';
import { getFreeShipping, getShippingOptions } from '#contracts/shipping';
import { centsToDecimal } from '#contracts/money';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { route } from '../lib/route.ts';
import { shippingOptionsFor, type ShippingDeps } from './shipping-options.service.ts';
import { standardFreeOverCents } from './checkout-shipping.ts';

export function registerShippingOptionRoutes(app: FastifyInstance, deps: ShippingDeps & { requireUser: RequireUser }): void {
  route(app, getShippingOptions, async (request) => shippingOptionsFor(deps, currentUser(request).id, request.query),
    { preHandler: deps.requireUser() });
  route(app, getFreeShipping, async () => {
    const cents = await standardFreeOverCents(deps.db);
    return { threshold: cents === null ? null : centsToDecimal(cents) };
  });
}
