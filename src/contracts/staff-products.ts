import { z } from 'zod';
import { leftOutKept, text as multiline, ONE_LINE } from './fields.ts';
import { defineContract } from './define.ts';
import { atMost, INVALID_PRICE, message, PRICE_ABOVE_ZERO, REQUIRED, WHOLE_NUMBER } from './issues.ts';
import { decimalString } from './money.ts';
import { MAX_SET_COMPONENTS, setComponentInput, staffSetComponent } from './instrument-sets.ts';
import { importProblem } from './product-import.ts';
import { variantRegulatoryInput } from './regulatory.ts';
import { staffAccess } from './staff-roles.ts';
import { countryName, ENTER_COUNTRY } from './shipping.ts';
import { optionTranslations, tidyOptionTranslations } from './translated-names.ts';

/*
 * Staff edit the catalogue: a product (what describes the pattern) with up to three options and 1 to 100 variants
 * (what is sold). Catalogue staff and the owner only. Money is a decimal string ("129.50") both ways.
 */

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const STOCK_FILTERS = ['in', 'low', 'out'] as const;
export const MAX_OPTIONS = 3;
export const MAX_VARIANTS = 100;
export const MAX_OPTION_VALUES = 50;
export const STAFF_PRODUCTS_PAGE_SIZE = 25;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An amount of money as entered: 12, 12.5 or 12.50. */
export const PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
const text = (max: number) => multiline({ message: REQUIRED }).trim().max(max, atMost(max));
const required = (max: number) => text(max).min(1, REQUIRED);
/** A single line: no CR, LF or other control characters. */
const line = (max: number) => required(max).regex(/^[^\p{Cc}]*$/u, ONE_LINE);
const price = z.string({ message: REQUIRED }).trim().regex(PRICE_PATTERN, INVALID_PRICE)
  .refine((value) => !PRICE_PATTERN.test(value) || Number(value) > 0, PRICE_ABOVE_ZERO);
const id = z.number({ message: REQUIRED }).int(WHOLE_NUMBER).min(1, REQUIRED);
const SET_TOO_MANY = message('too_big', `A set has at most ${MAX_SET_COMPONENTS} components.`, { max: MAX_SET_COMPONENTS });
const MOQ = message('whole_number', 'Enter a whole number of units from 1 to 1000000.');

/** A translated name or value: one line, and empty when there is none (buyers then read the English). */
const translationLine = (max: number) => text(max).regex(/^[^\p{Cc}]*$/u, ONE_LINE);
const optionTranslationInput = z.object({
  name: translationLine(40).default(''),
  /** By the value's English: { '14 cm': '14 سم' }. */
  values: z.record(z.string(), translationLine(60)).default({}),
});

/**
 * An option, its values in order, and what staff give for buyers reading Urdu and Arabic. Translations are kept
 * tidy (see tidyOptionTranslations): empty texts and values the option no longer has are dropped.
 */
export const productOptionInput = z.object({
  name: line(40),
  values: z.array(line(60), { message: REQUIRED }).min(1, message('option_values_missing', 'Give the option at least one value.'))
    .max(MAX_OPTION_VALUES, `Give at most ${MAX_OPTION_VALUES} values.`),
  translations: z.object({ ur: optionTranslationInput.optional(), ar: optionTranslationInput.optional() }).default({}),
}).transform((option) => ({ ...option, translations: tidyOptionTranslations(option.values, option.translations) }));

export const priceTierInput = z.object({
  min_quantity: z.number({ message: WHOLE_NUMBER }).int(WHOLE_NUMBER).min(2, 'Tiers start at 2 units.').max(100_000),
  price,
});

/**
 * One variant. `id` names an existing variant to change; without it the variant is matched by its option values, and
 * created when none has them. `gtin` is a GS1 GTIN-8/12/13/14 whose check digit is verified.
 */
