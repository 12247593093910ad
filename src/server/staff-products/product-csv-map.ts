import type { ImportProblem } from '#contracts/product-import';
import { decimalToCents } from '#contracts/money';
import { PRICE_PATTERN, PRODUCT_STATUSES, productInput, type ProductStatus } from '#contracts/staff-products';
import { optionsKey, productRuleErrors, validGtin, type ProductFields } from './product-rules.ts';
import {
  CATEGORY_PATH_SEPARATOR, HANDLING_COLUMNS, LIST_SEPARATOR, OPTION_COLUMNS, SHOPIFY_NO_OPTION, SPECIFICATION_SEPARATOR,
  WEIGHT_UNITS, type CsvColumn, type CsvRecord,
} from './product-csv-columns.ts';
import type { CsvProduct, CsvRow } from './product-csv-parse.ts';
import { parseSetComponents, REGULATORY_COLUMNS } from './product-csv-sets.ts';
import { SET_STOCK_DERIVED } from '../inventory/stock-ledger.ts';
import { COMPONENT_UNKNOWN } from '../sets/set-component-rules.ts';
import { byRow, messageAt, problemAt, type CellAt, type ProblemCause } from './product-csv-problems.ts';
import type { StoredProduct } from './stored-product.ts';

/** A product as it is now, in the editor's terms. */
export type ExistingProduct = StoredProduct;
type ExistingVariant = ExistingProduct['variants'][number];

/** The shop's categories, by slug and by name (lower case), and the one staff chose for products that name none. */
export interface CategoryIndex {
  bySlug: Map<string, number>;
  byName: Map<string, number>;
  fallback?: number;
}

export interface CsvProductContext {
  columns: Set<CsvColumn>;
  categories: CategoryIndex;
  existing?: ExistingProduct;
  /** The shop's variant ids by catalogue number (lower case), for the Set Components the file names. */
  variantIds?: Map<string, number>;
}

export interface MappedProduct {
  /** Valid input for the product writer; absent when a row of the product is bad. */
  input?: ProductFields;
  /** Variant Inventory Qty of each variant, null where the file leaves stock as it is. */
  stock: (number | null)[];
  errors: ImportProblem[];
  warnings: ImportProblem[];
}

const cell = (record: CsvRecord, column: CsvColumn): string => (record[column] ?? '').trim();
const lines = (value: string): string[] => value.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
const GTIN_FORMAT = /^(\d{8}|\d{12,14})$/;
const MAX_GRAMS = 1_000_000;

const PRODUCT_FIELD_COLUMNS: Record<string, CsvColumn> = {
  name: 'Title', slug: 'Handle', short_description: 'Short Description', description: 'Body (HTML)', brand: 'Vendor',
  status: 'Status', restricted: 'Restricted', meta_title: 'SEO Title',
  meta_description: 'SEO Description', certifications: 'Certifications', features: 'Features', specifications: 'Specifications',
  hs_code: 'HS Code', unspsc: 'UNSPSC', country_of_origin: 'Country of Origin', private_label_moq: 'Private Label MOQ',
};
const VARIANT_FIELD_COLUMNS: Record<string, CsvColumn> = {
  model_number: 'Variant SKU', gtin: 'Variant Barcode', price: 'Variant Price', original_price: 'Variant Compare At Price',
  cost: 'Cost per item', weight_grams: 'Variant Grams', tiers: 'Variant Price', id: 'Variant SKU', options: 'Option1 Value',
  components: 'Set Components',
};

/** The column a product's category comes from: the shop's own Category, else Shopify's Product Category, else Type. */
const categoryColumn = (columns: Set<CsvColumn>): CsvColumn =>
  (['Category', 'Product Category', 'Type'] as const).find((column) => columns.has(column)) ?? 'Type';

/**
 * The row and column a field of the product's input came from: `variants.2.gtin` is the third variant row's Variant
 * Barcode. Keys follow the writer's 400 answers and the schema's issue paths alike.
 */
