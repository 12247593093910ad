import { MAX_LINE_QUANTITY } from '#contracts/cart';
import { centsToDecimal } from '#contracts/money';
import type { VolumePrice } from '#contracts/pricing';
import type { Db } from '../db/client.ts';
import { pricingInputs, type UnitPrice } from './unit-price.ts';

/** A line's price at `quantity`, split when a sale prices only some of its units (0 < saleQuantity < quantity). */
const isSplit = (price: UnitPrice, quantity: number) => price.saleQuantity > 0 && price.saleQuantity < quantity;

/**
 * The quantity bands of the product page's volume table, each priced by unitPriceFor() at its first quantity: a band
 * starts at 1, at each tier and just past the units a running sale has left, and bands that read the same are one.
 * Within a band every quantity costs the same per unit, or splits the same way ("9 at $29.99, the rest at $44.64").
 */
export function volumePriceRows(boundaries: number[], priceAt: (quantity: number) => UnitPrice): VolumePrice[] {
  const starts = [...new Set([1, ...boundaries])].filter((q) => q >= 1 && q <= MAX_LINE_QUANTITY).sort((a, b) => a - b);
  const rows: (VolumePrice & { key: string })[] = [];
  for (const start of starts) {
    const price = priceAt(start);
    const split = isSplit(price, start);
    const key = split ? `${price.unitPriceCents}:${price.saleQuantity}:${price.salePriceCents}` : `${price.unitPriceCents}`;
    const last = rows.at(-1);
    if (last?.key === key) continue;
    if (last) last.max_quantity = start - 1;
    rows.push({
      key,
      min_quantity: start,
      max_quantity: null,
      unit_price: centsToDecimal(price.unitPriceCents),
      sale_quantity: split ? price.saleQuantity : 0,
      sale_price: split ? centsToDecimal(price.salePriceCents!) : null,
      save_percent: null,
    });
  }
  const base = Number(rows[0]?.unit_price);
  return rows.map(({ key: _key, ...row }) => ({
    ...row,
    save_percent: row.sale_quantity === 0 && Number(row.unit_price) < base ? Math.round((1 - Number(row.unit_price) / base) * 100) : null,
  }));
}

/** The volume table of each variant for this buyer now (their price list, a running sale), by variant id. */
export async function volumePrices(db: Db, userId: string | null, variantIds: number[], now = new Date()): Promise<Map<number, VolumePrice[]>> {
  const table = new Map<number, VolumePrice[]>();
  if (variantIds.length === 0) return table;
  const { variants, priceOf, boundariesOf } = await pricingInputs(db, userId, variantIds, now);
  for (const variant of variants) table.set(variant.id, volumePriceRows(boundariesOf(variant.id), (quantity) => priceOf(variant, quantity)));
  return table;
}
