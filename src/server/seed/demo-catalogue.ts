import { eq } from 'drizzle-orm';
import { categoryImageUrl } from '../media/instrument-families.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  categories, certifications, documents, flashSales, productCertifications, productDocuments, productFeatures, productImages,
  productOptions, productSpecifications, products, productVariants,
} from '../db/schema/catalog.ts';
import { inventoryItems, stockMovements } from '../db/schema/inventory.ts';
import { generateCatalogue, type Catalogue, type ProductSeed } from './catalogue-generator.ts';
import { documentEdition, renderDocument } from './document-pdfs.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';
import { demoPriceTiers } from './price-tiers.ts';
import { seedDemoLots } from '../lots/demo-lots.ts';
import { seedDemoRegulatory } from './demo-regulatory.ts';
import { defaultUnspsc } from '../catalog/unspsc.ts';

export interface SeedOptions {
  /** Variants to sell (sizes, tips, inserts), grouped into products; defaults to 1200. */
  variantCount?: number;
  /** Reference time for created_at spread and flash-sale windows; defaults to new Date(). */
  now?: Date;
}

export interface SeedSummary {
  categories: number;
  products: number;
  variants: number;
  documents: number;
  flashSales: number;
}

/** Products are written in chunks so memory stays flat even for 100 000 variants. */
const PRODUCT_CHUNK = 200;
const ROW_BATCH = 1000;
/** PDFs are large values; smaller batches keep each statement modest. */
const DOCUMENT_BATCH = 25;

