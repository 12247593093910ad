import { z } from 'zod';
import { defineContract } from './define.ts';
import { translatedNames } from './translated-names.ts';

/** One saved variant of a product: price and stock are the variant's, the rest the product's. */
export const wishlistItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  variant_id: z.number().int(),
  /** The variant's option values ('18 cm · Curved'); '' for a product without options. */
  variant_label: z.string(),
  slug: z.string(),
  name: z.string(),
  /** Dollars, from the catalogue at the time of reading. */
  price: z.number(),
  originalPrice: z.number().nullable(),
  image: z.string(),
  category: z.string(),
  /** category in Urdu and Arabic (see catalog's translatedNames). */
  category_translations: translatedNames,
  rating: z.number(),
  inStock: z.boolean(),
  addedAt: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItem>;

const wishlist = z.object({ items: z.array(wishlistItem) });
export type Wishlist = z.infer<typeof wishlist>;

const productParams = z.object({
  productId: z.coerce.number({ message: 'Enter a product id.' }).int('Enter a product id.').min(1, 'Enter a product id.'),
});
const itemParams = z.object({
  id: z.coerce.number({ message: 'Enter an item id.' }).int('Enter an item id.').min(1, 'Enter an item id.'),
});

/** Signed in; newest first. */
export const getWishlist = defineContract({ method: 'GET', path: '/api/wishlist', response: wishlist });

/**
 * Saves one variant: `?variant_id=` names it; left out, the product's first variant (a heart on a product card has
 * no size chosen). Idempotent. Any body is ignored: name, price, image and stock come from the catalogue.
 * 400 { variant_id } for a variant of another product; 404 'Product not found.'
 */
export const addToWishlist = defineContract({
  method: 'POST',
  path: '/api/wishlist/:productId',
  params: productParams,
  query: z.object({
    variant_id: z.coerce.number({ message: 'Enter a variant id.' }).int('Enter a variant id.').min(1, 'Enter a variant id.').optional(),
  }),
  response: z.object({ item: wishlistItem }),
});

/** Removes every saved variant of the product. Idempotent. */
export const removeProductFromWishlist = defineContract({
  method: 'DELETE',
  path: '/api/wishlist/:productId',
  params: productParams,
  response: z.object({ detail: z.string() }),
});

/** 404 when the item is not one of the user's. */
export const removeWishlistItem = defineContract({
  method: 'DELETE',
  path: '/api/wishlist/item/:id',
  params: itemParams,
  response: z.object({ detail: z.string() }),
});

const share = z.object({ shareId: z.string(), url: z.string() });
export type WishlistShare = z.infer<typeof share>;

/** The user's current link, or null when the list is not shared. */
export const getWishlistShare = defineContract({
  method: 'GET',
  path: '/api/wishlist/share/',
  response: z.object({ share: share.nullable() }),
});

/** Idempotent: the same link until it is revoked. */
export const shareWishlist = defineContract({ method: 'POST', path: '/api/wishlist/share/', response: share });

/** Revokes the link; the shared page then answers 404. */
export const unshareWishlist = defineContract({
  method: 'DELETE',
  path: '/api/wishlist/share/',
  response: z.object({ detail: z.string() }),
});

/** Public, read-only. 404 'Shared wishlist not found.' for unknown or revoked links. */
export const getSharedWishlist = defineContract({
  method: 'GET',
  path: '/api/wishlist/shared/:shareId',
  params: z.object({ shareId: z.string().min(1).max(100) }),
  response: z.object({ ownerFirstName: z.string(), items: z.array(wishlistItem) }),
});
