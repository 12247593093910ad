import {
  formatOptionFilter, MARKETS, ORDERINGS, parseOptionFilter, PRICE_RANGES, type MarketValue, type OptionFilter, type ProductListQuery,
} from '#contracts/catalog';
import { HANDLING_FLAGS, type HandlingFlag } from '#contracts/lots';
import type { TextKey } from '../i18n/text-key.ts';

export type Ordering = (typeof ORDERINGS)[number];
export type CatalogView = 'grid' | 'list';

/** What the catalogue shows, as kept in the address bar: a link or a reload gives the same results. */
export interface CatalogQuery {
  search?: string;
  category?: string;
  brand?: string;
  certification?: string;
  market?: MarketValue;
  handling?: HandlingFlag[];
  /** Option values (Length 18 cm, Tip Curved), one per option. */
  options?: OptionFilter[];
  min_price?: number;
  max_price?: number;
  in_stock?: boolean;
  ordering?: Ordering;
  page?: number;
}

const TEXT_KEYS = ['search', 'category', 'brand', 'certification'] as const;
const TEXT_MAX = 200;

function text(value: string | null): string | undefined {
  const trimmed = value?.trim().slice(0, TEXT_MAX);
  return trimmed ? trimmed : undefined;
}

function price(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const amount = Number(value);
  return Number.isFinite(amount) && amount >= 0 ? amount : undefined;
}

/**
 * The names the filter form's own controls submit under, besides the URL's: its GET (with JavaScript off) and what
 * the app reads from it when it takes the page over come back through `parseCatalogQuery`.
 */
export const FORM_FIELDS = { priceRange: 'price_range', optionPrefix: 'option.' } as const;

/** Reads the catalogue query from the URL, or from the filter form's fields, dropping anything the API would refuse. */
export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  const query: CatalogQuery = {};
  for (const key of TEXT_KEYS) {
    const value = text(params.get(key));
    if (value) query[key] = value;
  }
  const market = MARKETS.find((m) => m.value === params.get('market'));
  if (market) query.market = market.value;
  // A link carries them joined by commas; the form's checkboxes one each.
  const flags = params.getAll('handling').flatMap((value) => value.split(','));
  const handling = HANDLING_FLAGS.filter((flag) => flags.includes(flag));
  if (handling.length) query.handling = handling;
  const chosenOptions = [...params].filter(([key, value]) => key.startsWith(FORM_FIELDS.optionPrefix) && value.trim())
    .map(([key, value]) => ({ name: key.slice(FORM_FIELDS.optionPrefix.length), value: value.trim() }));
  const options = [...(parseOptionFilter(params.get('options') ?? '') ?? []), ...chosenOptions];
  if (options.length) query.options = options;
  // The form's price select, when sent, decides the bounds ('' for all prices); else the URL's own bounds.
  const range = params.has(FORM_FIELDS.priceRange) ? PRICE_RANGES.find((r) => r.value === params.get(FORM_FIELDS.priceRange)) : undefined;
  const min = params.has(FORM_FIELDS.priceRange) ? (range?.min_price ?? undefined) : price(params.get('min_price'));
  const max = params.has(FORM_FIELDS.priceRange) ? (range?.max_price ?? undefined) : price(params.get('max_price'));
  if (min !== undefined) query.min_price = min;
  if (max !== undefined && (min === undefined || max >= min)) query.max_price = max;
  if (params.get('in_stock') === 'true') query.in_stock = true;
  const ordering = params.get('ordering');
  if ((ORDERINGS as readonly string[]).includes(ordering ?? '')) query.ordering = ordering as Ordering;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) query.page = page;
  return query;
}

/** The URL form of a query, keys in a fixed order and defaults left out, so equal queries give equal links. */
export function catalogSearchParams(query: CatalogQuery, view: CatalogView = 'grid'): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of TEXT_KEYS) {
    const value = query[key]?.trim();
    if (value) params.set(key, value);
  }
  if (query.market) params.set('market', query.market);
  if (query.handling?.length) params.set('handling', query.handling.join(','));
  if (query.options?.length) params.set('options', formatOptionFilter(query.options));
  if (query.min_price !== undefined) params.set('min_price', String(query.min_price));
  if (query.max_price !== undefined) params.set('max_price', String(query.max_price));
  if (query.in_stock) params.set('in_stock', 'true');
  if (query.ordering) params.set('ordering', query.ordering);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (view === 'list') params.set('view', 'list');
  return params;
}