export function locateField(product: CsvProduct, columns: Set<CsvColumn>, key: readonly PropertyKey[]): CellAt {
  const [field, index, sub, detail] = key.map(String);
  const at = (row: number, column: string): CellAt => ({ row, column, handle: product.handle });
  const first = product.first.row;
  if (field === 'variants' && index !== undefined && /^\d+$/.test(index)) {
    const regulatory = sub === 'regulatory' ? REGULATORY_COLUMNS[detail as keyof typeof REGULATORY_COLUMNS] ?? 'GMDN Code' : undefined;
    return at(product.variants[Number(index)]?.row ?? first, regulatory ?? VARIANT_FIELD_COLUMNS[sub] ?? 'Variant SKU');
  }
  if (field === 'variants') return at(first, 'Variant SKU');
  if (field === 'options') {
    const option = OPTION_COLUMNS[Number(index)] ?? OPTION_COLUMNS[0];
    return at(first, sub === 'values' ? option.value : option.name);
  }
  if (field === 'handling') return at(first, HANDLING_COLUMNS[index as keyof typeof HANDLING_COLUMNS] ?? 'Sterile');
  if (field === 'instrument_type') return at(first, columns.has('Instrument Type') ? 'Instrument Type' : 'Type');
  if (field === 'category_id') return at(first, categoryColumn(columns));
  if (field === 'status' && !columns.has('Status')) return at(first, 'Published');
  return at(first, PRODUCT_FIELD_COLUMNS[field] ?? 'Handle');
}

/**
 * Reads one product's cells. A cell that cannot be read is an error on its row and column when the product cannot
 * do without it, and a warning (the cell left out) when it can.
 */
class CellReader {
  readonly errors: ImportProblem[] = [];
  readonly warnings: ImportProblem[] = [];

  constructor(private readonly columns: Set<CsvColumn>, private readonly handle: string) {}

  has(column: CsvColumn): boolean {
    return this.columns.has(column);
  }

  private at(row: number, column: CsvColumn): CellAt {
    return { row, column, handle: this.handle };
  }

  /** An error in the schema's or the rules' words. */
  failWith(row: number, column: CsvColumn, message: string): undefined {
    this.errors.push(messageAt(this.at(row, column), { message }));
    return undefined;
  }

  fail(row: number, column: CsvColumn, cause: ProblemCause): undefined {
    this.errors.push(problemAt(this.at(row, column), cause));
    return undefined;
  }

  warn(row: number, column: CsvColumn, cause: ProblemCause): void {
    this.warnings.push(problemAt(this.at(row, column), cause));
  }

  /** The cell's text, or `fallback` when the file has no such column. */
  text(row: CsvRow, column: CsvColumn, fallback: string | undefined): string | undefined {
    return this.has(column) ? cell(row.record, column) : fallback;
  }

  boolean(row: CsvRow, column: CsvColumn, fallback: boolean | undefined): boolean | undefined {
    if (!this.has(column)) return fallback;
    const value = cell(row.record, column).toLowerCase();
    if (value === '') return false;
    if (value === 'true' || value === 'false') return value === 'true';
    return this.fail(row.row, column, { key: 'not_true_false' });
  }

  /** A whole number of at least `min`; an empty cell is `empty`. */
  whole(row: CsvRow, column: CsvColumn, empty: number | null, min: number): number | null | undefined {
    const value = cell(row.record, column);
    if (value === '') return empty;
    const number = Number(value);
    if (!Number.isInteger(number) || number < min) return this.fail(row.row, column, { key: 'whole_number_at_least', params: { min } });
    return number;
  }

  /** An optional amount (at least 0): empty is null, and an unreadable one is left out with a warning. */
  amount(row: CsvRow, column: CsvColumn, unreadable: ProblemCause['key']): string | null {
    const value = cell(row.record, column);
    if (value === '' || PRICE_PATTERN.test(value)) return value || null;
    this.warn(row.row, column, { key: unreadable, params: { value } });
    return null;
  }
}

/** Shopify's free-form barcode: a GTIN with a right check digit is kept, anything else left out with a warning. */
function gtinOf(read: CellReader, row: CsvRow, before: ExistingVariant | undefined): string | null {
  if (!read.has('Variant Barcode')) return before?.gtin ?? null;
  const barcode = cell(row.record, 'Variant Barcode');
  if (barcode === '') return null;
  if (GTIN_FORMAT.test(barcode) && validGtin(barcode)) return barcode;
  read.warn(row.row, 'Variant Barcode', { key: 'barcode_not_gtin', params: { barcode } });
  return before?.gtin ?? null;
}

/** Variant Grams, rounded (Shopify writes decimals); 0 is Shopify's unknown weight. Variant Weight Unit only shows it. */
function gramsOf(read: CellReader, row: CsvRow, before: ExistingVariant | undefined): number | null {
  const unit = read.text(row, 'Variant Weight Unit', '');
  if (unit && !WEIGHT_UNITS.includes(unit.toLowerCase())) read.warn(row.row, 'Variant Weight Unit', { key: 'weight_unit_unknown', params: { unit } });
  if (!read.has('Variant Grams')) return before?.weight_grams ?? null;
  const value = cell(row.record, 'Variant Grams');
  const grams = Math.round(Number(value));
  if (value !== '' && (!Number.isFinite(grams) || grams < 0 || grams > MAX_GRAMS)) {
    read.warn(row.row, 'Variant Grams', { key: 'grams_unreadable', params: { value } });
    return before?.weight_grams ?? null;
  }
  return grams || null;
}

