import { z } from 'zod';
import { variantSet } from './set-sales.ts';
import { WHOLE_NUMBER } from './issues.ts';
import { defineContract } from './define.ts';
import { decimalString } from './money.ts';
import { HANDLING_FLAGS, handlingFlags, handlingQuery } from './lots.ts';
import { priceTier, volumePrice } from './pricing.ts';
import { translatedNames, translatedText } from './translated-names.ts';
import { variantRegulatory } from './regulatory.ts';

export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const ORDERINGS = ['price', '-price', '-average_rating', '-created_at', 'name'] as const;
export const DEFAULT_ORDERING = '-created_at';
export const RELATED_PRODUCTS_LIMIT = 8;
export const BOUGHT_TOGETHER_LIMIT = 4;

/** The spec's price filters; bounds in dollars, both inclusive, so the ranges do not overlap. */
export const PRICE_RANGES = [
  { value: 'under-100', label: 'Under $100', min_price: null, max_price: 99.99 },
  { value: '100-500', label: '$100 - $500', min_price: 100, max_price: 499.99 },
  { value: '500-1000', label: '$500 - $1,000', min_price: 500, max_price: 999.99 },
  { value: '1000-2500', label: '$1,000 - $2,500', min_price: 1000, max_price: 2499.99 },
  { value: 'over-2500', label: 'Over $2,500', min_price: 2500, max_price: null },
] as const;
export type PriceRangeValue = (typeof PRICE_RANGES)[number]['value'];

/** Markets and the certifications that admit a product to each. */
export const MARKETS = [
  { value: 'europe', label: 'Europe', certifications: ['CE'] },
  { value: 'usa', label: 'USA', certifications: ['FDA 510(k)'] },
  { value: 'pakistan', label: 'Pakistan', certifications: ['DRAP'] },
] as const;
export type MarketValue = (typeof MARKETS)[number]['value'];
const MARKET_VALUES = MARKETS.map((m) => m.value) as [MarketValue, ...MarketValue[]];

export const documentDownloadPath = (slug: string) => `/api/documents/${slug}/download/`;

export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
/** A rendition of an uploaded photo; the image id is new for every upload, so an address never changes its content. */
export const photoPath = (imageId: number, width: number, format: PhotoFormat) => `/media/photos/${imageId}/${width}.${format}`;
/** An uploaded photo's WebP renditions as a srcset ('' for a drawing, which has none). */
export const photoSrcset = (imageId: number, widths: readonly number[]) =>
  widths.map((width) => `${photoPath(imageId, width, 'webp')} ${width}w`).join(', ');
/** The AVIF renditions of a photo's srcset: the same widths at the same addresses ending .avif. */
export const avifSrcset = (webpSrcset: string) => webpSrcset.replace(/\.webp(?= \d+w)/g, '.avif');

const categoryTranslation = z.object({ name: translatedText, description: translatedText });
/** { ur?: { name, description }, ar?: { name, description } } */
export const categoryTranslations = z.object({ ur: categoryTranslation.optional(), ar: categoryTranslation.optional() });
export type CategoryTranslations = z.infer<typeof categoryTranslations>;

export const category = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  product_count: z.number().int(),
  translations: categoryTranslations,
});
export type Category = z.infer<typeof category>;

export const productListItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  short_description: z.string(),
  category: z.string(),
  category_name: z.string(),
  /** category_name in Urdu and Arabic. */
  category_name_translations: translatedNames,
  brand: z.string(),
  /** The first variant's catalogue number. */
  model_number: z.string(),
  /** The lowest active variant price (the one a card shows as "from"), with that variant's original price. */
  price: decimalString,
  original_price: decimalString.nullable(),
  /** The highest active variant price; equal to `price` when every variant costs the same. */
  price_max: decimalString,
  /** Active variants (sizes, tips, finishes); 1 for a product without options. */
  variant_count: z.number().int(),
  /** Available units summed over the active variants. */
  stock_quantity: z.number().int(),
  is_in_stock: z.boolean(),
  main_image: z.string(),
  /** The main image's WebP renditions as a srcset, AVIF beside them (avifSrcset); '' for a drawing. */
  image_srcset: z.string(),
  certifications: z.array(z.string()),
  average_rating: z.number(),
  review_count: z.number().int(),
  /** Handling flags: sterile, single_use, latex_free, cold_chain. */
  handling: handlingFlags,
  /**
   * True when the product is in a restricted category (licence gating) and this viewer cannot buy it: a signed-out
   * visitor, an individual account, or a business account without a verified, unexpired licence. A visitor sees true,
   * since nobody buys it without a licence. Recommendations (related, frequently bought together) leave such items out.
   */
  licence_required: z.boolean(),
});
export type ProductListItem = z.infer<typeof productListItem>;

