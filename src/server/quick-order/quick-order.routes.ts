import type { FastifyInstance } from 'fastify';
import { placeQuickOrder as placeQuickOrderContract } from '#contracts/quick-order';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { CartDeps } from '../cart/cart.service.ts';
import { route } from '../lib/route.ts';
import { placeQuickOrder } from './quick-order.service.ts';

export function registerQuickOrderRoutes(app: FastifyInstance, deps: CartDeps & { requireUser: RequireUser }): void {
  route(app, placeQuickOrderContract, async (request) => placeQuickOrder(deps, currentUser(request).id, request.body.text),
    { preHandler: deps.requireUser() });
}
