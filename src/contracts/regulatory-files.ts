import { z } from 'zod';
import { LANGUAGES } from './auth.ts';
import { WHOLE_NUMBER } from './issues.ts';

/* The regulatory files the shop serves (not JSON, so not contracts): kept apart from the product page's schemas. */

/**
 * GET /api/staff/regulatory/export.csv: one row per active variant with GUDID-ready and EUDAMED-ready columns (CSV,
 * not JSON, so not a contract). A value the shop does not hold (the EUDAMED Basic UDI-DI) is left empty.
 */
export const REGULATORY_CSV_ROUTE = '/api/staff/regulatory/export.csv';

/**
 * GET /api/products/{slug}/contents-sheet.pdf?variant=<id>&lang=: the contents sheet of a set variant on sale (the
 * set's UDI-DI, each component with its own), in `lang`, else the browser's language.
 */
export const CONTENTS_SHEET_ROUTE = '/api/products/:slug/contents-sheet.pdf';
export const contentsSheetPath = (slug: string, variantId: number) =>
  `/api/products/${encodeURIComponent(slug)}/contents-sheet.pdf?variant=${variantId}`;
export const contentsSheetQuery = z.object({
  variant: z.coerce.number({ message: 'Choose a variant of this product.' }).int(WHOLE_NUMBER).positive('Choose a variant of this product.'),
  lang: z.enum(LANGUAGES, { message: `Choose one of ${LANGUAGES.join(', ')}.` }).optional(),
});
export const contentsSheetParams = z.object({ slug: z.string().regex(/^[a-z0-9-]+$/, 'Invalid product.') });