export const variantInput = z.object({
  id: id.optional(),
  options: z.record(z.string(), z.string()).default({}),
  model_number: line(64),
  gtin: z.string().trim().regex(/^(\d{8}|\d{12,14})$/, message('invalid_gtin', 'Enter a GTIN of 8, 12, 13 or 14 digits.')).nullable().optional(),
  price,
  original_price: price.nullable().optional(),
  /** What one unit costs the shop; left out of an edit, it keeps its stored value. */
  cost: z.string().trim().regex(PRICE_PATTERN, INVALID_PRICE).nullable().optional(),
  weight_grams: z.number({ message: WHOLE_NUMBER }).int(WHOLE_NUMBER).min(1).max(1_000_000).nullable().optional(),
  is_active: z.boolean().default(true),
  /** Volume pricing, lowest quantity first; each tier cheaper than the one before. */
  tiers: z.array(priceTierInput).max(10).default([]),
  /** What the variant is a set of (contracts/instrument-sets.ts); empty or left out: not a set. */
  components: z.array(setComponentInput).max(MAX_SET_COMPONENTS, SET_TOO_MANY).default([]),
  /** Left out of an edit, the stored regulatory data stays; null removes it. */
  regulatory: variantRegulatoryInput.nullable().optional(),
});
export type VariantInput = z.input<typeof variantInput>;

const HS_CODE = 'Enter an HS code of 6 to 10 digits, dots allowed, such as 9018.90.';
/** The Harmonized System code customs read: 6 to 10 digits, typed with or without dots ('9018.90.00' → '90189000'). */
export const hsCode = z.string({ message: HS_CODE }).trim().regex(/^(\d[\d.]*)?$/, HS_CODE).transform((code) => code.replaceAll('.', ''))
  .refine((code) => code === '' || /^\d{6,10}$/.test(code), HS_CODE);
export const UNSPSC_FORMAT = 'Enter the 8-digit UNSPSC code, for example 42291800.';
/**
 * The UNSPSC commodity code hospital procurement systems classify a product by: 8 digits, typed with or without
 * spaces or dots. Empty means the category's own family code.
 */
export const unspscCode = z.string({ message: UNSPSC_FORMAT }).trim().transform((code) => code.replace(/[\s.]/g, ''))
  .refine((code) => code === '' || /^\d{8}$/.test(code), UNSPSC_FORMAT);
/** Where the goods were made: an ISO 3166-1 alpha-2 code. */
export const countryOfOrigin = z.string({ message: ENTER_COUNTRY }).trim().toUpperCase().refine((code) => countryName(code) !== null, ENTER_COUNTRY);

export const handlingInput = z.object({
  sterile: z.boolean().default(false),
  single_use: z.boolean().default(false),
  latex_free: z.boolean().default(false),
  cold_chain: z.boolean().default(false),
});

/**
 * Everything a product is, as the editor and the CSV import send it. `description` is formatted text (HTML): the
 * server keeps it sanitised (no script, no event handlers, no foreign URLs schemes). A left-out `slug` is made from
 * the name. Variants left out of an edit are deactivated, never deleted, as orders and lots name them.
 */
