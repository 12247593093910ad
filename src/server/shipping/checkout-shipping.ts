import { eq, inArray } from 'drizzle-orm';
import { countryName } from '#contracts/shipping';
import { message } from '#contracts/issues';
import type { DbOrTx } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { shippingMethods } from '../db/schema/shipping.ts';
import { badRequest } from '../lib/errors.ts';
import { subtotalCents, type Charges } from '../pricing/cart-totals.ts';
import type { PricedLine } from '../pricing/unit-price.ts';
import { shippingZoneRates } from './shipping-zone-rates.ts';
import {
  consignmentWeightGrams, shippingQuote, type Consignment, type Destination, type QuotedOption, type ShippingQuote, type ShippingZoneRates,
} from './shipping-quote.ts';

/** Where an order goes and how: the chosen method's id, or the zone's standard one (before the buyer chooses). */
export interface ShippingChoice extends Destination {
  methodId: number | 'standard';
}

/** A cart's destination before its buyer gives one: Pakistan, by the standard method (the spec's 75.00, free from 500.00). */
export const PAKISTAN_STANDARD: ShippingChoice = { country: 'PK', city: '', methodId: 'standard' };

export interface ChosenShipping extends Charges {
  country: string;
  /** Null when nothing ships (no zone, or too heavy) and the standard price was asked for. */
  method: QuotedOption | null;
  /** Why nothing ships, when method is null. */
  problem: string | null;
}

export const NOT_AN_OPTION = message('shipping_option_unavailable', 'This shipping option is not available for this address.');

/** Why an order cannot ship: the same words as the options' message. */
export function noShippingMessage(quote: ShippingQuote, country: string): string {
  const name = countryName(country) ?? country;
  return !quote.zone ? message('not_shipped_to', `We do not ship to ${name} yet. Please contact us for a quote.`, { country: name })
    : message('too_heavy_to_ship', `This order is too heavy for our carriers to ${name}. Please contact us for a quote.`, { country: name });
}

/** A line's weight and quantity, and what it costs; its variant's weight is looked up unless read with the line. */
export type ShippedLine = PricedLine & { variantId: number; weightGrams?: number | null };

/** The lines' consignment: their shipping weights (see consignmentWeightGrams) and their subtotal before any discount. */
export async function consignmentOf(db: DbOrTx, lines: readonly ShippedLine[]): Promise<Consignment> {
  const unread = lines.filter((line) => line.weightGrams === undefined).map((line) => line.variantId);
  const weights = unread.length === 0 ? [] : await db.select({ id: productVariants.id, weightGrams: productVariants.weightGrams })
    .from(productVariants).where(inArray(productVariants.id, unread));
  const weightOf = new Map(weights.map((row) => [row.id, row.weightGrams]));
  return {
    weightGrams: consignmentWeightGrams(lines.map((line) => ({ weightGrams: line.weightGrams ?? weightOf.get(line.variantId) ?? null, quantity: line.quantity }))),
    subtotalCents: subtotalCents(lines),
  };
}

/**
 * The shipping and tax of a consignment to the destination by the chosen method, priced exactly as the options are.
 * A method that is not one of the destination's options, or any where nothing ships there: 400 on `field` (the
 * standard choice then ships nothing, for the cart's answer).
 */
export function chooseShipping(
  zones: readonly ShippingZoneRates[], choice: ShippingChoice, consignment: Consignment, shopTaxBasisPoints: number, field: string,
): ChosenShipping {
  const quote = shippingQuote(zones, choice, consignment, shopTaxBasisPoints);
  const taxBasisPoints = quote.zone?.taxBasisPoints ?? shopTaxBasisPoints;
  if (choice.methodId === 'standard') {
    const problem = quote.standard ? null : noShippingMessage(quote, choice.country);
    return { country: choice.country, method: quote.standard, problem, taxBasisPoints, shippingCents: quote.standard?.priceCents ?? 0 };
  }
  const method = quote.options.find((option) => option.methodId === choice.methodId);
  if (!method) {
    const problem = quote.options.length === 0 ? noShippingMessage(quote, choice.country) : NOT_AN_OPTION;
    throw badRequest({ [field]: [problem] });
  }
  return { country: choice.country, method, problem: null, taxBasisPoints, shippingCents: method.priceCents };
}

/** chooseShipping for these lines, with the zones and weights read from the database. */
export async function shippingFor(
  db: DbOrTx, lines: readonly ShippedLine[], choice: ShippingChoice, shopTaxBasisPoints: number, field: string,
): Promise<ChosenShipping> {
  return chooseShipping(await shippingZoneRates(db), choice, await consignmentOf(db, lines), shopTaxBasisPoints, field);
}

/** What an order records of its shipping: the country and the method as sold (its id and its name then). */
export interface OrderShipping {
  country: string;
  methodId: number | null;
  methodName: string;
}

export const orderShipping = (shipping: ChosenShipping): OrderShipping =>
  ({ country: shipping.country, methodId: shipping.method?.methodId ?? null, methodName: shipping.method?.name ?? '' });

/** The shipping of order details kept from an earlier checkout (an approved request): their country and option. */
export async function keptOrderShipping(
  db: DbOrTx, details: { shippingAddress: { country: string }; shippingOptionId?: number | null },
): Promise<OrderShipping> {
  const methodId = details.shippingOptionId ?? null;
  const [method] = methodId === null ? [] : await db.select({ name: shippingMethods.name }).from(shippingMethods).where(eq(shippingMethods.id, methodId));
  return { country: details.shippingAddress.country ?? 'PK', methodId: method ? methodId : null, methodName: method?.name ?? '' };
}

/** The subtotal from which the Pakistan zone's standard method ships free; null when it never does. */
export async function standardFreeOverCents(db: DbOrTx): Promise<number | null> {
  const quote = shippingQuote(await shippingZoneRates(db), PAKISTAN_STANDARD, { weightGrams: 0, subtotalCents: 0 }, 0);
  return quote.standard?.freeOverCents ?? null;
}