const optionalText = z.string().trim().max(200).optional().transform((v) => (v ? v : undefined));
const optionalPrice = z.coerce.number({ message: 'Enter a number.' }).min(0, 'Must be 0 or more.').optional();

export const pageQuery = {
  page: z.coerce.number({ message: 'Enter a page number.' }).int('Enter a whole page number.').min(1, 'Pages start at 1.').default(1),
  page_size: z.coerce.number({ message: 'Enter a page size.' }).int(WHOLE_NUMBER)
    .min(1, 'Enter at least 1.').max(MAX_PAGE_SIZE, `Enter at most ${MAX_PAGE_SIZE}.`).default(PAGE_SIZE),
};

/** A link to another page of the same list: an absolute path such as `/api/products/?page=3&category=cardiology`. */
const pageLink = z.string().nullable();

export const MAX_OPTION_FILTERS = 10;

export interface OptionFilter { name: string; value: string }

/** Option values chosen in the catalogue, as `Length:18 cm;Tip:Curved`, in the order given. */
export function formatOptionFilter(filters: readonly OptionFilter[]): string {
  return filters.map(({ name, value }) => `${name}:${value}`).join(';');
}

/** The pairs of `Length:18 cm;Tip:Curved`; null when a part is not Name:Value or there are too many. */
export function parseOptionFilter(text: string): OptionFilter[] | null {
  const pairs = text.split(';').map((part) => part.trim()).filter(Boolean).map((part) => {
    const colon = part.indexOf(':');
    return colon < 0 ? { name: '', value: '' } : { name: part.slice(0, colon).trim(), value: part.slice(colon + 1).trim() };
  });
  return pairs.some((pair) => !pair.name || !pair.value) || pairs.length > MAX_OPTION_FILTERS ? null : pairs;
}

/**
 * `options=Length:18 cm;Tip:Curved`: products with an active variant carrying every named option's value; several
 * values of one option match either.
 */
const optionFilterQuery = z.string().trim().max(500).optional().transform((value, ctx) => {
  if (!value) return undefined;
  const pairs = parseOptionFilter(value);
  if (!pairs) {
    ctx.addIssue({ code: 'custom', message: `Give at most ${MAX_OPTION_FILTERS} options as Name:Value, separated by semicolons.` });
    return z.NEVER;
  }
  return pairs;
});

export const productListQuery = z.object({
  search: optionalText,
  category: optionalText,
  brand: optionalText,
  certification: optionalText,
  /** Comma-separated handling flags; products carrying all of them. */
  handling: handlingQuery,
  options: optionFilterQuery,
  market: z.enum(MARKET_VALUES, { message: `Choose one of: ${MARKET_VALUES.join(', ')}.` }).optional(),
  min_price: optionalPrice,
  max_price: optionalPrice,
  in_stock: z.enum(['true', 'false'], { message: 'Enter true or false.' }).optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  ordering: z.enum(ORDERINGS, { message: `Choose one of: ${ORDERINGS.join(', ')}.` }).default(DEFAULT_ORDERING),
  ...pageQuery,
}).refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
  path: ['max_price'],
  message: 'Must be at least the minimum price.',
});
export type ProductListQuery = z.input<typeof productListQuery>;

export const productList = z.object({
  results: z.array(productListItem),
  count: z.number().int(),
  next: pageLink,
  previous: pageLink,
  page: z.number().int(),
  page_size: z.number().int(),
  total_pages: z.number().int(),
});
export type ProductList = z.infer<typeof productList>;

export const listProducts = defineContract({
  method: 'GET',
  path: '/api/products/',
  query: productListQuery,
  response: productList,
});

const filterOption = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FilterOption = z.infer<typeof filterOption>;

