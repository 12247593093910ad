import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { gtinCheckDigit } from '#contracts/gs1';
import type { DbOrTx } from '../db/client.ts';
import { categories, productImages, products, productVariants } from '../db/schema/catalog.ts';
import { setComponents } from '../db/schema/instrument-sets.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { variantRegulatory } from '../db/schema/regulatory.ts';

/** The demo set's catalogue number, and the GS1 company prefix its UDI-DI is made with. */
export const DEMO_SET_MODEL_NUMBER = 'SS-SET-LAP-01';
const DEMO_SET_GTIN = (() => {
  const first13 = '0890123450001';
  return `${first13}${gtinCheckDigit(first13)}`;
})();

/**
 * The demo catalogue's instrument set, deterministic (private-label minimums and the instruments' regulatory data come
 * with the catalogue itself: demo-catalogue.ts, demo-regulatory.ts):
 * - "Basic Laparotomy Set": the first active variant of the first five general-surgery products of distinct types
 *   (the first two standard, two of the second; the third optional; the fourth an extra; the fifth an alternative to
 *   the second) in the first sterilization tray (its container);
 */
export async function seedDemoSets(db: DbOrTx, now: Date): Promise<void> {

  /** Each active product's first variant where `condition` holds, oldest product first. */
  const firstVariants = (condition: SQL | undefined) => db.select({
    variantId: productVariants.id, type: products.instrumentType, brand: products.brand, priceCents: productVariants.priceCents,
    categoryId: products.categoryId,
  }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(productVariants.isActive, true), eq(products.status, 'active'), eq(productVariants.position, 0), condition))
    .orderBy(asc(products.id));
  // General-surgery instruments first; in a small catalogue, others make up the five.
  const candidates = [...await firstVariants(eq(categories.slug, 'general-surgery')), ...await firstVariants(undefined)];
  const parts = candidates.filter((row, i) => candidates.findIndex((other) => other.type === row.type) === i).slice(0, 5);
  const [tray] = await firstVariants(or(ilike(products.instrumentType, '%tray%'), eq(categories.slug, 'sterilization'))).limit(1);
  if (parts.length < 5) return;

  const standardCents = parts[0].priceCents + 2 * parts[1].priceCents + parts[2].priceCents + (tray?.priceCents ?? 0);
  const [set] = await db.insert(products).values({
    slug: 'basic-laparotomy-set',
    name: 'Basic Laparotomy Set',
    shortDescription: 'A standard laparotomy set in a perforated sterilization tray.',
    description: '<p>The instruments of a basic laparotomy in one tray. Hospitals may leave out the optional instruments, add the extras, or take the alternatives.</p>',
    brand: parts[0].brand,
    categoryId: parts[0].categoryId,
    instrumentType: 'Instrument Set',
    status: 'active',
    createdAt: now,
  }).returning({ id: products.id });
  const [variant] = await db.insert(productVariants).values({
    productId: set.id, position: 0, options: {}, modelNumber: DEMO_SET_MODEL_NUMBER, gtin: DEMO_SET_GTIN,
    priceCents: Math.round(standardCents * 0.9), createdAt: now,
  }).returning({ id: productVariants.id });
  const [photo] = await db.select({ url: productImages.url }).from(productImages).innerJoin(productVariants, eq(productVariants.productId, productImages.productId))
    .where(eq(productVariants.id, (tray ?? parts[0]).variantId)).orderBy(asc(productImages.position)).limit(1);
  if (photo) await db.insert(productImages).values({ productId: set.id, url: photo.url, alt: 'Basic Laparotomy Set', position: 0 });
  await db.insert(inventoryItems).values({ variantId: variant.id, currentStock: 0, reservedStock: 0, initialStock: 0, lowStockThreshold: 2 });
  await db.insert(setComponents).values([
    { setVariantId: variant.id, componentVariantId: parts[0].variantId, quantity: 1, role: 'standard', position: 0 },
    { setVariantId: variant.id, componentVariantId: parts[1].variantId, quantity: 2, role: 'standard', position: 1 },
    { setVariantId: variant.id, componentVariantId: parts[2].variantId, quantity: 1, role: 'optional', position: 2 },
    { setVariantId: variant.id, componentVariantId: parts[3].variantId, quantity: 1, role: 'extra', position: 3 },
    { setVariantId: variant.id, componentVariantId: parts[4].variantId, quantity: 2, role: 'alternative', replacesVariantId: parts[1].variantId, position: 4 },
    ...(tray && !parts.some((part) => part.variantId === tray.variantId)
      ? [{ setVariantId: variant.id, componentVariantId: tray.variantId, quantity: 1, role: 'standard' as const, isContainer: true, position: 5 }] : []),
  ]);
  await db.insert(variantRegulatory).values({ variantId: variant.id, sterility: 'sterilise_before_use', use: 'reusable', updatedAt: now });
  // The set's stock row is kept by the database from its components; in a transaction it follows at commit.
  await db.execute(sql`select refresh_set_stock(${sql.param([variant.id])}::int[])`);
}
