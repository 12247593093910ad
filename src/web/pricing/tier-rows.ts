import type { PriceTier } from '#contracts/pricing';

export interface TierRow {
  from: number;
  /** Null for the last, open-ended row. */
  to: number | null;
  /** USD. */
  unitPrice: number;
}

/**
 * The quantity bands a buyer sees: 1 up to the first tier at their own price, then each tier up to the next. A tier
 * costs what the server charges, the lower of the tier and the buyer's own price (an organisation price list).
 */
export function tierRows(price: string, tiers: PriceTier[]): TierRow[] {
  if (tiers.length === 0) return [];
  const own = Number(price);
  const sorted = [...tiers].sort((a, b) => a.min_quantity - b.min_quantity);
  return [
    { from: 1, to: sorted[0].min_quantity - 1, unitPrice: own },
    ...sorted.map((tier, i) => ({
      from: tier.min_quantity,
      to: sorted[i + 1] ? sorted[i + 1].min_quantity - 1 : null,
      unitPrice: Math.min(Number(tier.unit_price), own),
    })),
  ];
}
