import type { Db } from '../db/client.ts';
import { categories, certifications, flashSales, productCertifications, productImages, products } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';

export interface FixtureProduct {
  name: string;
  category: string;
  brand?: string;
  priceCents: number;
  originalPriceCents?: number;
  stock?: number;
  reserved?: number;
  certifications?: string[];
  createdAt?: Date;
  rating?: number;
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
    instrumentType: 'test',
    brand: p.brand ?? 'Sialkot Surgical',
    modelNumber: `T-${1000 + i}`,
    priceCents: p.priceCents,
    originalPriceCents: p.originalPriceCents ?? null,
    averageRating: p.rating ?? 0,
    createdAt: p.createdAt ?? new Date(Date.UTC(2026, 0, 1 + i)),
  }))).returning();
  await db.insert(inventoryItems).values(rows.map((row, i) => ({
    productId: row.id,
    currentStock: items[i].stock ?? 10,
    reservedStock: items[i].reserved ?? 0,
    initialStock: items[i].stock ?? 10,
  })));
  await db.insert(productImages).values(rows.map((row) => ({ productId: row.id, url: `/media/test/${row.slug}.svg`, position: 0 })));
  const links = rows.flatMap((row, i) => (items[i].certifications ?? []).map((code, position) => ({
    productId: row.id, certificationId: certs.find((c) => c.code === code)!.id, position,
  })));
  if (links.length) await db.insert(productCertifications).values(links);
  return { categories: cats, products: rows };
}

export async function insertFlashSale(db: Db, productId: number, sale: { salePriceCents: number; totalStock: number; soldCount: number; startsAt: Date; endsAt: Date }) {
  const [row] = await db.insert(flashSales).values({ productId, ...sale }).returning();
  return row;
}
