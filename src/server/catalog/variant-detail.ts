import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ProductOption, ProductVariant } from '#contracts/catalog';
import type { Db } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { stockLots } from '../db/schema/lots.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';
import { FEFO_ORDER, sellableLot, todayUtc } from '../lots/lot-ledger.ts';
import { optionsOf, variantLabel } from './variants.ts';
import { labelTranslations, optionForBuyers } from './option-translations.ts';
import { atUnitPrice, oneUnitVariantPrices } from '../pricing/customer-prices.ts';
import { volumePrices } from '../pricing/volume-prices.ts';
import { centsToDecimal } from '#contracts/money';
import type { VariantSet } from '#contracts/set-sales';
import { variantSets } from '../sets/set-detail.ts';
import { centsOrNull, wasCents } from '../pricing/was-price.ts';
import { regulatoryOfVariants } from '../regulatory/variant-regulatory.ts';

/** Expiry of the lot each variant's next order ships from (FEFO's next sellable lot with free units). */
async function nextLotExpiries(db: Db, variantIds: number[], now: Date): Promise<Map<number, string | null>> {
  const rows = await db.selectDistinctOn([stockLots.variantId], { variantId: stockLots.variantId, expiryDate: stockLots.expiryDate })
    .from(stockLots)
    .where(and(inArray(stockLots.variantId, variantIds), sql`${stockLots.currentStock} > ${stockLots.reservedStock}`, sellableLot(todayUtc(now))))
    .orderBy(asc(stockLots.variantId), ...FEFO_ORDER);
  return new Map(rows.map((row) => [row.variantId, row.expiryDate]));
}

/** A variant before variantsAtPrices() prices it for a viewer. */
export type UnpricedVariant = Omit<ProductVariant, 'volume_prices'>;

/**
 * The product's options and its active variants in order, each with its own stock, tiers, next-lot expiry and
 * regulatory data.
 */
export async function productVariantsOf(
  db: Db, { id: productId, slug }: { id: number; slug: string }, now = new Date(),
): Promise<{ options: ProductOption[]; variants: UnpricedVariant[] }> {
  const [stored, rows] = await Promise.all([
    optionsOf(db, productId),
    db.select({
      variant: productVariants,
      currentStock: sql<number>`coalesce(${inventoryItems.currentStock}, 0)`,
      reservedStock: sql<number>`coalesce(${inventoryItems.reservedStock}, 0)`,
      lowStockThreshold: sql<number>`coalesce(${inventoryItems.lowStockThreshold}, 0)`,
    }).from(productVariants)
      .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
      .where(and(eq(productVariants.productId, productId), eq(productVariants.isActive, true)))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
  ]);
  const ids = rows.map((row) => row.variant.id);
  const [tiers, expiries, regulatory, sets] = ids.length === 0
    ? [[], new Map<number, string | null>(), new Map(), new Map<number, VariantSet>()]
    : await Promise.all([
      db.select().from(priceTiers).where(inArray(priceTiers.variantId, ids)).orderBy(asc(priceTiers.minQuantity)),
      nextLotExpiries(db, ids, now),
      regulatoryOfVariants(db, slug, rows.map(({ variant }) => variant), now),
      variantSets(db, ids),
    ]);
  const options = stored.map(optionForBuyers);
  const order = options.map((option) => option.name);
  return {
    options,
    variants: rows.map(({ variant, currentStock, reservedStock, lowStockThreshold }) => {
      const available = Math.max(0, Number(currentStock) - Number(reservedStock));
      return {
        id: variant.id,
        model_number: variant.modelNumber,
        gtin: variant.gtin,
        options: variant.options,
        label: variantLabel(variant.options, order),
        label_translations: labelTranslations(variant.options, options),
        price: centsToDecimal(variant.priceCents),
        original_price: centsOrNull(wasCents(variant.priceCents, variant.priceCents, variant.originalPriceCents)),
        is_in_stock: available > 0,
        available_stock: available,
        low_stock_threshold: Number(lowStockThreshold),
        image: variant.image,
        price_tiers: tiers.filter((tier) => tier.variantId === variant.id)
          .map((tier) => ({ min_quantity: tier.minQuantity, unit_price: centsToDecimal(tier.unitPriceCents) })),
        next_lot_expiry: expiries.get(variant.id) ?? null,
        regulatory: regulatory.get(variant.id)?.regulatory ?? null,
        contents_sheet: regulatory.get(variant.id)?.contents_sheet ?? null,
        ...(sets.has(variant.id) ? { set: sets.get(variant.id) } : {}),
      };
    }),
  };
}

/**
 * The variants at what one unit costs this viewer now (pricing/unit-price.ts: a running flash sale for everyone, an
 * organisation's price list for its buyers), the list or higher "was" price struck out beside a lowered one, each
 * with its volume table for this viewer.
 */
export async function variantsAtPrices(db: Db, userId: string | null, variants: UnpricedVariant[]): Promise<ProductVariant[]> {
  const ids = variants.map((variant) => variant.id);
  const [prices, table] = await Promise.all([oneUnitVariantPrices(db, userId, ids), volumePrices(db, userId, ids)]);
  return variants.map((variant) => ({ ...atUnitPrice(variant, prices?.get(variant.id)), volume_prices: table.get(variant.id) ?? [] }));
}
