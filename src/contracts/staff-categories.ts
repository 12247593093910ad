import { z } from 'zod';
import { text as multiline } from './fields.ts';
import { categoryTranslations } from './catalog.ts';
import { defineContract } from './define.ts';
import { atMost, REQUIRED } from './issues.ts';
import { SLUG_PATTERN } from './staff-products.ts';
import { staffAccess } from './staff-roles.ts';

/*
 * Staff run the categories: name, slug, description, image, order, the licence flag, and the Urdu and Arabic name
 * and description. Catalogue staff and the owner only. The storefront shows every change on its next request.
 */

const text = (max: number) => multiline({ message: REQUIRED }).trim().max(max, atMost(max));
const line = (max: number) => text(max).min(1, REQUIRED).regex(/^[^\p{Cc}]*$/u, 'Enter one line of text.');
const categoryId = z.coerce.number({ message: 'Unknown category.' }).int('Unknown category.').min(1, 'Unknown category.');
const idParams = z.object({ id: categoryId });

/** A translation is both a name and a description; leaving both empty removes it. */
const translationInput = z.object({ name: text(120).default(''), description: text(2_000).default('') })
  .superRefine((value, ctx) => {
    if (value.name === '' && value.description !== '') ctx.addIssue({ code: 'custom', path: ['name'], message: REQUIRED });
    if (value.name !== '' && value.description === '') ctx.addIssue({ code: 'custom', path: ['description'], message: REQUIRED });
  });

/**
 * A picture of the category: a path on this site such as /media/categories/cardiology.svg, or '' for none. An uploaded
 * picture (uploadCategoryImage) sets it to its own path; changing it here drops the upload.
 */
export const CATEGORY_IMAGE_PATTERN = /^\/(?!\/)[^\s?#]*$/;

/**
 * A new category, or (every field optional) a change to one. A left-out `slug` is made from the name and kept when the
 * name changes later, so links to the category keep working. 400 on `slug` when another category uses it.
 */
export const categoryInput = z.object({
  name: line(120),
  slug: z.string().trim().max(120, atMost(120)).regex(SLUG_PATTERN, 'Use lowercase letters, digits and hyphens.').optional(),
  description: text(2_000).default(''),
  image: z.string().trim().max(300, atMost(300))
    .regex(CATEGORY_IMAGE_PATTERN, 'Enter a path on this site, such as /media/categories/cardiology.svg.').or(z.literal(''))
    .default(''),
  /** Sold only to verified licence holders. */
  restricted: z.boolean({ message: 'Enter true or false.' }).default(false),
  translations: z.object({ ur: translationInput.optional(), ar: translationInput.optional() }).default({}),
}, { message: REQUIRED });
export type CategoryInput = z.input<typeof categoryInput>;

export const categoryPatch = categoryInput.partial();
export type CategoryPatch = z.input<typeof categoryPatch>;

export const staffCategory = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  sort_order: z.number().int(),
  restricted: z.boolean(),
  translations: categoryTranslations,
  /** Every product filed under it, drafts and archived ones included: what keeps it from being deleted. */
  product_count: z.number().int(),
});
export type StaffCategory = z.infer<typeof staffCategory>;

/** In the order the storefront shows them. */
export const listStaffCategories = defineContract({
  staff: staffAccess.catalogue,
  method: 'GET',
  path: '/api/staff/categories/',
  errors: ['STAFF_ONLY'],
  response: z.object({ categories: z.array(staffCategory) }),
});

/** Placed after the last category. */
export const createCategory = defineContract({
  staff: staffAccess.catalogue,
  method: 'POST',
  path: '/api/staff/categories/',
  errors: ['STAFF_ONLY'],
  body: categoryInput,
  status: 201,
  response: staffCategory,
});

/** 404 'Category not found.' */
export const updateCategory = defineContract({
  staff: staffAccess.catalogue,
  method: 'PATCH',
  path: '/api/staff/categories/:id/',
  errors: ['STAFF_ONLY'],
  params: idParams,
  body: categoryPatch,
  response: staffCategory,
});

/** Every category's id, in the new order (400 on `ids` unless each category appears exactly once). */
export const reorderCategories = defineContract({
  staff: staffAccess.catalogue,
  method: 'PUT',
  path: '/api/staff/categories/order/',
  errors: ['STAFF_ONLY'],
  body: z.object({ ids: z.array(categoryId, { message: REQUIRED }).min(1, REQUIRED).max(1_000) }, { message: REQUIRED }),
  response: z.object({ categories: z.array(staffCategory) }),
});

/** 409 CATEGORY_NOT_EMPTY while it holds products ('This category holds 12 products. Move them first.'). */
export const deleteCategory = defineContract({
  staff: staffAccess.catalogue,
  method: 'DELETE',
  path: '/api/staff/categories/:id/',
  errors: ['STAFF_ONLY', 'CATEGORY_NOT_EMPTY'],
  params: idParams,
  response: z.object({ detail: z.string() }),
});

/**
 * multipart/form-data: `file`, a JPEG, PNG or WebP picture (by content, at most PHOTO_MAX_BYTES and PHOTO_MAX_PIXELS),
 * encoded as AVIF and WebP and served at the path the answer's `image` names. Replaces any picture before it.
 * 400 on `file` when it is missing or refused; 404 'Category not found.'
 */
export const uploadCategoryImage = defineContract({
  staff: staffAccess.catalogue,
  method: 'POST',
  path: '/api/staff/categories/:id/image/',
  errors: ['STAFF_ONLY'],
  params: idParams,
  body: z.instanceof(FormData),
  response: staffCategory,
});
