import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/reviews';
import type { RequireUser } from '../auth/guard.ts';
import { currentUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { createReview, findActiveProduct, listReviews } from './reviews.service.ts';

export interface ReviewRouteDeps {
  db: Db;
  requireUser: RequireUser;
}

async function productOrNotFound(db: Db, slug: string) {
  const product = await findActiveProduct(db, slug);
  if (!product) throw notFound('Product not found.');
  return product;
}

export function registerReviewRoutes(app: FastifyInstance, { db, requireUser }: ReviewRouteDeps): void {
  route(app, contracts.listReviews, async (request) =>
    listReviews(db, await productOrNotFound(db, request.params.slug), request.params.slug, request.query));

  route(app, contracts.createReview, async (request) => {
    const product = await productOrNotFound(db, request.params.slug);
    return createReview(db, { ...request.body, productId: product.id, userId: currentUser(request).id });
  }, { preHandler: requireUser() });
}
