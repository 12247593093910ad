import { and, eq, inArray } from 'drizzle-orm';
import type { SetComponentRole } from '#contracts/instrument-sets';
import type { Db } from '../db/client.ts';
import { productOptions, products, productVariants } from '../db/schema/catalog.ts';
import type { Language } from '../lib/texts.ts';
import { variantLabel } from '../catalog/variants.ts';
import { labelTranslations, optionForBuyers } from '../catalog/option-translations.ts';
import { setCompositions } from '../sets/set-composition.ts';

export interface SheetItem {
  name: string;
  /** The variant's options ('18 cm · Curved') in the sheet's language; '' for a product without options. */
  size: string;
  modelNumber: string;
  /** The UDI-DI on its label (GTIN); null when none is assigned. */
  gtin: string | null;
}

export interface SheetComponent extends SheetItem {
  quantity: number;
  role: SetComponentRole;
  /** For an alternative, the catalogue number of the component it may take the place of. */
  replaces: string | null;
  isContainer: boolean;
}

export interface ContentsSheet {
  set: SheetItem & { brand: string };
  components: SheetComponent[];
}

/** The variants' names and sizes in `language` (a size staff did not translate stays English), by variant id. */
async function itemsOf(db: Db, variantIds: number[], language: Language): Promise<Map<number, SheetItem & { brand: string }>> {
  const rows = await db.select({
    id: productVariants.id, productId: products.id, name: products.name, brand: products.brand,
    options: productVariants.options, modelNumber: productVariants.modelNumber, gtin: productVariants.gtin,
  }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, variantIds));
  const stored = await db.select().from(productOptions)
    .where(inArray(productOptions.productId, [...new Set(rows.map((row) => row.productId))]));
  return new Map(rows.map((row) => {
    const options = stored.filter((option) => option.productId === row.productId).sort((a, b) => a.position - b.position).map(optionForBuyers);
    const english = variantLabel(row.options, options.map((option) => option.name));
    const size = language === 'en' ? english : labelTranslations(row.options, options)[language] ?? english;
    return [row.id, { name: row.name, brand: row.brand, size, modelNumber: row.modelNumber, gtin: row.gtin }];
  }));
}

/**
 * The contents of set variant `variantId` of the product on sale under `slug`, components in the order staff listed
 * them; undefined when the product is not on sale, the variant is not one of its active ones, or it is not a set.
 */
export async function findContentsSheet(db: Db, slug: string, variantId: number, language: Language): Promise<ContentsSheet | undefined> {
  const [found] = await db.select({ id: productVariants.id }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.slug, slug), eq(products.isActive, true), eq(productVariants.id, variantId), eq(productVariants.isActive, true)));
  const rows = found && (await setCompositions(db, [variantId])).get(variantId);
  if (!rows) return undefined;
  const items = await itemsOf(db, [variantId, ...rows.map((row) => row.componentVariantId)], language);
  return {
    set: items.get(variantId)!,
    components: rows.map((row) => ({
      ...items.get(row.componentVariantId)!,
      quantity: row.quantity,
      role: row.role,
      replaces: row.replacesVariantId === null ? null : items.get(row.replacesVariantId)?.modelNumber ?? null,
      isContainer: row.isContainer,
    })),
  };
}
