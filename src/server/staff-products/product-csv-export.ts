import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { exportProducts } from '#contracts/staff-products';
import type { Db } from '../db/client.ts';
import { categories, productImages, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import {
  CSV_COLUMNS, formatBoolean, HANDLING_COLUMNS, LINE_SEPARATOR, LIST_SEPARATOR, OPTION_COLUMNS, SPECIFICATION_SEPARATOR,
  type CsvRecord,
} from './product-csv-columns.ts';
import { escapeFormula } from './product-csv-formula.ts';
import { formatSetComponents, regulatoryCells } from './product-csv-sets.ts';
import { staffProductFilter } from './staff-products.service.ts';
import { productsAsInput, type StoredProduct } from './stored-product.ts';

export type ExportQuery = z.output<typeof exportProducts.query>;

interface ExportedProduct {
  product: StoredProduct;
  categorySlug: string;
  stock: Map<number, number>;
  images: { url: string; alt: string }[];
  /** The photo each variant shows instead of the gallery's first, by variant id. */
  variantImages: Map<number, string>;
  /** The catalogue numbers of the sets' components, by variant id. */
  componentNumbers: Map<number, string>;
}

/** The product's first row: every product column, then its first variant and first image. */
function productColumns({ product, categorySlug }: ExportedProduct): CsvRecord {
  const record: CsvRecord = {
    Handle: product.slug,
    Title: product.name,
    'Body (HTML)': product.description,
    Vendor: product.brand,
    Type: product.instrument_type,
    Published: formatBoolean(product.status === 'active'),
    'SEO Title': product.meta_title,
    'SEO Description': product.meta_description,
    Status: product.status,
    Category: categorySlug,
    Certifications: product.certifications.join(`${LIST_SEPARATOR} `),
    Restricted: formatBoolean(product.restricted),
    'Instrument Type': product.instrument_type,
    'Short Description': product.short_description,
    Features: product.features.join(LINE_SEPARATOR),
    Specifications: product.specifications.map((spec) => `${spec.key}${SPECIFICATION_SEPARATOR}${spec.value}`).join(LINE_SEPARATOR),
    'HS Code': product.hs_code,
    UNSPSC: product.unspsc,
    'Country of Origin': product.country_of_origin,
    'Private Label MOQ': product.private_label_moq === null || product.private_label_moq === undefined ? '' : String(product.private_label_moq),
  };
  for (const [flag, column] of Object.entries(HANDLING_COLUMNS)) {
    record[column] = formatBoolean(product.handling[flag as keyof typeof HANDLING_COLUMNS]);
  }
  product.options.forEach((option, i) => {
    record[OPTION_COLUMNS[i].name] = option.name;
  });
  return record;
}

/**
 * A product in Shopify's multi-row layout: row i holds the i-th active variant and the i-th image, the first row the
 * product's fields too. Inactive variants are left out (an import leaves a variant the file omits inactive).
 */
export function productRows(exported: ExportedProduct, publicUrl: string): CsvRecord[] {
  const address = (url: string) => new URL(url, `${publicUrl}/`).href;
  const variants = exported.product.variants.filter((variant) => variant.is_active);
  const length = Math.max(variants.length, exported.images.length, 1);
  return Array.from({ length }, (_, i) => {
    const record: CsvRecord = i === 0 ? productColumns(exported) : {};
    record.Handle = exported.product.slug;
    const variant = variants[i];
    if (variant) {
      exported.product.options.forEach((option, o) => {
        record[OPTION_COLUMNS[o].value] = variant.options[option.name] ?? '';
      });
      record['Variant SKU'] = variant.model_number;
      record['Variant Price'] = variant.price;
      record['Variant Compare At Price'] = variant.original_price ?? '';
      record['Cost per item'] = variant.cost ?? '';
      // A set's count follows its components: left empty, as the import takes no count for a set.
      record['Variant Inventory Qty'] = variant.components.length ? '' : String(exported.stock.get(variant.id!) ?? 0);
      record['Set Components'] = formatSetComponents(variant.components, (id) => exported.componentNumbers.get(id) ?? String(id));
      Object.assign(record, regulatoryCells(variant.regulatory));
      record['Variant Barcode'] = variant.gtin ?? '';
      record['Variant Grams'] = variant.weight_grams == null ? '' : String(variant.weight_grams);
      record['Variant Weight Unit'] = variant.weight_grams == null ? '' : 'g';
      const variantImage = exported.variantImages.get(variant.id!);
      if (variantImage) record['Variant Image'] = address(variantImage);
    }
    const image = exported.images[i];
    if (image) {
      record['Image Src'] = address(image.url);
      record['Image Position'] = String(i + 1);
      record['Image Alt Text'] = image.alt;
    }
    return record;
  });
}

/** The ids of the products the staff list's filters match, oldest first. */
async function exportedProductIds(db: Db, query: ExportQuery): Promise<number[]> {
  const rows = await db.select({ id: products.id }).from(products).where(staffProductFilter(query)).orderBy(asc(products.id));
  return rows.map((row) => row.id);
}

/** How many products are read at once: a few queries per batch, whatever the catalogue's size. */
const BATCH = 200;

async function exportedProducts(db: Db, ids: number[], categorySlugs: Map<number, string>): Promise<ExportedProduct[]> {
  const [stored, levels, images, variantImages] = await Promise.all([
    productsAsInput(db, ids),
    db.select({ variantId: inventoryItems.variantId, currentStock: inventoryItems.currentStock }).from(inventoryItems)
      .innerJoin(productVariants, eq(productVariants.id, inventoryItems.variantId)).where(inArray(productVariants.productId, ids)),
    db.select({ productId: productImages.productId, url: productImages.url, alt: productImages.alt }).from(productImages)
      .where(inArray(productImages.productId, ids)).orderBy(asc(productImages.position), asc(productImages.id)),
    db.select({ id: productVariants.id, image: productVariants.image }).from(productVariants)
      .where(and(inArray(productVariants.productId, ids), isNotNull(productVariants.image))),
  ]);
  const imageOfVariant = new Map(variantImages.map((row) => [row.id, row.image!]));
  const componentIds = [...stored.values()].flatMap((product) => product.variants.flatMap((variant) => variant.components
    .flatMap((component) => [component.variant_id, ...(component.replaces_variant_id === null ? [] : [component.replaces_variant_id])])));
  const componentNumbers = new Map(componentIds.length ? (await db.select({ id: productVariants.id, modelNumber: productVariants.modelNumber })
    .from(productVariants).where(inArray(productVariants.id, [...new Set(componentIds)]))).map((row) => [row.id, row.modelNumber]) : []);
  const stock = new Map(levels.map((row) => [row.variantId, row.currentStock]));
  return ids.map((id) => {
    const product = stored.get(id)!;
    return {
      product,
      categorySlug: categorySlugs.get(product.category_id)!,
      stock,
      images: images.filter((image) => image.productId === id).map(({ url, alt }) => ({ url, alt })),
      variantImages: imageOfVariant,
      componentNumbers,
    };
  });
}

/** A record whose cells spreadsheet programs will not run as formulas. */
const escaped = (record: CsvRecord): CsvRecord => Object.fromEntries(Object.entries(record)
  .map(([column, value]) => [column, escapeFormula(value ?? '')]));

async function* records(db: Db, query: ExportQuery, publicUrl: string): AsyncGenerator<CsvRecord> {
  const ids = await exportedProductIds(db, query);
  const categorySlugs = new Map((await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((row) => [row.id, row.slug]));
  for (let offset = 0; offset < ids.length; offset += BATCH) {
    for (const exported of await exportedProducts(db, ids.slice(offset, offset + BATCH), categorySlugs)) {
      yield* productRows(exported, publicUrl).map(escaped);
    }
  }
}

/**
 * Every product the staff list's filters match, as a CSV the import reads back, streamed product by product. Cells
 * that would run as formulas in a spreadsheet are escaped (the import reads them back as they were).
 */
export function productCsv(db: Db, query: ExportQuery, publicUrl: string): Readable {
  return Readable.from(records(db, query, publicUrl)).pipe(stringify({ header: true, columns: [...CSV_COLUMNS] }));
}
