import { asc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDecimal, usdCentsToPkrMinor } from '#contracts/money';
import type { Quote, QuoteStatus, QuoteTotals } from '#contracts/quotes';
import { mainImage } from '../catalog/product-list-item.ts';
import { cartTotals, subtotalCents } from '../pricing/cart-totals.ts';
import { chooseShipping, PAKISTAN_STANDARD } from '../shipping/checkout-shipping.ts';
import { consignmentWeightGrams, type ShippingZoneRates } from '../shipping/shipping-quote.ts';
import type { UsdPkrRate } from '../pricing/exchange-rates.ts';
import type { Db } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { variantLabels } from '../catalog/variants.ts';
import { orders } from '../db/schema/orders.ts';
import { quoteLines } from '../db/schema/quotes.ts';
import { users } from '../db/schema/users.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { effectiveStatus, type QuoteRow } from './quote-status.ts';
import { inStock, isShort, sellableNow } from './quote-stock.ts';

export interface QuoteViewOptions {
  /** Staff see the buyer and the prices they are still working on. */
  audience: 'buyer' | 'staff';
  taxBasisPoints: number;
  /** The shipping zones and methods, to price delivery to the quote's city. */
  zones: ShippingZoneRates[];
  rate: UsdPkrRate;
  now: Date;
}

type QuotedLine = { unitPriceCents: number | null; quantity: number; weightGrams: number | null };

const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;
/** Quotes still to be decided, whose stock matters. */
const OPEN: readonly QuoteStatus[] = ['requested', 'priced', 'sent'];

/**
 * Totals at the quoted prices, exactly as checkout totals a cart without a promo code delivered to the quote's city
 * in Pakistan by the standard method; null while a line is unpriced.
 */
export function quotedTotals(lines: QuotedLine[], city: string, options: QuoteViewOptions): QuoteTotals | null {
  if (lines.some((line) => line.unitPriceCents === null)) return null;
  const priced = lines.map((line) => ({ unitPriceCents: line.unitPriceCents!, quantity: line.quantity }));
  const consignment = { weightGrams: consignmentWeightGrams(lines), subtotalCents: subtotalCents(priced) };
  const totals = cartTotals(priced, null,
    chooseShipping(options.zones, { ...PAKISTAN_STANDARD, city }, consignment, options.taxBasisPoints, 'delivery_city'));
  return {
    subtotal: centsToDecimal(totals.subtotalCents),
    tax_amount: centsToDecimal(totals.taxCents),
    shipping_amount: centsToDecimal(totals.shippingCents),
    grand_total: centsToDecimal(totals.grandTotalCents),
    exchange_rate: options.rate.display,
    grand_total_pkr: centsToDecimal(usdCentsToPkrMinor(totals.grandTotalCents, options.rate.stored)),
  };
}

/** The contract's quote for these rows, in the same order. */
export async function quoteViews(db: Db, rows: QuoteRow[], options: QuoteViewOptions): Promise<Quote[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, buyers, orderNumbers] = await Promise.all([
    db.select({
      line: quoteLines, productId: products.id, slug: products.slug, name: products.name, modelNumber: productVariants.modelNumber,
      listPriceCents: productVariants.priceCents, image: sql<string | null>`coalesce(${productVariants.image}, ${mainImage})`,
      available: sellableNow, weightGrams: productVariants.weightGrams,
    }).from(quoteLines).innerJoin(productVariants, eq(productVariants.id, quoteLines.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
      .where(inArray(quoteLines.quoteId, ids)).orderBy(asc(quoteLines.id)),
    options.audience === 'staff'
      ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, hospitalName: users.hospitalName })
        .from(users).where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]))
      : Promise.resolve([]),
    db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders)
      .where(inArray(orders.id, rows.flatMap((row) => (row.status === 'accepted' && row.orderId ? [row.orderId] : [])))),
  ]);
  const labels = await variantLabels(db, lines.map(({ line }) => line.variantId));
  return rows.map((row) => {
    // The buyer sees prices once they were sent, never staff's unsent drafts.
    const showPrices = options.audience === 'staff' || row.sentAt !== null;
    const own = lines.filter(({ line }) => line.quoteId === row.id);
    const buyer = buyers.find((user) => user.id === row.userId);
    const order = orderNumbers.find((o) => o.id === row.orderId);
    const status = effectiveStatus(row, options.now);
    const stocked = own.map(({ line, available, weightGrams }) => ({
      unitPriceCents: line.unitPriceCents, quantity: line.quantity, weightGrams, available: Number(available),
    }));
    const partial = OPEN.includes(status) && stocked.some(isShort) ? inStock(stocked) : [];
    return {
      id: row.id,
      number: row.number,
      status,
      delivery_city: row.deliveryCity,
      notes: row.notes,
      staff_note: showPrices ? row.staffNote : '',
      valid_until: showPrices ? row.validUntil : null,
      lines: own.map(({ line, productId, slug, name, modelNumber, listPriceCents, image, available }) => {
        const unit = showPrices ? line.unitPriceCents : null;
        return {
          id: line.id,
          product_id: productId,
          variant_id: line.variantId,
          variant_label: labels.get(line.variantId) ?? '',
          product_slug: slug,
          product_name: name,
          model_number: modelNumber,
          product_image: image ?? '',
          quantity: line.quantity,
          available: Number(available),
          list_price: centsToDecimal(listPriceCents),
          unit_price: unit === null ? null : centsToDecimal(unit),
          line_total: unit === null ? null : centsToDecimal(unit * line.quantity),
        };
      }),
      totals: showPrices ? quotedTotals(stocked, row.deliveryCity, options) : null,
      available_totals: showPrices && partial.length > 0 ? quotedTotals(partial, row.deliveryCity, options) : null,
      order: order ? { id: order.id, order_number: order.orderNumber } : null,
      decision_reason: row.decisionReason,
      buyer: buyer ? { name: `${buyer.firstName} ${buyer.lastName}`, email: buyer.email, hospital_name: buyer.hospitalName } : null,
      created_at: row.createdAt.toISOString(),
      sent_at: isoOrNull(row.sentAt),
      decided_at: isoOrNull(row.decidedAt),
    };
  });
}
