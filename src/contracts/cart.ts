import { z } from 'zod';
import { ENTER_QUANTITY, WHOLE_NUMBER } from './issues.ts';
import { defineContract } from './define.ts';
import { decimalString } from './money.ts';
import { codedProblem } from './errors.ts';
import { BLOCK_REASONS } from './licences.ts';
import { translatedNames } from './translated-names.ts';
import { shippingDestination } from './shipping.ts';
import { setChoice } from './set-choice.ts';

export const MAX_LINE_QUANTITY = 999;

export const STOCK_ISSUES = ['out_of_stock', 'insufficient'] as const;
export type StockIssue = (typeof STOCK_ISSUES)[number];

/**
 * Told once per line when the flash sale that priced it (when it was added or last changed) no longer does: its
 * window or allocation ended, so the line is back at `price` each. Changing the quantity or adding again clears it.
 */
export const priceNotice = z.object({
  code: z.literal('FLASH_SALE_ENDED'),
  previous_price: decimalString,
  price: decimalString,
});
export type PriceNotice = z.infer<typeof priceNotice>;

export const cartItem = z.object({
  /** The cart line's id, used by PATCH/DELETE /api/cart/items/{id}/. */
  id: z.number().int(),
  product_id: z.number().int(),
  /** The variant on the line: two variants of one product are two lines. */
  variant_id: z.number().int(),
  /** The variant's option values, '18 cm · Curved'; '' for a product without options. */
  variant_label: z.string(),
  product_slug: z.string(),
  quantity: z.number().int(),
  /** What each unit costs; on a split line (0 < sale_quantity < quantity), each unit beyond the sale's. */
  unit_price: decimalString,
  /** sale_quantity × sale_price + (quantity − sale_quantity) × unit_price. */
  total_price: decimalString,
  /**
   * Units of the line at a running flash sale's price: 0 without one, the quantity when its allocation holds the
   * whole line, fewer when it holds only those ("9 at $29.99, the rest at $44.64"). Checkout claims exactly these.
   */
  sale_quantity: z.number().int(),
  /** The sale price of those units; null when sale_quantity is 0. */
  sale_price: decimalString.nullable(),
  /** The "was" price struck out beside unit_price, the same as on cards and the product page; null when none. */
  original_price: decimalString.nullable(),
  /** Units of the variant on hand net of reservations, right now. */
  available_stock: z.number().int(),
  product_name: z.string(),
  product_image: z.string(),
  /** Category name, e.g. 'General Surgery'. */
  product_category: z.string(),
  /** product_category in Urdu and Arabic (see catalog's translatedNames). */
  product_category_translations: translatedNames,
  product_brand: z.string(),
  /** out_of_stock when available_stock is 0; insufficient when quantity exceeds it; otherwise null. */
  stock_issue: z.enum(STOCK_ISSUES).nullable(),
  price_notice: priceNotice.nullable().optional(),
  /**
   * Why this restricted line cannot be paid for by this buyer (see licences' BLOCK_REASONS): business_only,
   * no_licence, unverified or expired; null when it can be bought.
   */
  licence_issue: z.enum(BLOCK_REASONS).nullable(),
  /** The contract of the organisation price list that prices the line; '' when the price list does not price it. */
  contract_number: z.string(),
  /**
   * For a set: what one set on this line holds, [{variant_id, quantity}] (the standard set, or the buyer's
   * customisation of it); null for anything else.
   */
  set_components: z.array(z.object({ variant_id: z.number().int(), quantity: z.number().int() })).nullable().optional(),
  /** '' for the standard set and anything else; a customised set's key, so two customisations of one set are two lines. */
  configuration_key: z.string().optional(),
});
export type CartItem = z.infer<typeof cartItem>;

export const PROMO_KINDS = ['percent', 'fixed'] as const;

export const appliedPromo = z.object({
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  /** e.g. '10% off' or '$50.00 off orders of $1,000.00 or more'. */
  description: z.string(),
  /** False when the code no longer applies to this cart (it then gives no discount); `message` says why in English. */
  applies: z.boolean(),
  message: z.string().nullable(),
  /** Why, as the error code applying it would answer and its params (null while it applies). */
  problem: codedProblem.nullable(),
});
export type AppliedPromo = z.infer<typeof appliedPromo>;

/**
 * All amounts are USD decimal strings computed by the server from database prices:
 * total_amount = subtotal − discount_amount + tax_amount (tax on the discounted subtotal);
 * grand_total = total_amount + shipping_amount. Pay exactly grand_total (currency USD) or grand_total_pkr (PKR).
 */
