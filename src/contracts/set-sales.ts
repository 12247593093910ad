import { z } from 'zod';
import { SET_COMPONENT_ROLES } from './instrument-sets.ts';
import { decimalString } from './money.ts';
import { lineLot } from './line-lot.ts';

export { setChoice, type SetChoice, type SetChoiceInput } from './set-choice.ts';

/*
 * Selling instrument sets (see instrument-sets.ts for what a set is made of): what the product page shows of a set,
 * a business buyer's customisation of it, and the price that customisation comes to.
 */

/** Why a set cannot be sold now: one of its components is archived or switched off, or under recall. */
export const SET_BLOCK_REASONS = ['inactive', 'recalled'] as const;
export type SetBlockReason = (typeof SET_BLOCK_REASONS)[number];

export const setBlocked = z.object({
  reason: z.enum(SET_BLOCK_REASONS),
  /** The component's product name and variant label, 'Mayo Scissors — 14 cm'. */
  component_name: z.string(),
});
export type SetBlocked = z.infer<typeof setBlocked>;

/** One component row of a set as the product page shows it; prices are list prices of one unit. */
export const setComponentView = z.object({
  variant_id: z.number().int(),
  product_id: z.number().int(),
  product_slug: z.string(),
  name: z.string(),
  /** '14 cm'; '' for a product without options. */
  variant_label: z.string(),
  model_number: z.string(),
  /** Units of it in one set. */
  quantity: z.number().int(),
  role: z.enum(SET_COMPONENT_ROLES),
  /** For an alternative: the component it may take the place of. */
  replaces_variant_id: z.number().int().nullable(),
  is_container: z.boolean(),
  unit_price: decimalString,
  /** Units of the component free to sell now. */
  available: z.number().int(),
});
export type SetComponentView = z.infer<typeof setComponentView>;

/** A set variant's contents and why it cannot be bought now (null when it can). */
export const variantSet = z.object({
  components: z.array(setComponentView),
  blocked: setBlocked.nullable(),
});
export type VariantSet = z.infer<typeof variantSet>;

/**
 * What one set on an order line held as sold, each component with its quantity per set and the lots its units of the
 * order were reserved and shipped from (first expiry first out), with their UDIs.
 */
export const orderSetComponent = setComponentView
  .pick({ variant_id: true, product_id: true, name: true, variant_label: true, model_number: true, quantity: true })
  .extend({ lots: z.array(lineLot) });
export type OrderSetComponentView = z.infer<typeof orderSetComponent>;
