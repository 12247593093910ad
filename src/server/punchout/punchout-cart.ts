import { inArray } from 'drizzle-orm';
import { lineName } from '../cart/line-name.ts';
import { ensureCart, priceCart, type CartDeps } from '../cart/cart.service.ts';
import { DELIVERY_BUSINESS_DAYS } from '../checkout/delivery-estimate.ts';
import { products } from '../db/schema/catalog.ts';

/** One line of the cart as it goes back to the procurement system, at the price the cart charges it. */
export interface ReturnedLine {
  variantId: number;
  catalogueNumber: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  unspsc: string;
  manufacturer: string;
  /** Business days until delivery while the line is in stock; null when the shop cannot say. */
  leadTimeDays: number | null;
  /** The price contract the unit price comes from; '' for none. */
  contractNumber: string;
}

export interface ReturnedCart {
  lines: ReturnedLine[];
  /** What the items come to (after any promo discount), the shipping and the tax: together the cart's grand total. */
  itemsCents: number;
  shippingCents: number;
  taxCents: number;
  grandTotalCents: number;
  shippingMethod: string;
}

/**
 * The buyer's cart priced as GET /api/cart/ prices it (priceCart), line by line. A line partly at a flash-sale price
 * goes back as two lines, one per unit price, so that quantity times unit price adds up to what the cart charges.
 */
export async function returnedCart(deps: CartDeps, userId: string): Promise<ReturnedCart> {
  const cartId = await ensureCart(deps.db, userId);
  const priced = await priceCart(deps, userId, cartId);
  const productIds = [...new Set(priced.lines.map((line) => line.productId))];
  const codes = new Map(productIds.length === 0 ? [] : (await deps.db.select({ id: products.id, unspsc: products.unspsc })
    .from(products).where(inArray(products.id, productIds))).map((row) => [row.id, row.unspsc]));
  const lines = priced.lines.flatMap((line) => {
    const common = {
      variantId: line.variantId, catalogueNumber: line.modelNumber, description: lineName(line.name, line.variantLabel),
      unspsc: codes.get(line.productId) ?? '', manufacturer: line.brand,
      leadTimeDays: line.available >= line.quantity ? DELIVERY_BUSINESS_DAYS : null,
    };
    const onSale = line.salePriceCents === null ? 0 : line.saleQuantity;
    return [
      ...(onSale > 0 ? [{ ...common, quantity: onSale, unitPriceCents: line.salePriceCents!, contractNumber: '' }] : []),
      ...(line.quantity - onSale > 0
        ? [{ ...common, quantity: line.quantity - onSale, unitPriceCents: line.unitPriceCents, contractNumber: line.contractNumber }] : []),
    ];
  });
  const { totals } = priced;
  return {
    lines,
    itemsCents: totals.subtotalCents - totals.discountCents,
    shippingCents: totals.shippingCents,
    taxCents: totals.taxCents,
    grandTotalCents: totals.grandTotalCents,
    shippingMethod: priced.shipping.method?.name ?? '',
  };
}
