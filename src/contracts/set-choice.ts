import { z } from 'zod';

const variantId = z.number({ message: 'Choose a component by its variant id.' }).int('Choose a component by its variant id.')
  .min(1, 'Choose a component by its variant id.');

/**
 * A business buyer's change to the standard set: `remove` optional components, `add` extras, `swap` a standard or
 * optional component (`from`) for one of its alternatives (`to`). Each field's problems are a 400 on that field.
 */
export const setChoice = z.object({
  remove: z.array(variantId).max(200).default([]),
  add: z.array(variantId).max(200).default([]),
  swap: z.array(z.object({ from: variantId, to: variantId })).max(200).default([]),
});
export type SetChoice = z.infer<typeof setChoice>;
export type SetChoiceInput = z.input<typeof setChoice>;

