import { productInput } from '#contracts/staff-products';
import { optionsKey, productRuleErrors, type ProductFields } from './product-rules.ts';
import {
  HANDLING_COLUMNS, LIST_SEPARATOR, OPTION_COLUMNS, SHOPIFY_NO_OPTION, SPECIFICATION_SEPARATOR,
  type CsvColumn, type CsvRecord,
} from './product-csv-columns.ts';
import type { CsvProduct, RowError } from './product-csv-parse.ts';
import type { StoredProduct } from './stored-product.ts';

/** A product as it is now, in the editor's terms. */
export type ExistingProduct = StoredProduct;

export interface CsvProductContext {
  columns: Set<CsvColumn>;
  /** Category ids by slug. */
  categories: Map<string, number>;
  existing?: ExistingProduct;
}

export interface MappedProduct {
  /** Valid input for the product writer; absent when a row of the product is bad. */
  input?: ProductFields;
  /** Variant Inventory Qty of each variant, null where the file leaves stock as it is. */
  stock: (number | null)[];
  errors: RowError[];
}

const cell = (record: CsvRecord, column: CsvColumn): string => (record[column] ?? '').trim();
const lines = (value: string): string[] => value.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);

const PRODUCT_FIELD_COLUMNS: Record<string, CsvColumn> = {
  name: 'Title', slug: 'Handle', short_description: 'Short Description', description: 'Body (HTML)', brand: 'Vendor',
  category_id: 'Category', status: 'Status', restricted: 'Restricted', meta_title: 'SEO Title',
  meta_description: 'SEO Description', certifications: 'Certifications', features: 'Features', specifications: 'Specifications',
};
const VARIANT_FIELD_COLUMNS: Record<string, CsvColumn> = {
  model_number: 'Variant SKU', gtin: 'Variant Barcode', price: 'Variant Price', original_price: 'Variant Compare At Price',
  weight_grams: 'Variant Grams', tiers: 'Variant Price', id: 'Variant SKU', options: 'Option1 Value',
};

/**
 * The row and column a field of the product's input came from: `variants.2.gtin` is the third variant row's Variant
 * Barcode. Keys follow the writer's 400 answers and the schema's issue paths alike.
 */
export function locateField(product: CsvProduct, columns: Set<CsvColumn>, key: readonly PropertyKey[]): { row: number; column: string } {
  const [field, index, sub] = key.map(String);
  const first = product.first.row;
  if (field === 'variants' && index !== undefined && /^\d+$/.test(index)) {
    const row = product.variants[Number(index)]?.row ?? first;
    return { row, column: VARIANT_FIELD_COLUMNS[sub] ?? 'Variant SKU' };
  }
  if (field === 'variants') return { row: first, column: 'Variant SKU' };
  if (field === 'options') {
    const option = OPTION_COLUMNS[Number(index)] ?? OPTION_COLUMNS[0];
    return { row: first, column: sub === 'values' ? option.value : option.name };
  }
  if (field === 'handling') return { row: first, column: HANDLING_COLUMNS[index as keyof typeof HANDLING_COLUMNS] ?? 'Sterile' };
  if (field === 'instrument_type') return { row: first, column: columns.has('Instrument Type') ? 'Instrument Type' : 'Type' };
  if (field === 'status' && !columns.has('Status')) return { row: first, column: 'Published' };
  return { row: first, column: PRODUCT_FIELD_COLUMNS[field] ?? 'Handle' };
}

/** Reads one product's cells; a cell that cannot be read is an error on its row and column. */
class CellReader {
  readonly errors: RowError[] = [];

  constructor(private readonly columns: Set<CsvColumn>) {}

  has(column: CsvColumn): boolean {
    return this.columns.has(column);
  }

  fail(row: number, column: CsvColumn, message: string): undefined {
    this.errors.push({ row, column, message });
    return undefined;
  }

  /** The cell's text, or `fallback` when the file has no such column. */
  text(row: { row: number; record: CsvRecord }, column: CsvColumn, fallback: string | undefined): string | undefined {
    return this.has(column) ? cell(row.record, column) : fallback;
  }

  boolean(row: { row: number; record: CsvRecord }, column: CsvColumn, fallback: boolean | undefined): boolean | undefined {
    if (!this.has(column)) return fallback;
    const value = cell(row.record, column).toLowerCase();
    if (value === '') return false;
    if (value === 'true' || value === 'false') return value === 'true';
    return this.fail(row.row, column, 'Enter TRUE or FALSE.');
  }

  /** A whole number of at least `min`; an empty cell is `empty`. */
  whole(row: { row: number; record: CsvRecord }, column: CsvColumn, empty: number | null, min: number): number | null | undefined {
    const value = cell(row.record, column);
    if (value === '') return empty;
    const number = Number(value);
    if (!Number.isInteger(number) || number < min) return this.fail(row.row, column, `Enter a whole number of at least ${min}.`);
    return number;
  }
}

function statusOf(read: CellReader, product: CsvProduct, existing: ExistingProduct | undefined): string | undefined {
  const status = read.text(product.first, 'Status', undefined)?.toLowerCase();
  if (status) return status;
  if (read.has('Published') && cell(product.first.record, 'Published') !== '') {
    return read.boolean(product.first, 'Published', undefined) ? 'active' : 'draft';
  }
  return existing?.status;
}