export const productInput = z.object({
  name: line(200),
  slug: z.string().trim().max(200, atMost(200)).regex(SLUG_PATTERN, message('invalid_slug', 'Use lowercase letters, digits and hyphens.')).optional(),
  short_description: text(500).default(''),
  description: text(20_000).default(''),
  brand: line(100),
  category_id: id,
  instrument_type: line(60),
  status: z.enum(PRODUCT_STATUSES).default('draft'),
  restricted: z.boolean().default(false),
  meta_title: text(70).default(''),
  meta_description: text(160).default(''),
  /** Certification codes, e.g. CE, ISO13485, FDA. */
  certifications: z.array(line(40)).max(20).default([]),
  features: z.array(line(300)).max(30).default([]),
  specifications: z.array(z.object({ key: line(80), value: line(300) })).max(50).default([]),
  handling: handlingInput.default({ sterile: false, single_use: false, latex_free: false, cold_chain: false }),
  /** For customs on exports: empty when not known. */
  hs_code: hsCode.default(''),
  /** Left out or empty: the category's UNSPSC family code. */
  unspsc: unspscCode.optional(),
  country_of_origin: countryOfOrigin.default('PK'),
  /** The least a buyer may ask private-label production of, per variant; null: not offered for private label. */
  private_label_moq: z.number({ message: MOQ }).int(MOQ).min(1, MOQ).max(1_000_000, MOQ).nullable().default(null),
  options: z.array(productOptionInput).max(MAX_OPTIONS, `Give at most ${MAX_OPTIONS} options.`).default([]),
  variants: z.array(variantInput, { message: REQUIRED }).min(1, message('variants_missing', 'Add at least one variant.'))
    .max(MAX_VARIANTS, `Give at most ${MAX_VARIANTS} variants.`),
});
export type ProductInput = z.input<typeof productInput>;

/** An edit: any of the fields, with the `updated_at` the editor read (409 EDIT_CONFLICT when someone saved since). */
export const productPatch = z.object(leftOutKept(productInput.shape))
  .extend({ updated_at: z.string({ message: REQUIRED }).min(1, REQUIRED) });
export type ProductPatch = z.input<typeof productPatch>;

export const staffVariant = z.object({
  id: z.number().int(),
  position: z.number().int(),
  options: z.record(z.string(), z.string()),
  label: z.string(),
  model_number: z.string(),
  gtin: z.string().nullable(),
  price: decimalString,
  original_price: decimalString.nullable(),
  cost: decimalString.nullable(),
  weight_grams: z.number().int().nullable(),
  is_active: z.boolean(),
  tiers: z.array(z.object({ min_quantity: z.number().int(), price: decimalString })),
  /** On hand, and on hand less reserved; a set's are the units its components make (kept by the database). */
  current_stock: z.number().int(),
  available_stock: z.number().int(),
  /** Empty: not a set. */
  components: z.array(staffSetComponent),
  /** Null: none recorded. */
  regulatory: variantRegulatoryInput.nullable(),
});

export const staffProductImage = z.object({
  id: z.number().int(),
  url: z.string(),
  alt: z.string(),
  position: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Responsive sources of an uploaded photo ('' for a demo drawing). */
  srcset: z.string(),
});

export const staffProduct = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  short_description: z.string(),
  description: z.string(),
  brand: z.string(),
  category_id: z.number().int(),
  instrument_type: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  restricted: z.boolean(),
  meta_title: z.string(),
  meta_description: z.string(),
  certifications: z.array(z.string()),
  features: z.array(z.string()),
  specifications: z.array(z.object({ key: z.string(), value: z.string() })),
  handling: z.object({ sterile: z.boolean(), single_use: z.boolean(), latex_free: z.boolean(), cold_chain: z.boolean() }),
  /** Digits only ('90189000'); '' when not known. */
  hs_code: z.string(),
  /** The UNSPSC commodity code, 8 digits. */
  unspsc: z.string(),
  /** ISO 3166-1 alpha-2. */
  country_of_origin: z.string(),
  private_label_moq: z.number().int().nullable(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()), translations: optionTranslations })),
  variants: z.array(staffVariant),
  images: z.array(staffProductImage),
  /** Former slugs that answer 301 to this product. */
  redirects: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffProduct = z.infer<typeof staffProduct>;

export const staffProductListItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  category: z.object({ id: z.number().int(), name: z.string() }),
  model_number: z.string(),
  variant_count: z.number().int(),
  price: decimalString,
  price_max: decimalString,
  /** Available units summed over the variants, and whether any variant is at or below its threshold. */
  available_stock: z.number().int(),
  low_stock: z.boolean(),
  image: z.string(),
  updated_at: z.string(),
});
export type StaffProductListItem = z.infer<typeof staffProductListItem>;

