import { z } from 'zod';
import { DOCUMENT_STATUSES, documentVersion } from './catalog.ts';
import { defineContract } from './define.ts';
import { REAL_DAY, REQUIRED, WHOLE_NUMBER, atMost } from './issues.ts';
import { staffProductImage } from './staff-products.ts';
import { staffAccess } from './staff-roles.ts';

/*
 * Staff manage a product's photos and documents. Catalogue staff and the owner only. Uploads are multipart/form-data;
 * what a file is comes from its content, never from its name or declared type.
 */

export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PHOTO_MAX_PIXELS = 40_000_000;
/** The widths an uploaded photo is encoded at (only those up to its own width; its own width when it is narrower). */
export const PHOTO_WIDTHS = [320, 640, 960, 1600] as const;
export const MAX_ALT_LENGTH = 300;

/** The reasons an upload is refused, as the `file` field's message; the storefront translates them by text. */
export const PHOTO_NOT_TAKEN = 'Upload a JPEG, PNG or WebP photo.';
export const PHOTO_TOO_LARGE = 'The photo is larger than 15 MB.';
export const PHOTO_TOO_MANY_PIXELS = 'The photo has more than 40 megapixels.';
export const DOCUMENT_NOT_PDF = 'Upload a PDF document.';
export const DOCUMENT_TOO_LARGE = 'The document is larger than 20 MB.';
export const FILE_MISSING = 'Choose a file.';

export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
/** Instructions for use (ifu), certificates, declarations of conformity and data sheets. */
export const DOCUMENT_KINDS = ['ifu', 'certificate', 'declaration', 'datasheet'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

const altText = z.string({ message: REQUIRED }).trim().min(1, 'Describe the photo for people who cannot see it.')
  .max(MAX_ALT_LENGTH, atMost(MAX_ALT_LENGTH));
const positiveId = (unknown: string) => z.coerce.number({ message: unknown }).int(unknown).min(1, unknown).max(2_147_483_647, unknown);
const productParams = z.object({ id: positiveId('Unknown product.') });
const imageParams = productParams.extend({ imageId: positiveId('Unknown photo.') });
const documentParams = productParams.extend({ documentId: positiveId('Unknown document.') });

export const staffPhoto = staffProductImage;
export type StaffPhoto = z.infer<typeof staffPhoto>;
const photoList = z.object({ images: z.array(staffPhoto) });

/** The text fields sent with a photo. */
export const photoFields = z.object({ alt: altText });

/** The product's photos and drawings in gallery order. */
export const listProductPhotos = defineContract({
  method: 'GET',
  path: '/api/staff/products/:id/images/',
  staff: staffAccess.catalogue,
  params: productParams,
  response: photoList,
  errors: ['STAFF_ONLY'],
});

/**
 * multipart/form-data: `file` (JPEG, PNG or WebP by content, at most PHOTO_MAX_BYTES and PHOTO_MAX_PIXELS) and `alt`.
 * 201 with the new photo, last in the gallery; 200 with created false when the product already has this very file.
 * 400 with per-field messages (file, alt).
 */
export const uploadProductPhoto = defineContract({
  method: 'POST',
  path: '/api/staff/products/:id/images/',
  staff: staffAccess.catalogue,
  params: productParams,
  body: z.instanceof(FormData),
  response: z.object({ image: staffPhoto, created: z.boolean() }),
  status: 201,
  errors: ['STAFF_ONLY'],
});

export const updateProductPhoto = defineContract({
  method: 'PATCH',
  path: '/api/staff/products/:id/images/:imageId/',
  staff: staffAccess.catalogue,
  params: imageParams,
  body: photoFields,
  response: z.object({ image: staffPhoto }),
  errors: ['STAFF_ONLY'],
});

/** The gallery's new order: every one of the product's image ids once (400 otherwise). */
export const reorderProductPhotos = defineContract({
  method: 'PUT',
  path: '/api/staff/products/:id/images/order/',
  staff: staffAccess.catalogue,
  params: productParams,
  body: z.object({ ids: z.array(z.number({ message: WHOLE_NUMBER }).int(WHOLE_NUMBER), { message: REQUIRED }).max(200) }),
  response: photoList,
  errors: ['STAFF_ONLY'],
});

/** Removes a photo (and its renditions) or a drawing; answers the photos left. */
export const deleteProductPhoto = defineContract({
  method: 'DELETE',
  path: '/api/staff/products/:id/images/:imageId/',
  staff: staffAccess.catalogue,
  params: imageParams,
  response: photoList,
  errors: ['STAFF_ONLY'],
});

/** A real calendar day as YYYY-MM-DD, or nothing. */
const optionalDay = z.string().trim().optional().transform((value) => value || undefined).pipe(z.iso.date({ message: REAL_DAY }).optional());

/**
 * The text fields sent with a document. `supersedes` names a document series of this product (its `series`): the
 * upload becomes that series' next version, and the storefront shows it as current from its issue day.
 */
export const documentFields = z.object({
  name: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(200, atMost(200)),
  kind: z.enum(DOCUMENT_KINDS, { message: 'Choose what kind of document this is.' }),
  version: z.string().trim().optional().transform((value) => (value ? Number(value) : undefined))
    .pipe(z.number({ message: WHOLE_NUMBER }).int(WHOLE_NUMBER).min(1, 'Versions start at 1.').max(1_000, 'Enter at most 1000.').optional()),
  issued_on: optionalDay,
  expires_on: optionalDay,
  supersedes: z.string().trim().max(200).optional().transform((value) => value || undefined),
}).refine((fields) => !fields.issued_on || !fields.expires_on || fields.expires_on > fields.issued_on, {
  path: ['expires_on'], message: 'The expiry day must come after the issue day.',
});
export type DocumentFields = z.input<typeof documentFields>;

export const STAFF_DOCUMENT_STATUSES = [...DOCUMENT_STATUSES, 'scheduled'] as const;

export const staffDocument = documentVersion.extend({
  /** The series the version belongs to: name it in `supersedes` to upload the next version. */
  series: z.string(),
  /** As the storefront shows it, or scheduled: issued after today, so not shown yet. */
  status: z.enum(STAFF_DOCUMENT_STATUSES),
});
export type StaffDocument = z.infer<typeof staffDocument>;
const documentList = z.object({ documents: z.array(staffDocument) });

/** Every document linked to the product, each series' versions together, newest first. */
export const listProductDocuments = defineContract({
  method: 'GET',
  path: '/api/staff/products/:id/documents/',
  staff: staffAccess.catalogue,
  params: productParams,
  response: documentList,
  errors: ['STAFF_ONLY'],
});

/**
 * multipart/form-data: `file` (a PDF by content, at most DOCUMENT_MAX_BYTES) and documentFields. A version number
 * left out is the series' next one (1 for a new series). 400 with per-field messages.
 */
export const uploadProductDocument = defineContract({
  method: 'POST',
  path: '/api/staff/products/:id/documents/',
  staff: staffAccess.catalogue,
  params: productParams,
  body: z.instanceof(FormData),
  response: z.object({ document: staffDocument }),
  status: 201,
  errors: ['STAFF_ONLY'],
});

/** Unlinks one document version from the product (other products may still use the file); answers those left. */
export const deleteProductDocument = defineContract({
  method: 'DELETE',
  path: '/api/staff/products/:id/documents/:documentId/',
  staff: staffAccess.catalogue,
  params: documentParams,
  response: documentList,
  errors: ['STAFF_ONLY'],
});
