import { z } from 'zod';
import { text as multiline } from './fields.ts';
import { defineContract } from './define.ts';
import { pageQuery } from './catalog.ts';

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;

/** Title and body are plain text: render them as text, never as HTML. */
export const review = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** First name and last initial, e.g. 'Ayesha K.' */
  author: z.string(),
  verified_purchase: z.boolean(),
  created_at: z.string(),
});
export type Review = z.infer<typeof review>;

export const reviewList = z.object({
  results: z.array(review),
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  average_rating: z.number(),
  review_count: z.number().int(),
});
export type ReviewList = z.infer<typeof reviewList>;

const productSlug = z.object({ slug: z.string().trim().min(1).max(200) });

/** Newest first. Unknown product: 404 { detail: 'Product not found.' }. */
export const listReviews = defineContract({
  method: 'GET',
  path: '/api/products/:slug/reviews/',
  params: productSlug,
  query: z.object(pageQuery),
  response: reviewList,
});

export const reviewBody = z.object({
  rating: z.number({ message: 'Choose a rating from 1 to 5.' }).int('Choose a rating from 1 to 5.')
    .min(1, 'Choose a rating from 1 to 5.').max(5, 'Choose a rating from 1 to 5.'),
  title: z.string({ message: 'This field is required.' }).trim().min(1, 'This field is required.')
    .max(REVIEW_TITLE_MAX, `Enter at most ${REVIEW_TITLE_MAX} characters.`),
  body: multiline({ message: 'This field is required.' }).trim()
    .min(REVIEW_BODY_MIN, `Enter at least ${REVIEW_BODY_MIN} characters.`)
    .max(REVIEW_BODY_MAX, `Enter at most ${REVIEW_BODY_MAX} characters.`),
});
export type ReviewBody = z.input<typeof reviewBody>;

/**
 * Signed-in customers who bought the product. 401 signed out; 403 'Only customers who bought this product can
 * review it.'; 409 ALREADY_REVIEWED 'You have already reviewed this product.'; 400 per field.
 */
export const createReview = defineContract({
  method: 'POST',
  path: '/api/products/:slug/reviews/',
  errors: ['ALREADY_REVIEWED'],
  params: productSlug,
  body: reviewBody,
  response: review,
  status: 201,
});
