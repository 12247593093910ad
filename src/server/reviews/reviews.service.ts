import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createReview as createReviewContract, type Review, type ReviewList, type reviewBody } from '#contracts/reviews';
import { PAGE_SIZE, type pageQuery } from '#contracts/catalog';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { reviews } from '../db/schema/reviews.ts';
import { users } from '../db/schema/users.ts';
import { apiError, forbidden } from '../lib/errors.ts';
import { pageLinks } from '../catalog/page-links.ts';

type PageQuery = { [K in keyof typeof pageQuery]: z.infer<(typeof pageQuery)[K]> };

export const NOT_A_BUYER = 'Only customers who bought this product can review it.';
export const ALREADY_REVIEWED = 'You have already reviewed this product.';

/** First name and last initial: 'Ayesha K.' */
export const authorName = (firstName: string, lastName: string) =>
  [firstName.trim(), lastName.trim() ? `${lastName.trim()[0].toUpperCase()}.` : ''].filter(Boolean).join(' ');

export async function findActiveProduct(db: Db, slug: string) {
  const [product] = await db
    .select({ id: products.id, averageRating: products.averageRating, reviewCount: products.reviewCount })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.isActive, true)));
  return product;
}

/** Whether the user has a paid order with this product in it. */
export async function hasBought(db: Db, userId: string, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), eq(orders.paymentStatus, 'paid')))
    .limit(1);
  return row !== undefined;
}

type ReviewRow = typeof reviews.$inferSelect & { firstName: string; lastName: string };

const toReview = (row: ReviewRow): Review => ({
  id: row.id,
  rating: row.rating,
  title: row.title,
  body: row.body,
  author: authorName(row.firstName, row.lastName),
  // Only buyers can write a review.
  verified_purchase: true,
  created_at: row.createdAt.toISOString(),
});

export async function listReviews(
  db: Db, product: { id: number; averageRating: number; reviewCount: number }, slug: string, query: PageQuery,
): Promise<ReviewList> {
  const rows = await db
    .select({ review: reviews, firstName: users.firstName, lastName: users.lastName })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.productId, product.id))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const count = product.reviewCount;
  const params = { page_size: query.page_size === PAGE_SIZE ? undefined : String(query.page_size) };
  return {
    results: rows.map((row) => toReview({ ...row.review, firstName: row.firstName, lastName: row.lastName })),
    count,
    ...pageLinks(`/api/products/${slug}/reviews/`, params, { page: query.page, pageSize: query.page_size, count }),
    average_rating: Number(product.averageRating),
    review_count: count,
  };
}

export interface NewReview extends z.infer<typeof reviewBody> {
  productId: number;
  userId: string;
}

/** Adds a buyer's one review and recomputes the product's rating and count in the same transaction. */
export async function createReview(db: Db, input: NewReview): Promise<Review> {
  if (!(await hasBought(db, input.userId, input.productId))) throw forbidden(NOT_A_BUYER);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(reviews)
      .values({ productId: input.productId, userId: input.userId, rating: input.rating, title: input.title, body: input.body })
      .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
      .returning();
    if (!row) throw apiError(createReviewContract, 'ALREADY_REVIEWED', 409, ALREADY_REVIEWED);
    await tx.update(products).set({
      averageRating: sql`(select round(avg(r.rating), 2) from reviews r where r.product_id = ${input.productId})`,
      reviewCount: sql`(select count(*)::int from reviews r where r.product_id = ${input.productId})`,
    }).where(eq(products.id, input.productId));
    const [author] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, input.userId));
    return toReview({ ...row, ...author });
  });
}