/** The compare-at price: left out with a warning when it is not a price, or not above the variant's price. */
function compareAtOf(read: CellReader, row: CsvRow, before: ExistingVariant | undefined): string | null {
  if (!read.has('Variant Compare At Price')) return before?.original_price ?? null;
  const compareAt = read.amount(row, 'Variant Compare At Price', 'compare_at_unreadable');
  const price = cell(row.record, 'Variant Price');
  if (compareAt === null || !PRICE_PATTERN.test(price) || decimalToCents(compareAt) > decimalToCents(price)) return compareAt;
  read.warn(row.row, 'Variant Compare At Price', { key: 'compare_at_not_above', params: { compare_at: compareAt, price } });
  return null;
}

/** Status (active, draft, archived), else Published; another status imports the product as a draft, with a warning. */
function statusOf(read: CellReader, product: CsvProduct, existing: ExistingProduct | undefined): ProductStatus | undefined {
  const status = read.text(product.first, 'Status', undefined)?.toLowerCase();
  if (status && (PRODUCT_STATUSES as readonly string[]).includes(status)) return status as ProductStatus;
  if (status) {
    read.warn(product.first.row, 'Status', { key: 'status_unknown', params: { status } });
    return 'draft';
  }
  if (read.has('Published') && cell(product.first.record, 'Published') !== '') {
    return read.boolean(product.first, 'Published', undefined) ? 'active' : 'draft';
  }
  return existing?.status;
}

/** Product Category's segments, narrowest first: "Apparel & Accessories > Clothing > Pants" gives Pants first. */
const categoryPath = (value: string): string[] => value.split(CATEGORY_PATH_SEPARATOR).map((segment) => segment.trim())
  .filter(Boolean).reverse();

/**
 * The product's category: the slug in the shop's Category column; else the category named (or slugged) like the
 * narrowest segment of Shopify's Product Category that names one, or like Type; else the stored product's; else the
 * default staff chose. A Category slug the shop does not have, or no category at all, is an error.
 */
function categoryOf(read: CellReader, product: CsvProduct, context: CsvProductContext): number | undefined {
  const { categories, existing } = context;
  const first = product.first;
  const slug = read.text(first, 'Category', '');
  if (slug) return categories.bySlug.get(slug) ?? read.fail(first.row, 'Category', { key: 'category_not_found', params: { category: slug } });
  const named = [...categoryPath(read.text(first, 'Product Category', '')!), read.text(first, 'Type', '')!]
    .map((name) => categories.byName.get(name.toLowerCase()) ?? categories.bySlug.get(name.toLowerCase()))
    .find((id) => id !== undefined);
  const found = named ?? existing?.category_id ?? categories.fallback;
  return found ?? read.fail(first.row, categoryColumn(context.columns), { key: 'category_unmatched' });
}

