import { z } from 'zod';
import { defineContract } from './define.ts';

export const stockNotification = z.object({
  product_id: z.number().int(),
  /** The variant waited for; null when none was named (GET and DELETE then speak of every variant of the product). */
  variant_id: z.number().int().nullable(),
  subscribed: z.boolean(),
});
export type StockNotification = z.infer<typeof stockNotification>;

const productParams = z.object({
  id: z.coerce.number({ message: 'Enter a product id.' }).int('Enter a product id.').min(1, 'Enter a product id.'),
});

/** `?variant_id=`: one variant (size, tip) of the product. 400 { variant_id } for a variant of another product. */
const variantQuery = z.object({
  variant_id: z.coerce.number({ message: 'Enter a variant id.' }).int('Enter a variant id.').min(1, 'Enter a variant id.').optional(),
});

/**
 * Signed in; whether the user waits for the named variant, or for any variant of the product when none is named.
 * 404 'Product not found.'
 */
export const getStockNotification = defineContract({
  method: 'GET',
  path: '/api/products/:id/notify/',
  params: productParams,
  query: variantQuery,
  response: stockNotification,
});

/**
 * Notify When Available: one email when the variant is back in stock, then the subscription is spent. The variant
 * may be left out only for a product without choices (400 { variant_id } 'Choose Length, Tip.' otherwise).
 * Idempotent. 400 'This product is in stock.' when units of the variant are available; 404 'Product not found.'
 */
export const subscribeStockNotification = defineContract({
  method: 'POST',
  path: '/api/products/:id/notify/',
  errors: ['IN_STOCK'],
  params: productParams,
  query: variantQuery,
  response: stockNotification,
});

/** Idempotent unsubscribe from the named variant, or from every variant of the product when none is named. */
export const unsubscribeStockNotification = defineContract({
  method: 'DELETE',
  path: '/api/products/:id/notify/',
  params: productParams,
  query: variantQuery,
  response: stockNotification,
});
