import type { FastifyInstance } from 'fastify';
import { getShippingOptions } from '#contracts/shipping';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { route } from '../lib/route.ts';
import { shippingOptionsFor, type ShippingDeps } from './shipping-options.service.ts';

export function registerShippingOptionRoutes(app: FastifyInstance, deps: ShippingDeps & { requireUser: RequireUser }): void {
  route(app, getShippingOptions, async (request) => shippingOptionsFor(deps, currentUser(request).id, request.query),
    { preHandler: deps.requireUser() });
}
