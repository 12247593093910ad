import { and, eq, isNull } from 'drizzle-orm';
import { NOT_IN_PUNCHOUT } from '#contracts/punchout';
import type { FastifyRequest } from 'fastify';
import type { CartDeps } from '../cart/cart.service.ts';
import { cartItems, carts } from '../db/schema/cart.ts';
import { punchoutSessions } from '../db/schema/punchout.ts';
import { refreshTokens } from '../db/schema/auth.ts';
import { forbidden } from '../lib/errors.ts';
import { identityOf } from './punchout-identity.service.ts';
import { returnedCart } from './punchout-cart.ts';
import { cxmlOrderMessage, ociFields } from './punchout-order-message.ts';
import { punchoutOf } from './punchout-session.service.ts';

export interface Transfer {
  url: string;
  target: string | null;
  fields: [string, string][];
}

/**
 * "Transfer cart": the cart, priced as the cart shows it, becomes the message the procurement system expects (cXML in
 * the cxml-urlencoded field, or OCI's fields); the punchout is marked transferred, the cart emptied and the session
 * signed out, all at once, so a second transfer finds no punchout.
 */
export async function transferCart(deps: CartDeps & { publicUrl: string }, request: FastifyRequest): Promise<Transfer> {
  const { db } = deps;
  const punchout = await punchoutOf(db, request);
  if (!punchout || punchout.transferredAt) throw forbidden(NOT_IN_PUNCHOUT);
  const cart = await returnedCart(deps, punchout.userId);
  const identity = await identityOf(db, punchout.organisationId);
  if (!identity) throw forbidden(NOT_IN_PUNCHOUT);
  const transfer: Transfer = punchout.protocol === 'cxml'
    ? {
      url: punchout.returnUrl,
      target: null,
      fields: [['cxml-urlencoded', cxmlOrderMessage({
        shop: new URL(deps.publicUrl).hostname, buyer: { domain: identity.fromDomain, identity: identity.fromIdentity },
        buyerCookie: punchout.buyerCookie, operation: punchout.operation,
      }, cart)]],
    }
    : {
      url: punchout.returnUrl,
      target: punchout.returnTarget || null,
      fields: [['~OkCode', 'ADDI'], ...(punchout.returnTarget ? [['~TARGET', punchout.returnTarget] as [string, string]] : []), ['~CALLER', 'CTLG'], ...ociFields(cart)],
    };
  const now = new Date();
  await db.transaction(async (tx) => {
    const [marked] = await tx.update(punchoutSessions).set({ transferredAt: now })
      .where(and(eq(punchoutSessions.id, punchout.id), isNull(punchoutSessions.transferredAt))).returning({ id: punchoutSessions.id });
    if (!marked) throw forbidden(NOT_IN_PUNCHOUT);
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, punchout.userId));
    if (cart) await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
    await tx.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, punchout.id), isNull(refreshTokens.revokedAt)));
  });
  return transfer;
}
