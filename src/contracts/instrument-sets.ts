import { z } from 'zod';
import { defineContract } from './define.ts';
import { MAX_ID } from './fields.ts';
import { message, REQUIRED, WHOLE_NUMBER } from './issues.ts';
import { staffAccess } from './staff-roles.ts';

/*
 * Instrument sets. A variant may be a set of other variants (its components), each in a quantity, one of them
 * perhaps the tray or container. A set has no stock of its own: its available units are the least, over the
 * components of the standard set, of each component's available units divided by its quantity (rounded down), and
 * checkout reserves and sells the components. A set is never a component of another set.
 *
 * Roles, for sets a business buyer may customise:
 * - standard: always in the set;
 * - optional: in the standard set, and the buyer may remove it;
 * - extra: not in the standard set, and the buyer may add it;
 * - alternative: not in the standard set, and the buyer may put it in place of `replaces_variant_id` (a standard or
 *   optional component of the same set).
 */
export const SET_COMPONENT_ROLES = ['standard', 'optional', 'extra', 'alternative'] as const;
export type SetComponentRole = (typeof SET_COMPONENT_ROLES)[number];
/** The roles whose components make up the standard set. */
export const STANDARD_SET_ROLES = ['standard', 'optional'] as const satisfies readonly SetComponentRole[];
/** At most this many component rows per set. */
export const MAX_SET_COMPONENTS = 200;

export const SET_QUANTITY = message('set_quantity', 'Enter a quantity from 1 to 1000.');
const variantId = z.number({ message: REQUIRED }).int(WHOLE_NUMBER).min(1, REQUIRED).max(MAX_ID, REQUIRED);

/**
 * One component of a set as staff compose it in the product body (`variants.N.components`): a variant of another
 * product, how many of it one set holds, its role, the component an alternative replaces, and whether it is the tray.
 */
export const setComponentInput = z.object({
  variant_id: variantId,
  quantity: z.number({ message: SET_QUANTITY }).int(SET_QUANTITY).min(1, SET_QUANTITY).max(1000, SET_QUANTITY),
  role: z.enum(SET_COMPONENT_ROLES).default('standard'),
  replaces_variant_id: variantId.nullable().default(null),
  is_container: z.boolean().default(false),
});
export type SetComponentInput = z.input<typeof setComponentInput>;
export type SetComponentFields = z.output<typeof setComponentInput>;

/** A component as the staff editor shows it: what was composed, and which variant it is with its free units. */
export const staffSetComponent = z.object({
  variant_id: z.number().int(),
  quantity: z.number().int(),
  role: z.enum(SET_COMPONENT_ROLES),
  replaces_variant_id: z.number().int().nullable(),
  is_container: z.boolean(),
  product_name: z.string(),
  /** The component's catalogue number and option values ('18 cm'; '' for a product without options). */
  model_number: z.string(),
  label: z.string(),
  /** On hand less reserved. */
  available_stock: z.number().int(),
});
export type StaffSetComponent = z.infer<typeof staffSetComponent>;

/** A variant staff may add to a set: any variant that is not a set itself. */
export const setComponentChoice = z.object({
  variant_id: z.number().int(),
  product_name: z.string(),
  model_number: z.string(),
  label: z.string(),
  available_stock: z.number().int(),
});
export type SetComponentChoice = z.infer<typeof setComponentChoice>;

/**
 * GET /api/staff/products/set-components/?search=: up to 20 variants whose product name or catalogue number holds the
 * search, sets left out (a set is never a component), and the variants of `product` (the set's own product) too.
 */
export const searchSetComponents = defineContract({
  method: 'GET',
  path: '/api/staff/products/set-components/',
  staff: staffAccess.catalogue,
  query: z.object({
    search: z.string().trim().max(100).default(''),
    product: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  }),
  response: z.object({ results: z.array(setComponentChoice) }),
  errors: ['STAFF_ONLY'],
});
