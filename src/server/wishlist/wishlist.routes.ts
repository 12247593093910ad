import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/wishlist';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import * as wishlist from './wishlist.service.ts';

export function registerWishlistRoutes(app: FastifyInstance, { db, requireUser }: { db: Db; requireUser: RequireUser }): void {
  const signedIn = { preHandler: requireUser() };
  route(app, contracts.getWishlist, async (request) => ({ items: await wishlist.listWishlist(db, currentUser(request).id) }), signedIn);
  route(app, contracts.addToWishlist, async (request) => ({
    item: await wishlist.addToWishlist(db, currentUser(request).id, request.params.productId, request.query.variant_id),
  }), signedIn);
  route(app, contracts.removeProductFromWishlist, async (request) => {
    await wishlist.removeProduct(db, currentUser(request).id, request.params.productId);
    return { detail: 'Removed from wishlist.' };
  }, signedIn);
  route(app, contracts.removeWishlistItem, async (request) => {
    await wishlist.removeItem(db, currentUser(request).id, request.params.id);
    return { detail: 'Removed from wishlist.' };
  }, signedIn);
  route(app, contracts.getWishlistShare, async (request) => ({ share: await wishlist.currentShare(db, currentUser(request).id) }), signedIn);
  route(app, contracts.shareWishlist, async (request) => wishlist.share(db, currentUser(request).id), signedIn);
  route(app, contracts.unshareWishlist, async (request) => {
    await wishlist.unshare(db, currentUser(request).id);
    return { detail: 'Wishlist is no longer shared.' };
  }, signedIn);
  route(app, contracts.getSharedWishlist, async (request) => wishlist.sharedWishlist(db, request.params.shareId));
}