export const cart = z.object({
  id: z.number().int(),
  items: z.array(cartItem),
  /** Sum of quantities, for the cart badge. */
  item_count: z.number().int(),
  subtotal: decimalString,
  discount_amount: decimalString,
  /** Percent, e.g. '17.00': the destination zone's rate (exports '0.00'). */
  tax_rate: decimalString,
  tax_amount: decimalString,
  total_amount: decimalString,
  shipping_amount: decimalString,
  grand_total: decimalString,
  /** ISO 3166-1 alpha-2: where the totals ship to ('PK' unless asked for another). */
  country: z.string(),
  /** The shipping method in the totals (the chosen one, else the zone's standard); null when nothing ships there. */
  shipping_method: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /**
   * Subtotal at which that method becomes free, and what is still missing (0.00 once reached); both null when the
   * method is never free.
   */
  free_shipping_threshold: decimalString.nullable(),
  amount_to_free_shipping: decimalString.nullable(),
  currency: z.literal('USD'),
  /** PKR per USD used for grand_total_pkr, exact, with at least 2 decimals: '278.50', '280.125'. */
  exchange_rate: z.string(),
  grand_total_pkr: decimalString,
  /**
   * The store credit checkout may use (the organisation's for its member, else the buyer's own), null when there is
   * none: what it would pay of grand_total, and the rest left to pay by the method (USD and PKR, before any card fee),
   * as POST /api/payment/process splits it with use_store_credit.
   */
  store_credit: z.object({
    available: decimalString,
    applied: decimalString,
    rest: decimalString,
    rest_pkr: decimalString,
  }).nullable(),
  promo: appliedPromo.nullable(),
  /** True when any item has a stock issue: checkout is refused until it is fixed. */
  has_stock_issues: z.boolean(),
  /** True when any item has a licence_issue: checkout is refused until it is resolved. */
  has_licence_issues: z.boolean(),
});
export type Cart = z.infer<typeof cart>;

const quantity = (min: number) => z.number({ message: ENTER_QUANTITY }).int(WHOLE_NUMBER)
  .min(min, min === 0 ? 'Enter 0 or more.' : `Enter at least ${min}.`)
  .max(MAX_LINE_QUANTITY, `Enter at most ${MAX_LINE_QUANTITY}.`);

const itemParams = z.object({
  id: z.coerce.number({ message: 'Enter a cart item id.' }).int('Enter a cart item id.').min(1, 'Enter a cart item id.'),
});

const CHOOSE_OPTION = 'Choose a shipping option by its id.';

/**
 * Every cart call needs a signed-in user (401 otherwise). Without a query the totals are for Pakistan by the
 * standard method (the Pakistan zone's first); with `country` (and `city`), by `shipping_option_id` (one of
 * GET /api/cart/shipping-options/ for that address) or else that zone's standard method, taxed at the zone's rate.
 * An option that is not one for the address: 400 on shipping_option_id.
 */
export const getCart = defineContract({
  method: 'GET',
  path: '/api/cart/',
  query: shippingDestination.pick({ city: true, postal_code: true }).extend({
    country: shippingDestination.shape.country.optional(),
    shipping_option_id: z.coerce.number({ message: CHOOSE_OPTION }).int(CHOOSE_OPTION).min(1, CHOOSE_OPTION).optional(),
  }),
  response: cart,
});

/**
 * Adds to the line's quantity when the variant is already in the cart. `variant_id` may be left out only for a
 * product with one variant: left out for a product with several, 400 on variant_id ('Choose Length, Tip.'); a
 * variant of another product, 400 on variant_id. Nothing is added then.
 * 404 'Product not found.'; 409 OUT_OF_STOCK '{name} is out of stock.';
 * 409 INSUFFICIENT_STOCK 'Only {n} of {name} available.' when the line would exceed what is available.
 * 403 LICENCE_REQUIRED when an individual account adds a product of a restricted category (nothing is added);
 * a business account may add it, and the line carries licence_issue until its licence is verified.
 * A set: 409 SET_UNAVAILABLE when a component is archived or under recall. `set_choice` customises it (business
 * accounts only: 403 SET_NOT_CUSTOMISABLE otherwise; a choice outside the set's rules is a 400 on that field, and
 * set_choice on a variant that is not a set a 400 on set_choice); each customisation is its own line.
 */
export const addCartItem = defineContract({
  method: 'POST',
  path: '/api/cart/add-item/',
  errors: ['OUT_OF_STOCK', 'INSUFFICIENT_STOCK', 'QUANTITY_LIMIT', 'LICENCE_REQUIRED', 'SET_UNAVAILABLE', 'SET_NOT_CUSTOMISABLE'],
  body: z.object({
    product_id: z.number({ message: 'Choose a product.' }).int('Choose a product.').min(1, 'Choose a product.'),
    variant_id: z.number({ message: 'Choose a size or version.' }).int('Choose a size or version.').min(1, 'Choose a size or version.')
      .nullable().optional(),
    quantity: quantity(1).default(1),
    set_choice: setChoice.optional(),
  }),
  response: cart,
});
export type AddCartItemBody = z.input<typeof addCartItem.body>;

/**
 * Quantity 0 removes the line. Lowering is always allowed; raising above what is available is 409
 * INSUFFICIENT_STOCK. Another user's item id: 404 'Cart item not found.'
 */
export const updateCartItem = defineContract({
  method: 'PATCH',
  path: '/api/cart/items/:id/',
  errors: ['INSUFFICIENT_STOCK'],
  params: itemParams,
  body: z.object({ quantity: quantity(0) }),
  response: cart,
});

/** Another user's item id: 404 'Cart item not found.' */
export const removeCartItem = defineContract({
  method: 'DELETE',
  path: '/api/cart/items/:id/',
  params: itemParams,
  response: cart,
});
