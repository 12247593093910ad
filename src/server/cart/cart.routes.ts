import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/cart';
import * as promoContracts from '#contracts/promo';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { INSPECT_ONLY } from '#contracts/punchout';
import { route } from '../lib/route.ts';
import { refuseInPunchout } from '../punchout/punchout-session.service.ts';
import { applyPromo, removePromo } from '../promo/cart-promo.service.ts';
import { addItem, cartView, removeItem, updateItem, type CartDeps } from './cart.service.ts';

export function registerCartRoutes(app: FastifyInstance, deps: CartDeps & { requireUser: RequireUser }): void {
  const signedIn = { preHandler: deps.requireUser() };
  // A punchout opened to inspect a cart shows it as the procurement system sent it: nothing in it changes.
  const changing = (request: Parameters<typeof currentUser>[0]) => refuseInPunchout(deps.db, request, INSPECT_ONLY, ['inspect']);
  route(app, contracts.getCart, async (request) => {
    const { country, city, shipping_option_id: methodId } = request.query;
    return cartView(deps, currentUser(request).id, country === undefined && methodId === undefined ? undefined
      : { choice: { country: country ?? 'PK', city, methodId: methodId ?? 'standard' }, field: 'shipping_option_id' });
  }, signedIn);
  route(app, contracts.addCartItem, async (request) => (await changing(request),
    addItem(deps, currentUser(request).id, {
      productId: request.body.product_id, variantId: request.body.variant_id, quantity: request.body.quantity,
      setChoice: request.body.set_choice,
    })), signedIn);
  route(app, contracts.updateCartItem, async (request) => (await changing(request),
    updateItem(deps, currentUser(request).id, request.params.id, request.body.quantity)), signedIn);
  route(app, contracts.removeCartItem, async (request) => (await changing(request),
    removeItem(deps, currentUser(request).id, request.params.id)), signedIn);
  route(app, promoContracts.applyPromo, async (request) => (await changing(request),
    applyPromo(deps, currentUser(request).id, request.body.code)), signedIn);
  route(app, promoContracts.removePromo, async (request) => (await changing(request),
    removePromo(deps, currentUser(request).id)), signedIn);
}