export const productFilters = z.object({
  /** label_translations: the category's name in Urdu and Arabic. */
  categories: z.array(filterOption.extend({ label_translations: translatedNames })),
  brands: z.array(filterOption),
  certifications: z.array(filterOption),
  /** Handling flags some active product carries. */
  handling: z.array(filterOption.extend({ value: z.enum(HANDLING_FLAGS) })),
  markets: z.array(filterOption.extend({ value: z.enum(MARKET_VALUES), certifications: z.array(z.string()) })),
  price_ranges: z.array(filterOption.extend({
    value: z.enum(PRICE_RANGES.map((r) => r.value) as [PriceRangeValue, ...PriceRangeValue[]]),
    min_price: z.number().nullable(),
    max_price: z.number().nullable(),
  })),
  /**
   * Options active products are sold in (Length, Tip), most used first, each with its values in natural order and the
   * number of products with a variant carrying the value.
   */
  options: z.array(z.object({
    name: z.string(),
    name_translations: translatedNames,
    values: z.array(filterOption.extend({ label_translations: translatedNames })),
  })),
});
export type ProductFilters = z.infer<typeof productFilters>;

export const getProductFilters = defineContract({
  method: 'GET',
  path: '/api/products/filters/',
  response: productFilters,
});

export const flashSaleItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  /** The variant on sale, and its label ('' for a product without options). */
  variantId: z.number().int(),
  variantLabel: z.string(),
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  /** category in Urdu and Arabic. */
  category_translations: translatedNames,
  originalPrice: z.number(),
  salePrice: z.number(),
  discount: z.number().int(),
  image: z.string(),
  rating: z.number(),
  totalStock: z.number().int(),
  soldCount: z.number().int(),
  availableStock: z.number().int(),
  isFlashSale: z.literal(true),
  saleEndTime: z.string(),
});
export type FlashSaleItem = z.infer<typeof flashSaleItem>;

export const listFlashSales = defineContract({
  method: 'GET',
  path: '/api/flash-sales/',
  response: z.object({ items: z.array(flashSaleItem) }),
});

export const DOCUMENT_STATUSES = ['current', 'expired', 'superseded'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const documentVersion = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 'PDF' */
  type: z.string(),
  /** Human size, e.g. '4.2 KB'. */
  size: z.string(),
  size_bytes: z.number().int(),
  /** documentDownloadPath(slug) */
  url: z.string(),
  kind: z.string(),
  version: z.number().int(),
  issued_on: z.string().nullable(),
  expires_on: z.string().nullable(),
  /** current: the version in force; expired: past its expiry day; superseded: replaced by a later version. */
  status: z.enum(DOCUMENT_STATUSES),
});
export type DocumentVersion = z.infer<typeof documentVersion>;

/** The latest issued version of one document (never shown as current once expired), with the older ones. */
export const productDocument = documentVersion.extend({ previous_versions: z.array(documentVersion) });
export type ProductDocument = z.infer<typeof productDocument>;

/** An option; `name` and `values` are the English, the translations what staff gave for Urdu and Arabic. */
export const productOption = z.object({
  name: z.string(),
  values: z.array(z.string()),
  name_translations: translatedNames,
  /** By the value's English, the values that have a translation: { '14 cm': { ur: '…', ar: '…' } }. */
  value_translations: z.record(z.string(), translatedNames),
});
export type ProductOption = z.infer<typeof productOption>;

/** One variant as the product page offers it; prices are what one unit costs this viewer now. */
export const productVariant = z.object({
  id: z.number().int(),
  model_number: z.string(),
  gtin: z.string().nullable(),
  /** { option name: value }; {} for a product without options. */
  options: z.record(z.string(), z.string()),
  /** '18 cm · Curved'; '' for a product without options. */
  label: z.string(),
  /** The label in Urdu and Arabic, each value in that language where staff gave it (else its English). */
  label_translations: translatedNames,
  price: decimalString,
  original_price: decimalString.nullable(),
  is_in_stock: z.boolean(),
  available_stock: z.number().int(),
  low_stock_threshold: z.number().int(),
  /** The variant's own photo, or null to show the product's gallery. */
  image: z.string().nullable(),
  /** Volume pricing of this variant, lowest quantity first, as staff set it. */
  price_tiers: z.array(priceTier),
  /** The volume table this viewer pays now, band by band, priced by the server (see pricing's volumePrice). */
  volume_prices: z.array(volumePrice),
  /** Expiry (YYYY-MM-DD) of the lot that ships next, null when it does not expire or nothing is in stock. */
  next_lot_expiry: z.string().nullable(),
  /** Its regulatory data (contracts/regulatory.ts); null when staff have recorded none. */
  regulatory: variantRegulatory.nullable(),
  /** The contents sheet PDF of a set (regulatory-files.ts contentsSheetPath); null for a variant that is not a set. */
  contents_sheet: z.string().nullable(),
  /** Only for a variant that is an instrument set: its contents, and why it cannot be bought now (null when it can). */
  set: variantSet.optional(),
});
export type ProductVariant = z.infer<typeof productVariant>;