function specificationsOf(read: CellReader, product: CsvProduct, existing: ExistingProduct | undefined) {
  if (!read.has('Specifications')) return existing?.specifications;
  return lines(cell(product.first.record, 'Specifications')).map((line) => {
    const at = line.indexOf(SPECIFICATION_SEPARATOR.trim());
    if (at < 0) read.fail(product.first.row, 'Specifications', `Write each specification as "Key: Value" on its own line (${line}).`);
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
  const claim = (found: ExistingProduct['variants'][number] | undefined) => {
    if (found) free.delete(found);
    return found;
  };
  const matches = product.variants.map((row) => {
    const sku = cell(row.record, 'Variant SKU').toLowerCase();
    return sku ? claim([...free].find((variant) => variant.model_number.toLowerCase() === sku)) : undefined;
  });
  return matches.map((match, i) => match ?? claim([...free].find((variant) => optionsKey(variant.options) === optionsKey(optionValues[i]))));
}

function variantsOf(read: CellReader, product: CsvProduct, options: ProductFields['options'], existing: ExistingProduct | undefined) {
  const stock: (number | null)[] = [];
  const optionValues = product.variants.map((row) => {
    const values: Record<string, string> = {};
    options.forEach((option, i) => {
      const value = cell(row.record, OPTION_COLUMNS[i].value);
      if (value) values[option.name] = value;
      else read.fail(row.row, OPTION_COLUMNS[i].value, `Give this variant a value of ${option.name}.`);
    });
    return values;
  });
  const matches = matchVariants(product, optionValues, existing?.variants ?? []);
  const variants = product.variants.map((row, i) => {
    const values = optionValues[i];
    const sku = cell(row.record, 'Variant SKU');
    const before = matches[i];
    stock.push(read.has('Variant Inventory Qty') ? read.whole(row, 'Variant Inventory Qty', null, 0) ?? null : null);
    const grams = read.has('Variant Grams') ? read.whole(row, 'Variant Grams', null, 0) : before?.weight_grams;
    return {
      ...(before?.id === undefined ? {} : { id: before.id }),
      options: values,
      model_number: sku,
      gtin: read.text(row, 'Variant Barcode', before?.gtin ?? undefined) || null,
      price: cell(row.record, 'Variant Price'),
      original_price: read.text(row, 'Variant Compare At Price', before?.original_price ?? undefined) || null,
      // Shopify writes 0 grams for an unknown weight.
      weight_grams: grams || null,
      is_active: true,
      tiers: before?.tiers ?? [],
    };
  });
  return { variants, stock };
}

/**
 * The writer's input for one product of the file. A column the file does not have keeps the existing product's value
 * (a new product's default); every cell that cannot be read, and every problem the product's schema and rules find, is
 * reported on its row and column.
 */
export function mapCsvProduct(product: CsvProduct, context: CsvProductContext): MappedProduct {
  const { existing } = context;
  const read = new CellReader(context.columns);
  const first = product.first;
  const categorySlug = read.text(first, 'Category', undefined);
  const categoryId = categorySlug ? context.categories.get(categorySlug) : existing?.category_id;
  if (categorySlug && categoryId === undefined) read.fail(first.row, 'Category', `No category has the slug ${categorySlug}.`);
  const typeColumn = read.text(first, 'Instrument Type', '') || read.text(first, 'Type', '');
  const options = optionsOf(product, existing);
  const { variants, stock } = variantsOf(read, product, options, existing);
  const handling = Object.fromEntries(Object.entries(HANDLING_COLUMNS)
    .map(([flag, column]) => [flag, read.boolean(first, column, existing?.handling[flag as keyof typeof HANDLING_COLUMNS])]));
  const raw = {
    name: read.text(first, 'Title', existing?.name),
    slug: product.handle,
    short_description: read.text(first, 'Short Description', existing?.short_description),
    description: read.has('Body (HTML)') ? (first.record['Body (HTML)'] ?? '').trim() : existing?.description,
    brand: read.text(first, 'Vendor', existing?.brand),
    category_id: categoryId,
    instrument_type: typeColumn || existing?.instrument_type,
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
    options,
    variants,
  };
  const parsed = productInput.safeParse(raw);
  const errors = [...read.errors];
  if (!parsed.success) {
    // A cell already reported as unreadable (an unknown category slug) is not reported again as missing.
    const reported = new Set(read.errors.map((error) => `${error.row}|${error.column}`));
    for (const issue of parsed.error.issues) {
      const at = locateField(product, context.columns, issue.path);
      if (!reported.has(`${at.row}|${at.column}`)) errors.push({ ...at, message: issue.message });
    }
    return { stock, errors: unique(errors) };
  }
  for (const [key, messages] of Object.entries(productRuleErrors(parsed.data))) {
    for (const message of messages) errors.push({ ...locateField(product, context.columns, key.split('.')), message });
  }
  return errors.length ? { stock, errors: unique(errors) } : { input: parsed.data, stock, errors };
}

/** Each problem once, in row order (a cell read badly is also a schema issue of the same field). */
const unique = (errors: RowError[]): RowError[] => [
  ...new Map(errors.map((error) => [`${error.row}|${error.column}|${error.message}`, error])).values(),
].sort((a, b) => a.row - b.row);
