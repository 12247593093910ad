import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/reorder-lists';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { CartDeps } from '../cart/cart.service.ts';
import { route } from '../lib/route.ts';
import { reorderFromList } from './reorder.ts';
import * as lists from './reorder-lists.service.ts';

export function registerReorderListRoutes(app: FastifyInstance, deps: CartDeps & { requireUser: RequireUser }): void {
  const { db } = deps;
  const signedIn = { preHandler: deps.requireUser() };
  route(app, contracts.listReorderLists, async (request) => ({ lists: await lists.listLists(db, currentUser(request).id) }), signedIn);
  route(app, contracts.createReorderList, async (request) => ({
    list: await lists.createList(db, currentUser(request).id, request.body.name, request.body.department_id ?? null),
  }), signedIn);
  route(app, contracts.getReorderList, async (request) => ({
    list: await lists.readList(db, currentUser(request).id, request.params.id),
  }), signedIn);
  route(app, contracts.renameReorderList, async (request) => ({
    list: await lists.renameList(db, currentUser(request).id, request.params.id, request.body.name),
  }), signedIn);
  route(app, contracts.deleteReorderList, async (request) => {
    await lists.deleteList(db, currentUser(request).id, request.params.id);
    return { detail: 'Reorder list deleted.' };
  }, signedIn);
  route(app, contracts.addReorderListItem, async (request) => ({
    list: await lists.addItem(db, currentUser(request).id, request.params.id, {
      productId: request.body.product_id, variantId: request.body.variant_id, parLevel: request.body.par_level,
    }),
  }), signedIn);
  route(app, contracts.updateReorderListItem, async (request) => ({
    list: await lists.setParLevel(db, currentUser(request).id, request.params.id, request.params.itemId, request.body.par_level),
  }), signedIn);
  route(app, contracts.removeReorderListItem, async (request) => ({
    list: await lists.removeItem(db, currentUser(request).id, request.params.id, request.params.itemId),
  }), signedIn);
  route(app, contracts.swapReorderListItem, async (request) => ({
    list: await lists.swapItem(db, currentUser(request).id, request.params.id, request.params.itemId, {
      productId: request.body.product_id, variantId: request.body.variant_id,
    }),
  }), signedIn);
  route(app, contracts.reorderFromList, async (request) =>
    reorderFromList(deps, currentUser(request).id, request.params.id, request.body.counts), signedIn);
}
