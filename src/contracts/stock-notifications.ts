import { z } from 'zod';
import { defineContract } from './define.ts';

export const stockNotification = z.object({
  product_id: z.number().int(),
  subscribed: z.boolean(),
});
export type StockNotification = z.infer<typeof stockNotification>;

const productParams = z.object({
  id: z.coerce.number({ message: 'Enter a product id.' }).int('Enter a product id.').min(1, 'Enter a product id.'),
});

/** Signed in; whether the user waits for this product. 404 'Product not found.' */
export const getStockNotification = defineContract({
  method: 'GET',
  path: '/api/products/:id/notify/',
  params: productParams,
  response: stockNotification,
});

/**
 * Notify When Available: one email when the product is back in stock, then the subscription is spent.
 * Idempotent. 400 'This product is in stock.' when units are available; 404 'Product not found.'
 */
export const subscribeStockNotification = defineContract({
  method: 'POST',
  path: '/api/products/:id/notify/',
  errors: ['IN_STOCK'],
  params: productParams,
  response: stockNotification,
});

/** Idempotent unsubscribe. */
export const unsubscribeStockNotification = defineContract({
  method: 'DELETE',
  path: '/api/products/:id/notify/',
  params: productParams,
  response: stockNotification,
});
