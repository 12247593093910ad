import { and, eq, inArray } from 'drizzle-orm';
import { promoCodes } from '../db/schema/promo.ts';
import { processPayment, type ProcessPaymentInput } from '#contracts/payment';
import { prepared, type DbOrTx } from '../db/client.ts';
import { cartItems, carts } from '../db/schema/cart.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import { priceCart, type CartDeps } from '../cart/cart.service.ts';
import type { OrderSource, SettleSource } from '../orders/order-source.ts';
import { claimPromo } from '../promo/promo.service.ts';

const cartEmpty = () => apiError(processPayment, 'CART_EMPTY', 409, 'Your cart is empty.');

/** The lines bought (or held for approval) leave the buyer's cart, and its promo code with them: one statement. */
async function takeLines(tx: DbOrTx, userId: string, variantIds: number[]): Promise<void> {
  const cart = tx.$with('cart').as(tx.update(carts).set({ promoCodeId: null, updatedAt: new Date() }).where(eq(carts.userId, userId))
    .returning({ id: carts.id }));
  await tx.with(cart).delete(cartItems)
    .where(and(inArray(cartItems.cartId, tx.select({ id: cart.id }).from(cart)), inArray(cartItems.variantId, variantIds)));
}

/**
 * Checkout: the buyer's cart shipped to the order's address by its chosen option, its promo code claimed with the
 * order and the bought lines removed once paid.
 */
export function cartSource(deps: CartDeps, userId: string, details: ProcessPaymentInput['orderDetails']): OrderSource {
  const { country, city } = details.shippingAddress;
  // Without a choice, the zone's standard method: what GET /api/cart/ answered for this address.
  const destination = { choice: { country, city, methodId: details.shippingOptionId ?? 'standard' as const }, field: 'orderDetails.shippingOptionId' };
  let claim: (tx: DbOrTx, orderId: string) => Promise<void> = async () => {};
  return {
    async price(tx, now) {
      // One checkout per user at a time: the cart row lock also keeps per-user promo counts exact.
      const [cart] = await prepared(tx.select({ id: carts.id, promo: promoCodes }).from(carts).leftJoin(promoCodes, eq(promoCodes.id, carts.promoCodeId))
        .where(eq(carts.userId, userId)).for('update', { of: carts }), 'lock_cart');
      if (!cart) throw cartEmpty();
      const priced = await priceCart({ db: tx, taxBasisPoints: deps.taxBasisPoints }, userId, cart.id, now, destination, { promo: cart.promo });
      if (priced.lines.length === 0) throw cartEmpty();
      if (priced.shipping.problem) throw badRequest({ [destination.field]: [priced.shipping.problem] });
      const { promo, promoProblem } = priced;
      if (promo && !promoProblem) claim = (db, orderId) => claimPromo(db, promo, userId, orderId);
      return priced;
    },
    placed: (tx, orderId) => claim(tx, orderId),
    hold: (tx, lines) => takeLines(tx, userId, lines.map((line) => line.variantId)),
  };
}

/** Settles an order from the cart: the last to be asked, since a quote's or a request's order is theirs. */
export const cartOrderSettled: SettleSource = async (tx, order) => {
  await takeLines(tx, order.userId, order.lines.map((line) => line.variantId));
  return true;
};
