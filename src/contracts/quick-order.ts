import { z } from 'zod';
import { cart } from './cart.ts';
import { defineContract } from './define.ts';
import { text } from './fields.ts';
import { equivalentProduct } from './reorder-lists.ts';

export const QUICK_ORDER_MAX_LINES = 500;
export const QUICK_ORDER_MAX_CHARS = 100_000;
export const EMPTY_QUICK_ORDER = 'Paste at least one line: a catalogue number and a quantity.';
export const TOO_MANY_LINES = `Paste at most ${QUICK_ORDER_MAX_LINES} lines at a time.`;

export const QUICK_ORDER_OUTCOMES = ['added', 'partial', 'unknown', 'discontinued', 'out_of_stock', 'licence_required', 'invalid'] as const;
export type QuickOrderOutcome = (typeof QUICK_ORDER_OUTCOMES)[number];

export const quickOrderLine = z.object({
  /** The line's number in the pasted text, from 1. */
  line: z.number().int(),
  /** The line as pasted, trimmed. */
  input: z.string(),
  catalogue_number: z.string(),
  /** The quantity asked for; 0 when the line gave none that could be read. */
  quantity: z.number().int(),
  outcome: z.enum(QUICK_ORDER_OUTCOMES),
  /** Units put into the cart by this line. */
  added: z.number().int(),
  /** For a line short of stock: the units of the variant on sale now. */
  available: z.number().int().optional(),
  /** Why, in English; the storefront words it by outcome. */
  message: z.string(),
  product: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), variant_label: z.string() }).optional(),
  /** In-stock variants of the same kind and size, offered for a discontinued or out-of-stock line. */
  equivalents: z.array(equivalentProduct),
});
export type QuickOrderLine = z.infer<typeof quickOrderLine>;

/**
 * Puts the pasted lines (catalogue number and quantity, one a line, separated by comma, tab, semicolon or spaces; a
 * header row is skipped) into the cart through the cart service, and says per line what became of it. A catalogue
 * number given twice adds up. 400 { text } with nothing added when no line is given or there are too many.
 */
export const placeQuickOrder = defineContract({
  method: 'POST',
  path: '/api/quick-order/',
  body: z.object({
    text: text({ message: EMPTY_QUICK_ORDER }).max(QUICK_ORDER_MAX_CHARS, `Paste at most ${QUICK_ORDER_MAX_CHARS / 1000} kB at a time.`),
  }),
  response: z.object({ lines: z.array(quickOrderLine), cart }),
});
