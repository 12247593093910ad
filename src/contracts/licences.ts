import { z } from 'zod';
import { text as multiline } from './fields.ts';
import { DAY_FORMAT, message, REAL_DAY } from './issues.ts';
import { defineContract } from './define.ts';
import { staffAccess } from './staff-roles.ts';

export const LICENCE_TYPES = ['drap_establishment', 'drug_sale', 'healthcare_commission', 'pmdc_registration', 'other'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];
export const LICENCE_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];
/** Why a restricted product was refused: individual account, no licence, not (yet) verified, expired. */
export const BLOCK_REASONS = ['business_only', 'no_licence', 'unverified', 'expired'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

export const LICENCE_MAX_BYTES = 5 * 1024 * 1024;
/** What one account may keep: this many licences awaiting review at once, and this many bytes of files in all. */
export const LICENCE_QUOTA = { pending: 5, bytes: 50 * 1024 * 1024 } as const;
export const QUOTA_PENDING = message('licence_quota_pending',
  `You have ${LICENCE_QUOTA.pending} licences awaiting review: upload more once staff have reviewed them.`, { pending: LICENCE_QUOTA.pending });
export const QUOTA_BYTES = message('licence_quota_bytes',
  `Your licences already take up the ${LICENCE_QUOTA.bytes / (1024 * 1024)} MB an account may keep.`, { mb: LICENCE_QUOTA.bytes / (1024 * 1024) });
export const LICENCE_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** Reminders go out this many days before a licence expires, each once. */
export const REMINDER_DAYS = [90, 30, 7] as const;

export const licenceFilePath = (id: number) => `/api/licences/${id}/file`;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DAY_FORMAT)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    REAL_DAY);

/** The text fields sent with the file (multipart/form-data). */
export const licenceFields = z.object({
  licence_type: z.enum(LICENCE_TYPES, { message: 'Choose the type of licence.' }),
  licence_number: z.string({ message: 'Enter the licence number.' }).trim().min(1, 'Enter the licence number.')
    .max(100, 'Enter at most 100 characters.'),
  expires_on: z.string({ message: 'Enter the expiry date.' }).trim().min(1, 'Enter the expiry date.').pipe(isoDay),
});
export type LicenceFields = z.infer<typeof licenceFields>;

