import { eq } from 'drizzle-orm';
import type { Cart } from '#contracts/cart';
import { carts } from '../db/schema/cart.ts';
import { cartLines, cartView, ensureCart, type CartDeps } from '../cart/cart.service.ts';
import { subtotalCents } from '../pricing/cart-totals.ts';
import { findPromo, promoError, promoProblem } from './promo.service.ts';

/** Applies a code to the user's cart (replacing any other); 400 with the reason when it does not apply. */
export async function applyPromo(deps: CartDeps, userId: string, code: string, now = new Date()): Promise<Cart> {
  const { db } = deps;
  const promo = await findPromo(db, code);
  if (!promo) throw promoError({ code: 'PROMO_NOT_FOUND', message: 'This promo code does not exist.' });
  const cartId = await ensureCart(db, userId);
  const subtotal = subtotalCents(await cartLines(db, cartId));
  const problem = await promoProblem(db, promo, userId, subtotal, now);
  if (problem) throw promoError(problem);
  await db.update(carts).set({ promoCodeId: promo.id, updatedAt: now }).where(eq(carts.id, cartId));
  return cartView(deps, userId);
}

export async function removePromo(deps: CartDeps, userId: string): Promise<Cart> {
  const cartId = await ensureCart(deps.db, userId);
  await deps.db.update(carts).set({ promoCodeId: null, updatedAt: new Date() }).where(eq(carts.id, cartId));
  return cartView(deps, userId);
}