function* batches<T>(rows: T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

function* productChunks(catalogue: Catalogue): Generator<ProductSeed[]> {
  let chunk: ProductSeed[] = [];
  for (const product of catalogue.products()) {
    chunk.push(product);
    if (chunk.length === PRODUCT_CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

interface Lookups {
  categoryIds: Map<string, number>;
  certificationIds: Map<string, number>;
  documentIds: Map<string, number>;
}

/** Writes a chunk of products with their options, variants, stock and texts; returns each variant's id by its index. */
async function insertProductChunk(db: DbOrTx, chunk: ProductSeed[], lookups: Lookups, now: Date): Promise<Map<number, number>> {
  const inserted = await db.insert(products).values(chunk.map((p) => ({
    slug: p.slug,
    name: p.name,
    description: p.description,
    shortDescription: p.shortDescription,
    categoryId: lookups.categoryIds.get(p.categorySlug)!,
    instrumentType: p.typeSlug,
    unspsc: defaultUnspsc(p.categorySlug),
    brand: p.brand,
    averageRating: 0,
    reviewCount: 0,
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
  }))).returning({ id: products.id, slug: products.slug });
  const productIds = new Map(inserted.map((row) => [row.slug, row.id]));
  const withId = chunk.map((p) => ({ p, productId: productIds.get(p.slug)! }));

  const options = withId.flatMap(({ p, productId }) => p.options.map((option, position) => ({ productId, position, ...option })));
  for (const rows of batches(options, ROW_BATCH)) await db.insert(productOptions).values(rows);

  const variantRows = withId.flatMap(({ p, productId }) => p.variants.map((v, position) => ({
    productId,
    position,
    options: v.options,
    modelNumber: v.modelNumber,
    priceCents: v.priceCents,
    originalPriceCents: v.originalPriceCents,
    createdAt: v.createdAt,
    updatedAt: v.createdAt,
  })));
  const variantIds = new Map<string, number>();
  for (const rows of batches(variantRows, ROW_BATCH)) {
    const ids = await db.insert(productVariants).values(rows).returning({ id: productVariants.id, modelNumber: productVariants.modelNumber });
    for (const row of ids) variantIds.set(row.modelNumber, row.id);
  }
  const variants = chunk.flatMap((p) => p.variants).map((v) => ({ v, variantId: variantIds.get(v.modelNumber)! }));

  const images = withId.flatMap(({ p, productId }) => p.images.map((image, position) => ({ productId, ...image, position })));
  for (const rows of batches(images, ROW_BATCH)) await db.insert(productImages).values(rows);

  const certificationLinks = withId.flatMap(({ p, productId }) => p.certificationCodes.map((code, position) => ({
    productId, certificationId: lookups.certificationIds.get(code)!, position,
  })));
  for (const rows of batches(certificationLinks, ROW_BATCH)) await db.insert(productCertifications).values(rows);

  const features = withId.flatMap(({ p, productId }) => p.features.map((text, position) => ({ productId, text, position })));
  for (const rows of batches(features, ROW_BATCH)) await db.insert(productFeatures).values(rows);

  const specifications = withId.flatMap(({ p, productId }) => p.specifications.map(([key, value], position) => ({ productId, key, value, position })));
  for (const rows of batches(specifications, ROW_BATCH)) await db.insert(productSpecifications).values(rows);

  const documentLinks = withId.flatMap(({ p, productId }) => p.documentSlugs.map((slug, position) => ({
    productId, documentId: lookups.documentIds.get(slug)!, position,
  })));
  for (const rows of batches(documentLinks, ROW_BATCH)) await db.insert(productDocuments).values(rows);

  for (const rows of batches(variants, ROW_BATCH)) {
    await db.insert(inventoryItems).values(rows.map(({ v, variantId }) => ({
      variantId,
      currentStock: v.stock.current,
      reservedStock: 0,
      lowStockThreshold: v.stock.lowStockThreshold,
      initialStock: v.stock.initial,
      lastStockCheck: now,
      updatedAt: v.stock.soldAt ?? v.createdAt,
    })));
  }

  const movements = variants.flatMap(({ v, variantId }) => [
    { variantId, kind: 'receive' as const, quantity: v.stock.initial, reason: 'Opening stock', createdAt: v.createdAt },
    ...(v.stock.soldAt ? [{
      variantId, kind: 'sale' as const, quantity: v.stock.current - v.stock.initial, reason: 'Sales before catalogue import', createdAt: v.stock.soldAt,
    }] : []),
  ]);
  for (const rows of batches(movements, ROW_BATCH)) await db.insert(stockMovements).values(rows);

  const tiers = demoPriceTiers(variants.map(({ v, variantId }) => ({ index: v.index, variantId, priceCents: v.priceCents })));
  for (const rows of batches(tiers, ROW_BATCH)) await db.insert(priceTiers).values(rows);

  return new Map(variants.map(({ v, variantId }) => [v.index, variantId]));
}

/** Fills an empty database with the deterministic demo catalogue; the caller checks emptiness. */
export async function seedDemoCatalogue(db: DbOrTx, options: SeedOptions = {}): Promise<SeedSummary> {
  const catalogue = generateCatalogue(options);
  const { now } = catalogue;
  const pdfs: Buffer[] = [];
  for (const document of catalogue.documents) pdfs.push(await renderDocument(document, now));
  const flashSaleIndexes = new Set(catalogue.flashSales.map((sale) => sale.variantIndex));

  return db.transaction(async (tx) => {
    const categoryRows = await tx.insert(categories).values(catalogue.categories.map((category, sortOrder) => ({
      ...category, image: categoryImageUrl(category.slug), sortOrder, createdAt: now,
    }))).returning({ id: categories.id, slug: categories.slug });

    const certificationRows = await tx.insert(certifications)
      .values(catalogue.certifications.map(({ code, name }) => ({ code, name })))
      .returning({ id: certifications.id, code: certifications.code });

    const documentIds = new Map<string, number>();
    const documentRows = catalogue.documents.map((document, i) => ({
      slug: document.slug,
      name: document.name,
      kind: document.kind,
      contentType: 'application/pdf',
      sizeBytes: pdfs[i].length,
      content: pdfs[i],
      ...documentEdition(document, now),
      createdAt: now,
    }));
    for (const rows of batches(documentRows, DOCUMENT_BATCH)) {
      const inserted = await tx.insert(documents).values(rows).returning({ id: documents.id, slug: documents.slug });
      for (const row of inserted) documentIds.set(row.slug, row.id);
    }

    const lookups: Lookups = {
      categoryIds: new Map(categoryRows.map((row) => [row.slug, row.id])),
      certificationIds: new Map(certificationRows.map((row) => [row.code, row.id])),
      documentIds,
    };
    const flashSaleVariantIds = new Map<number, number>();
    let productCount = 0;
    for (const chunk of productChunks(catalogue)) {
      const ids = await insertProductChunk(tx, chunk, lookups, now);
      productCount += chunk.length;
      for (const [index, variantId] of ids) if (flashSaleIndexes.has(index)) flashSaleVariantIds.set(index, variantId);
    }

    if (catalogue.flashSales.length) {
      await tx.insert(flashSales).values(catalogue.flashSales.map(({ variantIndex, ...sale }) => ({
        variantId: flashSaleVariantIds.get(variantIndex)!, ...sale,
      })));
    }
    await seedDemoLots(tx, now);
    await seedDemoRegulatory(tx);
    // The demo maker etches buyers' brands on its general-surgery instruments, from 50 units of each.
    await tx.update(products).set({ privateLabelMoq: 50 }).where(eq(products.categoryId, lookups.categoryIds.get('general-surgery')!));

    return {
      categories: categoryRows.length,
      products: productCount,
      variants: catalogue.variantCount,
      documents: documentRows.length,
      flashSales: catalogue.flashSales.length,
    };
  });
}