export const productDetail = productListItem.extend({
  instrument_type: z.string(),
  /** The staff's title and description for search engines and shared links; '' to use the name and short description. */
  meta_title: z.string(),
  meta_description: z.string(),
  low_stock_threshold: z.number().int(),
  /** In gallery order. An uploaded photo has its size and srcset (WebP; AVIF beside it); a drawing has '' and nulls. */
  images: z.array(z.object({
    id: z.number().int(),
    image_url: z.string(),
    alt: z.string(),
    srcset: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })),
  features: z.array(z.string()),
  specifications: z.record(z.string(), z.string()),
  /** The UNSPSC commodity code hospital purchasing systems classify the product by (8 digits). */
  unspsc: z.string(),
  documents: z.array(productDocument),
  /** Same category, same instrument type first, in stock first; at most RELATED_PRODUCTS_LIMIT. */
  related_products: z.array(productListItem),
  /** Other instruments of the same procedure kit, in stock; at most BOUGHT_TOGETHER_LIMIT. */
  frequently_bought_together: z.array(productListItem),
  /** The sale running now, or null. */
  flash_sale: flashSaleItem.nullable(),
  /** Volume pricing of the first variant, lowest quantity first; empty when it has none. */
  price_tiers: z.array(priceTier),
  /** Up to three options with their values in order; empty for a product without options. */
  options: z.array(productOption),
  /** The active variants in order (one for a product without options). */
  variants: z.array(productVariant),
});
export type ProductDetail = z.infer<typeof productDetail>;

const slugParams = z.object({ slug: z.string().trim().min(1).max(200) });

/** Unknown slug: 404 { detail: 'Product not found.' }. */
export const getProduct = defineContract({
  method: 'GET',
  path: '/api/products/:slug/',
  params: slugParams,
  response: productDetail,
});

/** The spec's live stock record for one product; not cached. */
export const liveStock = z.object({
  productId: z.number().int(),
  currentStock: z.number().int(),
  availableStock: z.number().int(),
  reservedStock: z.number().int(),
  lowStockThreshold: z.number().int(),
  isFlashSale: z.boolean(),
  flashSaleEndTime: z.string().nullable(),
  lastUpdated: z.string(),
  /** Units ordered in the last 24 hours. */
  totalDemand: z.number().int(),
  /** Units sold in the last 24 hours per product view in the same hours (0 without views). */
  conversionRate: z.number(),
  /** The same stock figures per active variant; the product's figures above are their sums. */
  variants: z.array(z.object({
    variantId: z.number().int(),
    currentStock: z.number().int(),
    availableStock: z.number().int(),
    reservedStock: z.number().int(),
  })),
});
export type LiveStock = z.infer<typeof liveStock>;

export const getProductStock = defineContract({
  method: 'GET',
  path: '/api/products/:slug/stock/',
  params: slugParams,
  response: liveStock,
});

export const listCategories = defineContract({
  method: 'GET',
  path: '/api/products/categories/',
  response: z.array(category),
});

/** Unknown id: 404 { detail: 'Category not found.' }. */
export const getCategoryById = defineContract({
  method: 'GET',
  path: '/api/products/categories/:id/',
  params: z.object({ id: z.coerce.number({ message: 'Enter a category id.' }).int('Enter a category id.').min(1, 'Enter a category id.') }),
  response: category,
});

export const listAllCategories = defineContract({
  method: 'GET',
  path: '/api/categories/',
  response: z.array(category),
});

/** Unknown slug: 404 { detail: 'Category not found.' }. */
export const getCategory = defineContract({
  method: 'GET',
  path: '/api/categories/:slug/',
  params: slugParams,
  response: category,
});
