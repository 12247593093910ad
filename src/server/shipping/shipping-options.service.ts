import { asc, inArray } from 'drizzle-orm';
import { countryName, type ShippingDestination, type ShippingOptions } from '#contracts/shipping';
import { centsToDecimal, usdCentsToPkrMinor } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { shippingMethods, shippingZones } from '../db/schema/shipping.ts';
import { cartLines, ensureCart } from '../cart/cart.service.ts';
import { cartTotals } from '../pricing/cart-totals.ts';
import { usdToPkrRate } from '../pricing/exchange-rates.ts';
import { consignmentWeightGrams, shippingQuote, type ShippingZoneRates } from './shipping-quote.ts';

export interface ShippingDeps {
  db: Db;
  /** TAX_RATE in basis points: the tax of a zone that has none of its own. */
  taxBasisPoints: number;
}

/** Every zone with its methods, in the order staff made them. */
export async function shippingZoneRates(db: Db): Promise<ShippingZoneRates[]> {
  const zones = await db.select().from(shippingZones).orderBy(asc(shippingZones.id));
  const methods = await db.select().from(shippingMethods).orderBy(asc(shippingMethods.position), asc(shippingMethods.id));
  return zones.map((zone) => ({ ...zone, methods: methods.filter((method) => method.zoneId === zone.id) }));
}

/** The shipping methods for the buyer's cart to the destination, priced in USD and PKR. */
export async function shippingOptionsFor(deps: ShippingDeps, userId: string, destination: ShippingDestination): Promise<ShippingOptions> {
  const { db } = deps;
  const lines = await cartLines(db, await ensureCart(db, userId));
  const weights = lines.length === 0 ? [] : await db.select({ id: productVariants.id, weightGrams: productVariants.weightGrams })
    .from(productVariants).where(inArray(productVariants.id, lines.map((line) => line.variantId)));
  const weightOf = new Map(weights.map((row) => [row.id, row.weightGrams]));
  const consignment = {
    weightGrams: consignmentWeightGrams(lines.map((line) => ({ weightGrams: weightOf.get(line.variantId) ?? null, quantity: line.quantity }))),
    subtotalCents: cartTotals(lines, null, 0).subtotalCents,
  };
  const quote = shippingQuote(await shippingZoneRates(db), destination, consignment, deps.taxBasisPoints);
  const rate = await usdToPkrRate(db);
  const country = countryName(destination.country) ?? destination.country;
  return {
    options: quote.options.map((option) => ({
      id: option.methodId, name: option.name, carrier: option.carrier,
      price: centsToDecimal(option.priceCents), price_pkr: centsToDecimal(usdCentsToPkrMinor(option.priceCents, rate.stored)),
      days_min: option.daysMin, days_max: option.daysMax, cod: option.cod,
    })),
    zone: quote.zone && { id: quote.zone.id, name: quote.zone.name, tax_rate: centsToDecimal(quote.zone.taxBasisPoints) },
    message: !quote.zone ? `We do not ship to ${country} yet. Please contact us for a quote.`
      : quote.options.length === 0 ? `This order is too heavy for our carriers to ${country}. Please contact us for a quote.` : null,
  };
}