const idParams = z.object({ id: z.coerce.number({ message: 'Unknown product.' }).int().min(1).max(2_147_483_647) });

/** GET /api/staff/products/: search by name or catalogue number; filter by category, status and stock. */
export const listStaffProducts = defineContract({
  method: 'GET',
  path: '/api/staff/products/',
  staff: staffAccess.catalogue,
  query: z.object({
    search: z.string().trim().max(100).optional(),
    category: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    status: z.enum(PRODUCT_STATUSES).optional(),
    stock: z.enum(STOCK_FILTERS).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  response: z.object({
    count: z.number().int(), page: z.number().int(), pageSize: z.number().int(), results: z.array(staffProductListItem),
  }),
  errors: ['STAFF_ONLY'],
});

export const getStaffProduct = defineContract({
  method: 'GET',
  path: '/api/staff/products/:id/',
  staff: staffAccess.catalogue,
  params: idParams,
  response: staffProduct,
  errors: ['STAFF_ONLY'],
});

/** 400 per field (a taken slug or catalogue number, a bad GTIN check digit, variants that do not match the options). */
export const createStaffProduct = defineContract({
  method: 'POST',
  path: '/api/staff/products/',
  staff: staffAccess.catalogue,
  body: productInput,
  response: staffProduct,
  status: 201,
  errors: ['STAFF_ONLY'],
});

export const updateStaffProduct = defineContract({
  method: 'PATCH',
  path: '/api/staff/products/:id/',
  staff: staffAccess.catalogue,
  params: idParams,
  body: productPatch,
  response: staffProduct,
  errors: ['STAFF_ONLY', 'EDIT_CONFLICT'],
});

export const BULK_ACTIONS = ['publish', 'archive', 'draft', 'move', 'reprice'] as const;

/** Several products at once: publish, archive, back to draft, move to a category, or change every price by a percentage. */
export const bulkStaffProducts = defineContract({
  method: 'POST',
  path: '/api/staff/products/bulk/',
  staff: staffAccess.catalogue,
  body: z.object({
    ids: z.array(id).min(1, 'Choose at least one product.').max(500),
    action: z.enum(BULK_ACTIONS),
    category_id: id.optional(),
    /** -90 to +500: −10 lowers every price by 10 %. Prices are rounded to the cent. */
    percent: z.number().min(-90).max(500).optional(),
  }),
  response: z.object({ updated: z.number().int() }),
  errors: ['STAFF_ONLY'],
});

export const importCounts = z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });

/**
 * What an import did, or would do on a dry run: counts, the errors (what was refused: the file, a row or a product)
 * and the warnings (cells left out or changed on products that were imported), each on its row, column and product.
 */
export const importResult = z.object({
  products: importCounts,
  variants: importCounts,
  errors: z.array(importProblem),
  warnings: z.array(importProblem),
});
export type ImportResult = z.infer<typeof importResult>;

/**
 * POST /api/staff/products/import/?dry_run=1 (multipart, field `file`: the CSV; optional field `images`: a zip of the
 * files its Image Src and Variant Image name; optional field `default_category`: the slug of the category a product
 * goes to when neither its Category, Product Category nor Type names one). A dry run writes nothing; a real run
 * applies the good rows and reports the bad ones, and importing the same file twice changes nothing.
 */
export const importProducts = defineContract({
  method: 'POST',
  path: '/api/staff/products/import/',
  staff: staffAccess.catalogue,
  query: z.object({ dry_run: z.enum(['0', '1', 'true', 'false']).optional() }),
  response: importResult,
  errors: ['STAFF_ONLY'],
});

/** GET /api/staff/products/export/: text/csv in the import's columns; the list's filters narrow it. */
export const exportProducts = defineContract({
  method: 'GET',
  path: '/api/staff/products/export/',
  staff: staffAccess.catalogue,
  query: listStaffProducts.query.omit({ page: true }),
  response: z.string(),
  errors: ['STAFF_ONLY'],
});
