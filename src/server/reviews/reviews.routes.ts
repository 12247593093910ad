import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/reviews';
import type { RequireUser } from '../auth/guard.ts';
import { currentUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { createReview, findActiveProduct, listReviews } from './reviews.service.ts';
import { rememberAnswer, sendKept, type CatalogCache } from '../catalog-cache/catalog-cache.ts';
import { CATALOGUE, productTag } from '../catalog-cache/catalog-tags.ts';
import { requestKey } from '../catalog-cache/request-key.ts';

export interface ReviewRouteDeps {
  db: Db;
  requireUser: RequireUser;
  catalogCache: CatalogCache;
}

async function productOrNotFound(db: Db, slug: string) {
  const product = await findActiveProduct(db, slug);
  if (!product) throw notFound('Product not found.');
  return product;
}

export function registerReviewRoutes(app: FastifyInstance, { db, requireUser, catalogCache }: ReviewRouteDeps): void {
  // The same for every reader; a new review updates its product's rating, whose trigger drops these pages.
  route(app, contracts.listReviews, async (request, reply) => {
    const { slug } = request.params;
    const list = await rememberAnswer(catalogCache, reply, requestKey(`reviews/${slug}`, request.query), async () => {
      const product = await findActiveProduct(db, slug);
      return product
        ? { value: await listReviews(db, product, slug, request.query), tags: [productTag(product.id)] }
        : { value: null, tags: [CATALOGUE] };
    });
    if (!list) throw notFound('Product not found.');
    return sendKept(reply, list);
  });

  route(app, contracts.createReview, async (request) => {
    const product = await productOrNotFound(db, request.params.slug);
    return createReview(db, { ...request.body, productId: product.id, userId: currentUser(request).id });
  }, { preHandler: requireUser() });
}