function specificationsOf(read: CellReader, product: CsvProduct, existing: ExistingProduct | undefined) {
  if (!read.has('Specifications')) return existing?.specifications;
  return lines(cell(product.first.record, 'Specifications')).map((line) => {
    const at = line.indexOf(SPECIFICATION_SEPARATOR.trim());
    if (at < 0) read.fail(product.first.row, 'Specifications', { key: 'specification_format', params: { line } });
    return { key: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
  });
}

/**
 * The options named on the first row; values in the order the product had them, then as the rows bring new ones. The
 * file has no translations: an option keeps those staff gave it.
 */
function optionsOf(product: CsvProduct, existing: ExistingProduct | undefined): ProductFields['options'] {
  const names = OPTION_COLUMNS.map((option) => cell(product.first.record, option.name));
  if (names[0] === SHOPIFY_NO_OPTION.name && cell(product.first.record, 'Option1 Value') === SHOPIFY_NO_OPTION.value) return [];
  return OPTION_COLUMNS.flatMap((columns, i) => {
    if (!names[i]) return [];
    const values = [...new Set(product.variants.map((variant) => cell(variant.record, columns.value)).filter(Boolean))];
    const stored = existing?.options.find((option) => option.name === names[i]);
    const before = stored?.values ?? [];
    return [{ name: names[i], values: [...before, ...values.filter((value) => !before.includes(value))], translations: stored?.translations ?? {} }];
  });
}

/** The stored variant each row is: the one with its SKU, else one with its option values; each claimed once. */
function matchVariants(product: CsvProduct, optionValues: Record<string, string>[], stored: ExistingProduct['variants']) {
  const free = new Set(stored);
  const claim = (found: ExistingVariant | undefined) => {
    if (found) free.delete(found);
    return found;
  };
  const matches = product.variants.map((row) => {
    const sku = cell(row.record, 'Variant SKU').toLowerCase();
    return sku ? claim([...free].find((variant) => variant.model_number.toLowerCase() === sku)) : undefined;
  });
  return matches.map((match, i) => match ?? claim([...free].find((variant) => optionsKey(variant.options) === optionsKey(optionValues[i]))));
}

const SET_COMPONENTS_FORMAT = 'Write each component as "2 x SS-1001", with (optional), (extra), (alternative to SS-1001) or (container) after it, separated by semicolons.';

/**
 * Set Components: each catalogue number the shop's variant; without the column, the stored set's. A number the shop
 * does not have is an error on the cell (import the instruments before the sets they make).
 */
function componentsOf(read: CellReader, row: CsvRow, before: ExistingVariant | undefined, variantIds: Map<string, number>) {
  if (!read.has('Set Components')) return before?.components ?? [];
  const parsed = parseSetComponents(cell(row.record, 'Set Components'));
  if ('unreadable' in parsed) return read.failWith(row.row, 'Set Components', `${SET_COMPONENTS_FORMAT} (${parsed.unreadable})`) ?? [];
  const idOf = (number: string) => variantIds.get(number.toLowerCase());
  const unknown = parsed.components.flatMap((component) => [component.modelNumber, ...(component.replaces ? [component.replaces] : [])])
    .find((number) => idOf(number) === undefined);
  if (unknown !== undefined) return read.failWith(row.row, 'Set Components', `${COMPONENT_UNKNOWN} (${unknown})`) ?? [];
  return parsed.components.map((component) => ({
    variant_id: idOf(component.modelNumber)!,
    quantity: component.quantity,
    role: component.role,
    replaces_variant_id: component.replaces ? idOf(component.replaces)! : null,
    is_container: component.isContainer,
  }));
}

/** The regulatory columns: all empty is none; a column the file leaves out keeps the stored value. */
function regulatoryOfRow(read: CellReader, row: CsvRow, before: ExistingVariant | undefined) {
  const columns = Object.entries(REGULATORY_COLUMNS) as [keyof typeof REGULATORY_COLUMNS, CsvColumn][];
  if (!columns.some(([, column]) => read.has(column))) return before?.regulatory ?? null;
  const stored = before?.regulatory;
  const cells = Object.fromEntries(columns.map(([field, column]) => [field, read.has(column) ? cell(row.record, column) : stored?.[field]]));
  if (columns.every(([field]) => cells[field] === '' || cells[field] == null)) return null;
  const text = (value: unknown) => (value === '' || value == null ? undefined : value);
  const id = (value: unknown) => (value === '' || value == null ? null : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
  return {
    ...cells,
    sterility: text(cells.sterility) ?? null,
    use: text(cells.use) ?? null,
    mri_safety: text(cells.mri_safety),
    contains_latex: typeof cells.contains_latex === 'string' ? read.boolean(row, 'Contains Latex', undefined) ?? null : cells.contains_latex ?? null,
    conformity_document_id: id(cells.conformity_document_id),
    certificate_document_id: id(cells.certificate_document_id),
  };
}

function variantsOf(read: CellReader, product: CsvProduct, options: ProductFields['options'], context: CsvProductContext) {
  const { existing } = context;
  const stock: (number | null)[] = [];
  const optionValues = product.variants.map((row) => {
    const values: Record<string, string> = {};
    options.forEach((option, i) => {
      const value = cell(row.record, OPTION_COLUMNS[i].value);
      if (value) values[option.name] = value;
      else read.fail(row.row, OPTION_COLUMNS[i].value, { key: 'option_value_missing', params: { option: option.name } });
    });
    return values;
  });
  const matches = matchVariants(product, optionValues, existing?.variants ?? []);
  const variants = product.variants.map((row, i) => {
    const before = matches[i];
    const components = componentsOf(read, row, before, context.variantIds ?? new Map());
    // A set's stock follows its components: the export leaves its count empty, and a count given is refused.
    if (components.length && cell(row.record, 'Variant Inventory Qty') !== '') read.failWith(row.row, 'Variant Inventory Qty', SET_STOCK_DERIVED);
    stock.push(read.has('Variant Inventory Qty') && !components.length ? read.whole(row, 'Variant Inventory Qty', null, 0) ?? null : null);
    return {
      ...(before?.id === undefined ? {} : { id: before.id }),
      options: optionValues[i],
      model_number: cell(row.record, 'Variant SKU'),
      gtin: gtinOf(read, row, before),
      price: cell(row.record, 'Variant Price'),
      original_price: compareAtOf(read, row, before),
      cost: read.has('Cost per item') ? read.amount(row, 'Cost per item', 'cost_unreadable') : before?.cost ?? null,
      weight_grams: gramsOf(read, row, before),
      is_active: true,
      tiers: before?.tiers ?? [],
      components,
      regulatory: regulatoryOfRow(read, row, before),
    };
  });
  return { variants, stock };
}

/** The instrument type: Instrument Type, else Type, else the narrowest segment of Product Category. */
const instrumentTypeOf = (read: CellReader, first: CsvRow): string =>
  read.text(first, 'Instrument Type', '') || read.text(first, 'Type', '') || (categoryPath(read.text(first, 'Product Category', '')!)[0] ?? '');

/**
 * The writer's input for one product of the file. A column the file does not have keeps the existing product's value
 * (a new product's default); every cell that cannot be read, and every problem the product's schema and rules find, is
 * reported on its row and column: an error when the product cannot be saved without it, else a warning.
 */
export function mapCsvProduct(product: CsvProduct, context: CsvProductContext): MappedProduct {
  const { existing } = context;
  const read = new CellReader(context.columns, product.handle);
  const first = product.first;
  const options = optionsOf(product, existing);
  const { variants, stock } = variantsOf(read, product, options, context);
  const handling = Object.fromEntries(Object.entries(HANDLING_COLUMNS)
    .map(([flag, column]) => [flag, read.boolean(first, column, existing?.handling[flag as keyof typeof HANDLING_COLUMNS])]));
  const raw = {
    name: read.text(first, 'Title', existing?.name),
    slug: product.handle,
    short_description: read.text(first, 'Short Description', existing?.short_description),
    description: read.has('Body (HTML)') ? (first.record['Body (HTML)'] ?? '').trim() : existing?.description,
    brand: read.text(first, 'Vendor', existing?.brand),
    category_id: categoryOf(read, product, context),
    instrument_type: instrumentTypeOf(read, first) || existing?.instrument_type,
    status: statusOf(read, product, existing),
    restricted: read.boolean(first, 'Restricted', existing?.restricted),
    meta_title: read.text(first, 'SEO Title', existing?.meta_title),
    meta_description: read.text(first, 'SEO Description', existing?.meta_description),
    certifications: read.has('Certifications')
      ? cell(first.record, 'Certifications').split(LIST_SEPARATOR).map((code) => code.trim()).filter(Boolean)
      : existing?.certifications,
    features: read.has('Features') ? lines(cell(first.record, 'Features')) : existing?.features,
    specifications: specificationsOf(read, product, existing),
    handling,
    hs_code: read.text(first, 'HS Code', existing?.hs_code),
    // No column or an empty cell: the product's code, a new product's category family code.
    unspsc: read.text(first, 'UNSPSC', '') || existing?.unspsc,
    // An empty cell keeps the product's origin (a new product's: Pakistan).
    country_of_origin: read.text(first, 'Country of Origin', '') || existing?.country_of_origin,
    private_label_moq: read.has('Private Label MOQ') ? read.whole(first, 'Private Label MOQ', null, 1) : existing?.private_label_moq ?? null,
    options,
    variants,
  };
  const parsed = productInput.safeParse(raw);
  const errors = [...read.errors];
  const warnings = byRow(read.warnings);
  if (!parsed.success) {
    // A cell already reported as unreadable (an unknown category slug) is not reported again as missing.
    const reported = new Set(read.errors.map((error) => `${error.row}|${error.column}`));
    for (const issue of parsed.error.issues) {
      const at = locateField(product, context.columns, issue.path);
      if (!reported.has(`${at.row}|${at.column}`)) errors.push(messageAt(at, issue));
    }
    return { stock, errors: unique(errors), warnings };
  }
  for (const [key, messages] of Object.entries(productRuleErrors(parsed.data))) {
    for (const message of messages) errors.push(messageAt(locateField(product, context.columns, key.split('.')), { message }));
  }
  return errors.length ? { stock, errors: unique(errors), warnings } : { input: parsed.data, stock, errors, warnings };
}

/** Each problem once, in row order (a cell read badly is also a schema issue of the same field). */
const unique = (errors: ImportProblem[]): ImportProblem[] => byRow([
  ...new Map(errors.map((error) => [`${error.row}|${error.column}|${error.message}`, error])).values(),
]);
