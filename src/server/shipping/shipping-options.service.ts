import { type ShippingDestination, type ShippingOptions } from '#contracts/shipping';
import { centsToDecimal, usdCentsToPkrMinor } from '#contracts/money';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { shippingMethods } from '../db/schema/shipping.ts';
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

/** A method's cash-on-delivery fee and limit, as checkout shows them. */
const codTerms = (method: { codFeeCents: number; codLimitCents: number | null }, rate: string) => ({
  cod_fee: centsToDecimal(method.codFeeCents),
  cod_fee_pkr: centsToDecimal(usdCentsToPkrMinor(method.codFeeCents, rate)),
  cod_limit: method.codLimitCents === null ? null : centsToDecimal(method.codLimitCents),
});

/** The shipping methods for the buyer's cart to the destination, priced in USD and PKR. */
export async function shippingOptionsFor(deps: ShippingDeps, userId: string, destination: ShippingDestination): Promise<ShippingOptions> {
  const { db } = deps;
  const consignment = await consignmentOf(db, await cartLines(db, await ensureCart(db, userId)));
  const quote = shippingQuote(await shippingZoneRates(db), destination, consignment, deps.taxBasisPoints);
  const cod = quote.options.length === 0 ? [] : await db.select({ id: shippingMethods.id, codFeeCents: shippingMethods.codFeeCents, codLimitCents: shippingMethods.codLimitCents })
    .from(shippingMethods).where(inArray(shippingMethods.id, quote.options.map((option) => option.methodId)));
  const methods = new Map(cod.map((method) => [method.id, method]));
  const rate = await usdToPkrRate(db);
  return {
    options: quote.options.map((option) => ({
      id: option.methodId, name: option.name, carrier: option.carrier,
      price: centsToDecimal(option.priceCents), price_pkr: centsToDecimal(usdCentsToPkrMinor(option.priceCents, rate.stored)),
      days_min: option.daysMin, days_max: option.daysMax, cod: option.cod,
      ...codTerms(methods.get(option.methodId)!, rate.stored),
    })),
    zone: quote.zone && { id: quote.zone.id, name: quote.zone.name, tax_rate: centsToDecimal(quote.zone.taxBasisPoints) },
    message: quote.options.length === 0 ? noShippingMessage(quote, destination.country) : null,
  };
}
