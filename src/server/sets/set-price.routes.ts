import type { FastifyInstance } from 'fastify';
import { previewSetPrice } from '#contracts/set-price';
import { centsToDecimal } from '#contracts/money';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { variantForCart, type CartDeps } from '../cart/cart.service.ts';
import { apiError, notFound } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { catalogueOrderLines } from '../orders/lines-order-source.ts';
import { lineTotalCents } from '../pricing/unit-price.ts';
import { setForBuyer } from './set-for-buyer.ts';

/** The price of a set as the buyer would customise it, from the same pricing as their cart line and order. */
export function registerSetPriceRoutes(app: FastifyInstance, deps: CartDeps & { requireUser: RequireUser }): void {
  route(app, previewSetPrice, async (request) => {
    const userId = currentUser(request).id;
    const variantId = request.params.variant_id;
    const { set_choice: choice, quantity } = request.body;
    await variantForCart(deps.db, variantId);
    const set = await setForBuyer(deps.db, userId, variantId, choice,
      () => apiError(previewSetPrice, 'SET_NOT_CUSTOMISABLE', 403, 'Only business accounts can change what is in a set.'));
    const [line] = set ? await catalogueOrderLines(deps.db, userId, [{
      variantId, quantity, chosenContents: set.key ? set.contents : null, configurationKey: set.key,
    }], new Date()) : [];
    if (!set || !line) throw notFound('Set not found.');
    return {
      unit_price: centsToDecimal(line.unitPriceCents),
      total_price: centsToDecimal(lineTotalCents(line)),
      available: Math.max(line.available, 0),
      configuration_key: set.key,
      components: set.contents,
      blocked: set.blocked,
    };
  }, { preHandler: deps.requireUser() });
}
