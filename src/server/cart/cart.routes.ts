import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/cart';
import * as promoContracts from '#contracts/promo';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { route } from '../lib/route.ts';
import { applyPromo, removePromo } from '../promo/cart-promo.service.ts';
import { addItem, cartView, removeItem, updateItem, type CartDeps } from './cart.service.ts';

export function registerCartRoutes(app: FastifyInstance, deps: CartDeps & { requireUser: RequireUser }): void {
  const signedIn = { preHandler: deps.requireUser() };
  route(app, contracts.getCart, async (request) => {
    const { country, city, shipping_option_id: methodId } = request.query;
    return cartView(deps, currentUser(request).id, country === undefined && methodId === undefined ? undefined
      : { choice: { country: country ?? 'PK', city, methodId: methodId ?? 'standard' }, field: 'shipping_option_id' });
  }, signedIn);
  route(app, contracts.addCartItem, async (request) =>
    addItem(deps, currentUser(request).id, {
      productId: request.body.product_id, variantId: request.body.variant_id, quantity: request.body.quantity,
    }), signedIn);
  route(app, contracts.updateCartItem, async (request) =>
    updateItem(deps, currentUser(request).id, request.params.id, request.body.quantity), signedIn);
  route(app, contracts.removeCartItem, async (request) => removeItem(deps, currentUser(request).id, request.params.id), signedIn);
  route(app, promoContracts.applyPromo, async (request) => applyPromo(deps, currentUser(request).id, request.body.code), signedIn);
  route(app, promoContracts.removePromo, async (request) => removePromo(deps, currentUser(request).id), signedIn);
}
