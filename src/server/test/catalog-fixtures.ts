import type { Db } from '../db/client.ts';
import {
  categories, certifications, documents, flashSales, productCertifications, productDocuments, productFeatures, productImages,
  productOptions, productSpecifications, products, productVariants,
} from '../db/schema/catalog.ts';
import { inventoryItems, stockMovements } from '../db/schema/inventory.ts';
import { users } from '../db/schema/users.ts';

export interface FixtureProduct {
  name: string;
  category: string;
  brand?: string;
  /** Defaults to 'test'. */
  instrumentType?: string;
  priceCents: number;
  originalPriceCents?: number;
  stock?: number;
  reserved?: number;
  lowStockThreshold?: number;
  certifications?: string[];
  createdAt?: Date;
  rating?: number;
  /** Extra images after the main one. */
  extraImages?: number;
  features?: string[];
  specifications?: Record<string, string>;
  isActive?: boolean;
  /** Options and their values; the product then has one variant per entry of `variants` (one plain variant without). */
  options?: { name: string; values: string[] }[];
  variants?: FixtureVariant[];
}

export interface FixtureVariant {
  options: Record<string, string>;
  modelNumber?: string;
  gtin?: string;
  priceCents?: number;
  originalPriceCents?: number;
  stock?: number;
  reserved?: number;
  isActive?: boolean;
}

/** Inserts a small, hand-written catalogue for tests that need exact expectations. */
export async function insertCatalogue(db: Db, categorySlugs: string[], items: FixtureProduct[]) {
  const cats = await db.insert(categories)
    .values(categorySlugs.map((slug, i) => ({ slug, name: slug.replace(/-/g, ' '), sortOrder: i })))
    .returning();
  const codes = [...new Set(items.flatMap((p) => p.certifications ?? []))];
  const certs = codes.length ? await db.insert(certifications).values(codes.map((code) => ({ code, name: code }))).returning() : [];
  const rows = await db.insert(products).values(items.map((p, i) => ({
    slug: p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    name: p.name,
    categoryId: cats.find((c) => c.slug === p.category)!.id,
    instrumentType: p.instrumentType ?? 'test',
    brand: p.brand ?? 'Sialkot Surgical',
    averageRating: p.rating ?? 0,
    status: p.isActive === false ? 'archived' as const : 'active' as const,
    createdAt: p.createdAt ?? new Date(Date.UTC(2026, 0, 1 + i)),
  }))).returning({ id: products.id });
  const options = rows.flatMap((row, i) => (items[i].options ?? []).map((option, position) => ({ productId: row.id, position, ...option })));
  if (options.length) await db.insert(productOptions).values(options);
  const variantsOf = (p: FixtureProduct): FixtureVariant[] => p.variants ?? [{ options: {} }];
  const variants = await db.insert(productVariants).values(rows.flatMap((row, i) => variantsOf(items[i]).map((v, position) => ({
    productId: row.id,
    position,
    options: v.options,
    modelNumber: v.modelNumber ?? (position === 0 ? `T-${1000 + i}` : `T-${1000 + i}-${position + 1}`),
    gtin: v.gtin ?? null,
    priceCents: v.priceCents ?? items[i].priceCents,
    originalPriceCents: v.originalPriceCents ?? (position === 0 ? items[i].originalPriceCents ?? null : null),
    isActive: v.isActive ?? true,
  })))).returning();
  await db.insert(inventoryItems).values(rows.flatMap((row, i) => variantsOf(items[i]).map((v, position) => ({
    variantId: variants.find((variant) => variant.productId === row.id && variant.position === position)!.id,
    currentStock: v.stock ?? items[i].stock ?? 10,
    reservedStock: v.reserved ?? items[i].reserved ?? 0,
    initialStock: v.stock ?? items[i].stock ?? 10,
    lowStockThreshold: items[i].lowStockThreshold ?? 5,
  }))));
  // The products as the variants' trigger left them, each with its first variant's id (the only one of a plain product).
  const saved = await db.select().from(products).orderBy(products.id);
  const rowsWithVariants = rows.map((row) => ({
    ...saved.find((product) => product.id === row.id)!,
    variantId: variants.find((variant) => variant.productId === row.id && variant.position === 0)!.id,
    variants: variants.filter((variant) => variant.productId === row.id),
  }));
  await db.insert(productImages).values(rowsWithVariants.flatMap((row, i) => Array.from({ length: 1 + (items[i].extraImages ?? 0) }, (_, position) => ({
    productId: row.id, url: position === 0 ? `/media/test/${row.slug}.svg` : `/media/test/${row.slug}-${position + 1}.svg`,
    alt: `${row.name} ${position + 1}`, position,
  }))));
  const links = rowsWithVariants.flatMap((row, i) => (items[i].certifications ?? []).map((code, position) => ({
    productId: row.id, certificationId: certs.find((c) => c.code === code)!.id, position,
  })));
  if (links.length) await db.insert(productCertifications).values(links);
  const features = rowsWithVariants.flatMap((row, i) => (items[i].features ?? []).map((text, position) => ({ productId: row.id, text, position })));
  if (features.length) await db.insert(productFeatures).values(features);
  const specifications = rowsWithVariants.flatMap((row, i) => Object.entries(items[i].specifications ?? {})
    .map(([key, value], position) => ({ productId: row.id, key, value, position })));
  if (specifications.length) await db.insert(productSpecifications).values(specifications);
  return { categories: cats, products: rowsWithVariants };
}

/** A flash sale; `units` null (the default) offers the sale price while stock lasts. */
export async function insertFlashSale(db: Db, variantId: number, sale: {
  salePriceCents: number; units?: number | null; claimedUnits?: number; startsAt: Date; endsAt: Date;
}) {
  const [row] = await db.insert(flashSales).values({ variantId, ...sale }).returning();
  return row;
}

/** A document attached to the given products, in that order; by default the first version of its own series. */
export async function insertDocument(db: Db, document: {
  slug: string; name: string; content: Buffer; contentType?: string; kind?: 'ifu' | 'certificate';
  series?: string; version?: number; issuedOn?: string; expiresOn?: string;
}, productIds: number[]) {
  const [row] = await db.insert(documents).values({
    slug: document.slug,
    name: document.name,
    kind: document.kind ?? 'ifu',
    contentType: document.contentType ?? 'application/pdf',
    sizeBytes: document.content.length,
    content: document.content,
    series: document.series ?? document.slug,
    version: document.version ?? 1,
    issuedOn: document.issuedOn ?? null,
    expiresOn: document.expiresOn ?? null,
  }).returning();
  if (productIds.length) {
    await db.insert(productDocuments).values(productIds.map((productId) => ({ productId, documentId: row.id, position: 0 })));
  }
  return row;
}

export async function insertUser(db: Db, user: { email: string; firstName: string; lastName: string }) {
  const [row] = await db.insert(users).values({ ...user, passwordHash: 'not-a-hash' }).returning();
  return row;
}

/** A ledger movement such as a sale (negative quantity) by a customer. */
export async function insertMovement(db: Db, movement: {
  variantId: number; kind: 'sale' | 'reserve' | 'receive'; quantity: number; userId?: string; createdAt?: Date;
}) {
  await db.insert(stockMovements).values({ ...movement, createdAt: movement.createdAt ?? new Date() });
}