export const licence = z.object({
  id: z.number().int(),
  licence_type: z.enum(LICENCE_TYPES),
  licence_number: z.string(),
  expires_on: z.string(),
  status: z.enum(LICENCE_STATUSES),
  rejection_reason: z.string(),
  /** Verified and not past its expiry day. */
  is_valid: z.boolean(),
  is_expired: z.boolean(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  /** licenceFilePath(id): only the owner and staff can open it. */
  file_url: z.string(),
  uploaded_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Licence = z.infer<typeof licence>;

export const staffLicence = licence.extend({
  owner: z.object({ id: z.string(), email: z.string(), name: z.string(), hospital_name: z.string() }),
});
export type StaffLicence = z.infer<typeof staffLicence>;

export const blockedItem = z.object({ product_id: z.number().int(), name: z.string(), category: z.string() });

/** Whether the signed-in buyer may buy restricted products now, and which cart lines are held back. */
export const licenceGate = z.object({
  can_buy_restricted: z.boolean(),
  reason: z.enum(BLOCK_REASONS).nullable(),
  blocked_items: z.array(blockedItem),
  /** Expiry day of the licence the reason is about (an expired one), else null. */
  licence_expires_on: z.string().nullable(),
  /** The message checkout refuses with; null when nothing in the cart is held back. */
  message: z.string().nullable(),
});
export type LicenceGate = z.infer<typeof licenceGate>;

const idParams = z.object({
  id: z.coerce.number({ message: 'Enter a licence id.' }).int('Enter a licence id.').min(1, 'Enter a licence id.'),
});

/**
 * multipart/form-data: `file` (PDF, JPEG or PNG by content, at most LICENCE_MAX_BYTES) and licenceFields.
 * Business accounts only. 400 with per-field messages (file, licence_type, licence_number, expires_on).
 */
export const uploadLicence = defineContract({
  method: 'POST',
  path: '/api/licences',
  errors: ['ACCOUNT_TYPE_NOT_ALLOWED'],
  body: z.instanceof(FormData),
  response: z.object({ licence }),
  status: 201,
});

/** The buyer's licences, newest first, with the gate for the current cart. */
export const listMyLicences = defineContract({
  method: 'GET',
  path: '/api/licences',
  response: z.object({ licences: z.array(licence), gate: licenceGate }),
});

/** The gate for the signed-in buyer's cart, as checkout will apply it. */
export const getLicenceGate = defineContract({ method: 'GET', path: '/api/licences/gate', response: licenceGate });

/** Staff; newest first, optionally by status. */
export const listStaffLicences = defineContract({
  staff: staffAccess.customersRead,
  method: 'GET',
  path: '/api/staff/licences',
  errors: ['STAFF_ONLY'],
  query: z.object({ status: z.enum(LICENCE_STATUSES, { message: 'Choose pending, verified or rejected.' }).optional() }),
  response: z.object({ licences: z.array(staffLicence) }),
});

/** Staff. 409 when the licence has expired. */
export const verifyLicence = defineContract({
  staff: staffAccess.sales,
  method: 'POST',
  path: '/api/staff/licences/:id/verify',
  errors: ['STAFF_ONLY', 'LICENCE_EXPIRED'],
  params: idParams,
  response: z.object({ licence: staffLicence }),
});

export const rejectLicence = defineContract({
  staff: staffAccess.sales,
  method: 'POST',
  path: '/api/staff/licences/:id/reject',
  errors: ['STAFF_ONLY'],
  params: idParams,
  body: z.object({
    reason: multiline({ message: 'Say why the licence is rejected.' }).trim().min(1, 'Say why the licence is rejected.')
      .max(500, 'Enter at most 500 characters.'),
  }),
  response: z.object({ licence: staffLicence }),
});

export const licenceBlock = z.object({
  id: z.number().int(),
  created_at: z.string(),
  reason: z.enum(BLOCK_REASONS),
  user_email: z.string(),
  user_name: z.string(),
  product_name: z.string(),
  product_slug: z.string(),
  category_name: z.string(),
});
export type LicenceBlock = z.infer<typeof licenceBlock>;

/** Staff: every refused checkout line, newest first. */
export const listLicenceBlocks = defineContract({
  staff: staffAccess.customersRead,
  method: 'GET',
  path: '/api/staff/licence-blocks',
  errors: ['STAFF_ONLY'],
  query: z.object({
    page: z.coerce.number({ message: 'Enter a page number.' }).int('Enter a whole page number.').min(1, 'Pages start at 1.').default(1),
  }),
  response: z.object({ blocks: z.array(licenceBlock), count: z.number().int(), page: z.number().int(), total_pages: z.number().int() }),
});
export const LICENCE_BLOCKS_PAGE_SIZE = 50;

export const restrictedCategory = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  restricted: z.boolean(),
  product_count: z.number().int(),
});
export type RestrictedCategory = z.infer<typeof restrictedCategory>;

export const listRestrictedCategories = defineContract({
  staff: staffAccess.restrictedCategories,
  method: 'GET',
  path: '/api/staff/restricted-categories',
  errors: ['STAFF_ONLY'],
  response: z.object({ categories: z.array(restrictedCategory) }),
});

export const setCategoryRestricted = defineContract({
  staff: staffAccess.catalogue,
  method: 'PATCH',
  path: '/api/staff/restricted-categories/:id',
  errors: ['STAFF_ONLY'],
  params: z.object({
    id: z.coerce.number({ message: 'Enter a category id.' }).int('Enter a category id.').min(1, 'Enter a category id.'),
  }),
  body: z.object({ restricted: z.boolean({ message: 'Enter true or false.' }) }),
  response: z.object({ category: restrictedCategory }),
});
