import { centsToNumber, dollarsToCents } from '#contracts/money';
import type { ProductVariant } from './product-variant.ts';
import type { Random } from './random.ts';

/** Rounds to a shop-style price ending in .99 (coarser steps for dearer items). */
export function retailCents(usd: number): number {
  const step = usd < 100 ? 1 : usd < 1000 ? 5 : 50;
  return dollarsToCents(Math.max(1, Math.round(usd / step)) * step) - 1;
}

/** Larger sizes, premium brands and tungsten carbide sit higher in the type's price range. */
export function listPriceCents(variant: ProductVariant, sizeIndex: number, random: Random): number {
  const { type } = variant;
  const [min, max] = type.price;
  const sizeShare = type.sizes.length > 1 ? sizeIndex / (type.sizes.length - 1) : 0.5;
  const position = 0.15 + 0.45 * sizeShare + variant.brand.priceTier + (variant.tc ? 0.25 : 0) + random.between(-0.12, 0.12);
  return retailCents(min + Math.min(1, Math.max(0, position)) * (max - min));
}

/** About a quarter of products show a struck-through price 10–35% above the selling price. */
export function originalPriceCents(priceCents: number, random: Random): number | null {
  if (!random.chance(0.25)) return null;
  return Math.max(priceCents + 100, retailCents(centsToNumber(priceCents) * random.between(1.1, 1.35)));
}
