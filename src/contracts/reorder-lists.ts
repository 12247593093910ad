import { z } from 'zod';
import { cart } from './cart.ts';
import { defineContract } from './define.ts';
import { decimalString } from './money.ts';

export const MAX_PAR_LEVEL = 999;
export const MAX_ON_HAND = 100_000;
export const EQUIVALENTS_LIMIT = 3;

/** An in-stock variant of another brand's product of the same instrument type and size. */
export const equivalentProduct = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int(),
  /** '18 cm · Curved'; '' for a product without options. */
  variant_label: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  price: decimalString,
  available_stock: z.number().int(),
  image: z.string(),
});
export type EquivalentProduct = z.infer<typeof equivalentProduct>;

/** One variant kept at par: catalogue number, price and stock are the variant's. */
export const reorderListItem = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  variant_id: z.number().int(),
  /** '18 cm · Curved'; '' for a product without options. */
  variant_label: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  model_number: z.string(),
  image: z.string(),
  price: decimalString,
  par_level: z.number().int(),
  /** The count entered at the last reorder; null before the first. */
  last_on_hand: z.number().int().nullable(),
  counted_at: z.string().nullable(),
  available_stock: z.number().int(),
  in_stock: z.boolean(),
  /** Offered only while this item is out of stock; at most EQUIVALENTS_LIMIT, closest in price first. */
  equivalents: z.array(equivalentProduct),
});
export type ReorderListItem = z.infer<typeof reorderListItem>;

export const reorderListSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The department whose order guide this is: its members who order and the organisation's admins keep it. */
  department: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  item_count: z.number().int(),
  updated_at: z.string(),
});
export type ReorderListSummary = z.infer<typeof reorderListSummary>;

export const reorderList = reorderListSummary.extend({ items: z.array(reorderListItem) });
export type ReorderList = z.infer<typeof reorderList>;

const id = (what: string) => z.coerce.number({ message: `Enter ${what}.` }).int(`Enter ${what}.`).min(1, `Enter ${what}.`);
const listParams = z.object({ id: id('a list id') });
const itemParams = listParams.extend({ itemId: id('an item id') });
const listName = z.object({
  name: z.string({ message: 'Enter a name for the list.' }).trim().min(1, 'Enter a name for the list.')
    .max(80, 'Enter at most 80 characters.'),
});
/** Left out only for a product with one variant: 400 { variant_id } 'Choose Length, Tip.' otherwise, and for a variant of another product. */
const variantId = z.number({ message: 'Choose a size or version.' }).int('Choose a size or version.').min(1, 'Choose a size or version.')
  .nullable().optional();

const parLevel = z.number({ message: 'Enter the par level as a whole number.' }).int('Enter the par level as a whole number.')
  .min(1, 'The par level must be at least 1.').max(MAX_PAR_LEVEL, `The par level can be at most ${MAX_PAR_LEVEL}.`);

export const listReorderLists = defineContract({
  method: 'GET',
  path: '/api/reorder-lists',
  response: z.object({ lists: z.array(reorderListSummary) }),
});

export const NOT_YOUR_DEPARTMENT_LIST = 'Choose a department you order for.';

/**
 * 400 { name } when the buyer already has a list of that name; 400 { department_id } for a department the buyer does
 * not order for (finance members order for none).
 */
export const createReorderList = defineContract({
  method: 'POST',
  path: '/api/reorder-lists',
  body: listName.extend({
    department_id: z.number({ message: NOT_YOUR_DEPARTMENT_LIST }).int(NOT_YOUR_DEPARTMENT_LIST).min(1, NOT_YOUR_DEPARTMENT_LIST)
      .nullable().optional(),
  }),
  response: z.object({ list: reorderList }),
  status: 201,
});

/**
 * Another buyer's list answers 404 'Reorder list not found.' like a missing one; a department's order guide is
 * answered to its members and the organisation's admins. A finance member reads a guide and changes nothing (403
 * ORGANISATION_ROLE on every change and on reorder).
 */
export const getReorderList = defineContract({
  method: 'GET',
  path: '/api/reorder-lists/:id',
  params: listParams,
  response: z.object({ list: reorderList }),
});

export const renameReorderList = defineContract({
  errors: ['ORGANISATION_ROLE'],
  method: 'PATCH',
  path: '/api/reorder-lists/:id',
  params: listParams,
  body: listName,
  response: z.object({ list: reorderList }),
});

export const deleteReorderList = defineContract({
  errors: ['ORGANISATION_ROLE'],
  method: 'DELETE',
  path: '/api/reorder-lists/:id',
  params: listParams,
  response: z.object({ detail: z.string() }),
});

/** Adds the variant, or sets its par level when it is already on the list. Nothing is written on a 400. */
export const addReorderListItem = defineContract({
  errors: ['ORGANISATION_ROLE'],
  method: 'POST',
  path: '/api/reorder-lists/:id/items',
  params: listParams,
  body: z.object({ product_id: id('a product id'), variant_id: variantId, par_level: parLevel }),
  response: z.object({ list: reorderList }),
});

export const updateReorderListItem = defineContract({
  errors: ['ORGANISATION_ROLE'],
  method: 'PATCH',
  path: '/api/reorder-lists/:id/items/:itemId',
  params: itemParams,
  body: z.object({ par_level: parLevel }),
  response: z.object({ list: reorderList }),
});

export const removeReorderListItem = defineContract({
  errors: ['ORGANISATION_ROLE'],
  method: 'DELETE',
  path: '/api/reorder-lists/:id/items/:itemId',
  params: itemParams,
  response: z.object({ list: reorderList }),
});

/** Replaces the item's variant by one of its equivalents, keeping par level and last count. */
export const swapReorderListItem = defineContract({
  errors: ['ORGANISATION_ROLE'],
  method: 'POST',
  path: '/api/reorder-lists/:id/items/:itemId/swap',
  params: itemParams,
  body: z.object({ product_id: id('a product id'), variant_id: variantId }),
  response: z.object({ list: reorderList }),
});

export const REORDER_OUTCOMES = ['added', 'partial', 'at_par', 'in_cart', 'out_of_stock', 'unavailable'] as const;
export type ReorderOutcome = (typeof REORDER_OUTCOMES)[number];

/**
 * Puts par − on hand of each item's variant into the cart through the cart service (topping up what the cart already holds).
 * `counts` gives what is on hand now; an item left out uses its last count. The counts are kept as the last counts.
 * 400 per item (`counts.<item id>`) when a count is missing and there is none from before.
 */
export const reorderFromList = defineContract({
  method: 'POST',
  path: '/api/reorder-lists/:id/reorder',
  errors: ['LICENCE_REQUIRED', 'ORGANISATION_ROLE'],
  params: listParams,
  body: z.object({
    counts: z.array(z.object({
      item_id: id('an item id'),
      on_hand: z.number({ message: 'Enter what is on hand as a whole number.' }).int('Enter what is on hand as a whole number.')
        .min(0, 'On hand cannot be negative.').max(MAX_ON_HAND, `Enter at most ${MAX_ON_HAND}.`),
    })).max(500).default([]),
  }),
  response: z.object({
    lines: z.array(z.object({
      item_id: z.number().int(),
      product_id: z.number().int(),
      variant_id: z.number().int(),
      variant_label: z.string(),
      name: z.string(),
      /** par − on hand, never below 0. */
      needed: z.number().int(),
      /** Units put into the cart by this reorder. */
      added: z.number().int(),
      outcome: z.enum(REORDER_OUTCOMES),
    })),
    cart,
    list: reorderList,
  }),
});
