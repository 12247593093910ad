import { type ShippingDestination, type ShippingOptions } from '#contracts/shipping';
import { centsToDecimal, usdCentsToPkrMinor } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { cartLines, ensureCart } from '../cart/cart.service.ts';
import { usdToPkrRate } from '../pricing/exchange-rates.ts';
import { consignmentOf, noShippingMessage } from './checkout-shipping.ts';
import { shippingQuote } from './shipping-quote.ts';
import { shippingZoneRates } from './shipping-zone-rates.ts';

export interface ShippingDeps {
  db: Db;
  /** TAX_RATE in basis points: the tax of a zone that has none of its own. */
  taxBasisPoints: number;
}

/** The shipping methods for the buyer's cart to the destination, priced in USD and PKR. */
export async function shippingOptionsFor(deps: ShippingDeps, userId: string, destination: ShippingDestination): Promise<ShippingOptions> {
  const { db } = deps;
  const consignment = await consignmentOf(db, await cartLines(db, await ensureCart(db, userId)));
  const quote = shippingQuote(await shippingZoneRates(db), destination, consignment, deps.taxBasisPoints);
  const rate = await usdToPkrRate(db);
  return {
    options: quote.options.map((option) => ({
      id: option.methodId, name: option.name, carrier: option.carrier,
      price: centsToDecimal(option.priceCents), price_pkr: centsToDecimal(usdCentsToPkrMinor(option.priceCents, rate.stored)),
      days_min: option.daysMin, days_max: option.daysMax, cod: option.cod,
    })),
    zone: quote.zone && { id: quote.zone.id, name: quote.zone.name, tax_rate: centsToDecimal(quote.zone.taxBasisPoints) },
    message: quote.options.length === 0 ? noShippingMessage(quote, destination.country) : null,
  };
}
