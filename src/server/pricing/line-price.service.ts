import { and, eq } from 'drizzle-orm';
import type { LinePrice } from '#contracts/pricing';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import { resolveVariant } from '../catalog/variants.ts';
import { notFound } from '../lib/errors.ts';
import { unitPrices } from './unit-price.ts';

/** A line's price before it is added: the same unitPrices() the cart prices it with. */
export async function previewLinePrice(
  db: Db, userId: string | null, query: { product_id: number; variant_id?: number; quantity: number },
): Promise<LinePrice> {
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, query.product_id), eq(products.isActive, true)));
  const variant = product ? await resolveVariant(db, product.id, query.variant_id) : null;
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
