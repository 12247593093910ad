import { percentOff } from '../pricing/unit-price.ts';

/** Every third demo product sells cheaper in bulk: 5% off from 10 units, 10% off from 50. */
export const DEMO_TIERS = [
  { minQuantity: 10, basisPointsOff: 500 },
  { minQuantity: 50, basisPointsOff: 1_000 },
] as const;

export function demoPriceTiers(products: { index: number; variantId: number; priceCents: number }[]) {
  return products
    .filter((p) => p.index % 3 === 0 && p.priceCents >= 100)
    .flatMap((p) => DEMO_TIERS.map((tier) => ({
      variantId: p.variantId, minQuantity: tier.minQuantity, unitPriceCents: percentOff(p.priceCents, tier.basisPointsOff),
    })));
}
