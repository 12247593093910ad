import type { LinePrice } from '#contracts/pricing';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { resolveOnSaleVariant } from '../catalog/variants.ts';
import { notFound } from '../lib/errors.ts';
import { unitPrices } from './unit-price.ts';

/** A line's price before it is added: the same unitPrices() the cart prices it with. */
export async function previewLinePrice(
  db: Db, userId: string | null, query: { product_id: number; variant_id?: number; quantity: number },
): Promise<LinePrice> {
  const variant = await resolveOnSaleVariant(db, query.product_id, query.variant_id);
  const price = variant && (await unitPrices(db, userId, [{ variantId: variant.id, quantity: query.quantity }])).get(variant.id);
  if (!price) throw notFound('Product not found.');
  return {
    quantity: query.quantity,
    unit_price: centsToDecimal(price.unitPriceCents),
    total_price: centsToDecimal(price.lineTotalCents),
    sale_quantity: price.saleQuantity,
    sale_price: price.salePriceCents === null ? null : centsToDecimal(price.salePriceCents),
  };
}
