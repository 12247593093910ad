import { z } from 'zod';
import { INVALID_PRICE, PRICE_ABOVE_ZERO, WHOLE_UNITS } from './issues.ts';
import { defineContract } from './define.ts';
import { decimalString } from './money.ts';
import { staffAccess } from './staff-roles.ts';

/*
 * Staff manage flash sales: a sale price for one variant of a product during a window, optionally for a number of units only. The
 * shop prices with a sale while it runs and units remain (see pricing/unit-price.ts). Staff routes answer 403 to
 * anyone else.
 */

export const MAX_SALE_UNITS = 100_000;

const REQUIRED = 'This field is required.';
const PRICE = /^\d{1,7}(\.\d{1,2})?$/;
const idParams = z.object({ id: z.coerce.number({ message: 'Unknown flash sale.' }).int('Unknown flash sale.').min(1, 'Unknown flash sale.') });
const instant = (message: string) => z.string({ message }).trim().min(1, message)
  .refine((value) => !Number.isNaN(Date.parse(value)), message);

/**
 * A new sale, or the whole of a changed one. `variantId` may be left out only for a product with one variant (400 on
 * variantId otherwise, or for a variant of another product). The sale price must be above 0 and below the variant's
 * list price, the end after the start (400 per field, nothing written); a window overlapping another sale of the
 * variant is 409 FLASH_SALE_OVERLAP.
 */
export const flashSaleBody = z.object({
  productId: z.number({ message: 'Choose a product.' }).int('Choose a product.').min(1, 'Choose a product.'),
  variantId: z.number({ message: 'Choose a size or version.' }).int('Choose a size or version.').min(1, 'Choose a size or version.')
    .nullable().optional(),
  salePrice: z.string({ message: REQUIRED }).trim().regex(PRICE, INVALID_PRICE)
    .refine((value) => !PRICE.test(value) || Number(value) > 0, PRICE_ABOVE_ZERO),
  startsAt: instant('Enter the start date and time.'),
  endsAt: instant('Enter the end date and time.'),
  /** Units offered at the sale price; null or absent: while stock lasts. */
  units: z.number({ message: WHOLE_UNITS }).int(WHOLE_UNITS)
    .min(1, 'Enter 1 or more units, or leave it empty.').max(MAX_SALE_UNITS, `Enter at most ${MAX_SALE_UNITS} units.`)
    .nullable().optional(),
}, { message: REQUIRED }).superRefine((body, ctx) => {
  if (!Number.isNaN(Date.parse(body.startsAt)) && !Number.isNaN(Date.parse(body.endsAt)) && Date.parse(body.endsAt) <= Date.parse(body.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start.' });
  }
});
export type FlashSaleBody = z.input<typeof flashSaleBody>;

export const FLASH_SALE_STATES = ['scheduled', 'running', 'ended'] as const;

export const staffFlashSale = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  /** The variant on sale and its label ('' for a product without options). */
  variantId: z.number().int(),
  variantLabel: z.string(),
  productSlug: z.string(),
  productName: z.string(),
  /** The variant's catalogue number and list price. */
  productModel: z.string(),
  listPrice: decimalString,
  salePrice: decimalString,
  startsAt: z.string(),
  endsAt: z.string(),
  units: z.number().int().nullable(),
  /** Units of open orders priced by this sale (paid or not yet). */
  claimedUnits: z.number().int(),
  /** The same counts the home card shows (catalog's flash sale item). */
  soldCount: z.number().int(),
  availableStock: z.number().int(),
  state: z.enum(FLASH_SALE_STATES),
});
export type StaffFlashSale = z.infer<typeof staffFlashSale>;

/** Running and scheduled first (soonest ending first), then the last ended ones. */
export const listStaffFlashSales = defineContract({
  staff: staffAccess.catalogue,
  method: 'GET',
  path: '/api/staff/flash-sales/',
  errors: ['STAFF_ONLY'],
  response: z.object({ sales: z.array(staffFlashSale) }),
});

export const createFlashSale = defineContract({
  staff: staffAccess.catalogue,
  method: 'POST',
  path: '/api/staff/flash-sales/',
  errors: ['STAFF_ONLY', 'FLASH_SALE_OVERLAP'],
  body: flashSaleBody,
  status: 201,
  response: staffFlashSale,
});

/** Units may not go below those already claimed (400 on units). 404 'Flash sale not found.' */
export const updateFlashSale = defineContract({
  staff: staffAccess.catalogue,
  method: 'PUT',
  path: '/api/staff/flash-sales/:id/',
  errors: ['STAFF_ONLY', 'FLASH_SALE_OVERLAP'],
  params: idParams,
  body: flashSaleBody,
  response: staffFlashSale,
});

/**
 * Sets the end to now, so the price returns to the list price at once. A sale that has not started yet is withdrawn
 * (deleted: nothing was sold at it) and the answer's sale is null. 409 FLASH_SALE_ENDED when it has already ended.
 */
export const endFlashSale = defineContract({
  staff: staffAccess.catalogue,
  method: 'POST',
  path: '/api/staff/flash-sales/:id/end/',
  errors: ['STAFF_ONLY', 'FLASH_SALE_ENDED'],
  params: idParams,
  response: z.object({ sale: staffFlashSale.nullable() }),
});
