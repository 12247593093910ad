import { categoryImageUrl } from '../../media/instrument-families.ts';
import type { DbOrTx } from '../client.ts';
import {
  categories, certifications, documents, flashSales, productCertifications, productDocuments, productFeatures, productImages,
  productSpecifications, products,
} from '../schema/catalog.ts';
import { inventoryItems, stockMovements } from '../schema/inventory.ts';
import { generateCatalogue, type Catalogue, type ProductSeed } from './catalogue-generator.ts';
import { documentEdition, renderDocument } from './document-pdfs.ts';
import { priceTiers } from '../schema/price-tiers.ts';
import { demoPriceTiers } from './price-tiers.ts';
import { seedDemoLots } from '../../lots/demo-lots.ts';

export interface SeedOptions {
  /** Defaults to 1200. */
  productCount?: number;
  /** Reference time for created_at spread and flash-sale windows; defaults to new Date(). */
  now?: Date;
}

export interface SeedSummary {
  categories: number;
  products: number;
  documents: number;
  flashSales: number;
}

/** Products are written in chunks so memory stays flat even for 100 000 products. */
const PRODUCT_CHUNK = 500;
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

async function insertProductChunk(db: DbOrTx, chunk: ProductSeed[], lookups: Lookups, now: Date): Promise<Map<string, number>> {
  const inserted = await db.insert(products).values(chunk.map((p) => ({
    slug: p.slug,
    name: p.name,
    description: p.description,
    shortDescription: p.shortDescription,
    categoryId: lookups.categoryIds.get(p.categorySlug)!,
    instrumentType: p.typeSlug,
    brand: p.brand,
    modelNumber: p.modelNumber,
    priceCents: p.priceCents,
    originalPriceCents: p.originalPriceCents,
    averageRating: 0,
    reviewCount: 0,
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
  }))).returning({ id: products.id, modelNumber: products.modelNumber });
  const ids = new Map(inserted.map((row) => [row.modelNumber, row.id]));
  const withId = chunk.map((p) => ({ p, productId: ids.get(p.modelNumber)! }));

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

  await db.insert(inventoryItems).values(withId.map(({ p, productId }) => ({
    productId,
    currentStock: p.stock.current,
    reservedStock: 0,
    lowStockThreshold: p.stock.lowStockThreshold,
    initialStock: p.stock.initial,
    lastStockCheck: now,
    updatedAt: p.stock.soldAt ?? p.createdAt,
  })));

  const movements = withId.flatMap(({ p, productId }) => [
    { productId, kind: 'receive' as const, quantity: p.stock.initial, reason: 'Opening stock', createdAt: p.createdAt },
    ...(p.stock.soldAt ? [{
      productId, kind: 'sale' as const, quantity: p.stock.current - p.stock.initial, reason: 'Sales before catalogue import', createdAt: p.stock.soldAt,
    }] : []),
  ]);
  for (const rows of batches(movements, ROW_BATCH)) await db.insert(stockMovements).values(rows);

  const tiers = demoPriceTiers(withId.map(({ p, productId }) => ({ index: p.index, productId, priceCents: p.priceCents })));
  for (const rows of batches(tiers, ROW_BATCH)) await db.insert(priceTiers).values(rows);

  return ids;
}

/** Fills an empty database with the deterministic demo catalogue; the caller checks emptiness. */
export async function seedDemoCatalogue(db: DbOrTx, options: SeedOptions = {}): Promise<SeedSummary> {
  const catalogue = generateCatalogue(options);
  const { now } = catalogue;
  const pdfs: Buffer[] = [];
  for (const document of catalogue.documents) pdfs.push(await renderDocument(document, now));
  const flashSaleIndexes = new Set(catalogue.flashSales.map((sale) => sale.productIndex));

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
    const flashSaleProductIds = new Map<number, number>();
    for (const chunk of productChunks(catalogue)) {
      const ids = await insertProductChunk(tx, chunk, lookups, now);
      for (const p of chunk) if (flashSaleIndexes.has(p.index)) flashSaleProductIds.set(p.index, ids.get(p.modelNumber)!);
    }

    if (catalogue.flashSales.length) {
      await tx.insert(flashSales).values(catalogue.flashSales.map(({ productIndex, ...sale }) => ({
        productId: flashSaleProductIds.get(productIndex)!, ...sale,
      })));
    }
    await seedDemoLots(tx, now);

    return {
      categories: categoryRows.length,
      products: catalogue.productCount,
      documents: documentRows.length,
      flashSales: catalogue.flashSales.length,
    };
  });
}