/**
 * What the filter form says: its fields read as a URL, the sort select's default taken for no ordering. The page is
 * not among them; a changed filter starts again from the first.
 */
export function formCatalogQuery(fields: URLSearchParams): CatalogQuery {
  const query = parseCatalogQuery(fields);
  if (query.ordering && query.ordering === sortValue({ ...query, ordering: undefined })) delete query.ordering;
  return query;
}

export function catalogHref(query: CatalogQuery, view: CatalogView = 'grid'): string {
  const search = catalogSearchParams(query, view).toString();
  return search ? `/products?${search}` : '/products';
}

export function parseView(params: URLSearchParams): CatalogView {
  return params.get('view') === 'list' ? 'list' : 'grid';
}

/** The products-list call for a query; with no ordering the server picks its default (relevance when searching). */
export function toApiQuery(query: CatalogQuery): ProductListQuery {
  const { in_stock, handling, options, ...rest } = query;
  const flagged = {
    ...rest,
    ...(handling?.length ? { handling: handling.join(',') } : {}),
    ...(options?.length ? { options: formatOptionFilter(options) } : {}),
  };
  return in_stock ? { ...flagged, in_stock: 'true' } : flagged;
}

export const RELEVANCE = 'relevance';
export type SortValue = Ordering | typeof RELEVANCE;

/** Each sort with the key of its label in the catalogue's messages. */
export const SORT_OPTIONS = [
  { value: RELEVANCE, label: 'sortRelevance' },
  { value: 'price', label: 'sortPriceAsc' },
  { value: '-price', label: 'sortPriceDesc' },
  { value: '-average_rating', label: 'sortRating' },
  { value: '-created_at', label: 'sortNewest' },
] as const satisfies ReadonlyArray<{ value: SortValue; label: TextKey<'catalog'> }>;

/** The sort the select shows: an explicit ordering, else relevance for a search, else the server's default (newest). */
export function sortValue(query: CatalogQuery): SortValue {
  return query.ordering ?? (query.search ? RELEVANCE : '-created_at');
}

export function withSort(query: CatalogQuery, value: SortValue): CatalogQuery {
  return withFilter(query, { ordering: value === RELEVANCE ? undefined : value });
}

export type PriceRange = (typeof PRICE_RANGES)[number];

/** The spec's price range matching the query's bounds, if any. */
export function priceRangeOf(query: CatalogQuery): PriceRange | undefined {
  return PRICE_RANGES.find(
    (range) => (range.min_price ?? undefined) === query.min_price && (range.max_price ?? undefined) === query.max_price,
  );
}

export function withPriceRange(query: CatalogQuery, value: string): CatalogQuery {
  const range = PRICE_RANGES.find((r) => r.value === value);
  return withFilter(query, { min_price: range?.min_price ?? undefined, max_price: range?.max_price ?? undefined });
}

/** A changed filter starts again from the first page. */
export function withFilter(query: CatalogQuery, change: Partial<CatalogQuery>): CatalogQuery {
  const next: CatalogQuery = { ...query, ...change, page: undefined };
  for (const key of Object.keys(next) as Array<keyof CatalogQuery>) {
    if (next[key] === undefined || next[key] === '' || next[key] === false) delete next[key];
  }
  return next;
}

/** How many of the filters behind 'More Filters' are on. */
export function moreFiltersCount(query: CatalogQuery): number {
  return [query.brand, query.certification, query.market, query.handling?.length, query.options?.length, query.in_stock].filter(Boolean).length;
}

/** The query with `value` as the only value of the option, or without the option when `value` is empty. */
export function withOption(query: CatalogQuery, name: string, value: string): CatalogQuery {
  const others = (query.options ?? []).filter((option) => option.name !== name);
  const options = value ? [...others, { name, value }] : others;
  return withFilter(query, { options: options.length ? options : undefined });
}
