import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PriceRuleKind } from '#contracts/organisations';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import { organisationPrices, organisations } from '../db/schema/organisations.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';

/**
 * The one place a unit price is decided, for a buyer, a product and a quantity on one line:
 *
 * 1. the list price (products.price_cents);
 * 2. the product's best volume tier: the tier with the highest min_quantity not above the quantity;
 * 3. the buyer's organisation price list, only while the organisation is verified: a line for the product beats
 *    one for its category, which beats one for everything; a percentage comes off the list price, a fixed price
 *    replaces it.
 *
 * The buyer pays the lowest of these: discounts never stack, the best one wins.
 */

export type PriceSource = 'list' | 'tier' | 'price_list';

export interface UnitPrice {
  unitPriceCents: number;
  listPriceCents: number;
  source: PriceSource;
}

export interface TierRow {
  minQuantity: number;
  unitPriceCents: number;
}

export interface PriceListRow {
  categoryId: number | null;
  productId: number | null;
  kind: PriceRuleKind;
  /** Basis points off for percent, cents for fixed. */
  value: number;
}

export interface PricedProduct {
  id: number;
  categoryId: number;
  priceCents: number;
}

/** Half-up rounding of a percentage (basis points) off a price. */
export const percentOff = (cents: number, basisPoints: number) => cents - Math.floor((cents * basisPoints * 2 + 10_000) / 20_000);

function priceListPrice(product: PricedProduct, rules: PriceListRow[]): number | null {
  const rule = rules.find((r) => r.productId === product.id)
    ?? rules.find((r) => r.categoryId === product.categoryId)
    ?? rules.find((r) => r.productId === null && r.categoryId === null);
  if (!rule) return null;
  return rule.kind === 'fixed' ? rule.value : percentOff(product.priceCents, rule.value);
}

/** The rule above for one line; `tiers` are the product's own, in any order. */
export function unitPriceFor(product: PricedProduct, quantity: number, tiers: TierRow[], rules: PriceListRow[]): UnitPrice {
  let best: UnitPrice = { unitPriceCents: product.priceCents, listPriceCents: product.priceCents, source: 'list' };
  const tier = tiers.filter((t) => t.minQuantity <= quantity).sort((a, b) => b.minQuantity - a.minQuantity)[0];
  if (tier && tier.unitPriceCents < best.unitPriceCents) best = { ...best, unitPriceCents: tier.unitPriceCents, source: 'tier' };
  const listed = priceListPrice(product, rules);
  if (listed !== null && listed < best.unitPriceCents) best = { ...best, unitPriceCents: listed, source: 'price_list' };
  return best;
}

/** The price list of the user's organisation while it is verified; empty for everyone else. */
export async function priceListRows(db: Db, userId: string | null): Promise<PriceListRow[]> {
  if (!userId) return [];
  return db.select({
    categoryId: organisationPrices.categoryId,
    productId: organisationPrices.productId,
    kind: organisationPrices.kind,
    value: organisationPrices.value,
  }).from(organisationPrices)
    .innerJoin(organisations, eq(organisations.id, organisationPrices.organisationId))
    .where(and(eq(organisations.userId, userId), eq(organisations.status, 'verified')));
}

export async function tiersByProduct(db: Db, productIds: number[]): Promise<Map<number, TierRow[]>> {
  const byProduct = new Map<number, TierRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db.select().from(priceTiers).where(inArray(priceTiers.productId, productIds))
    .orderBy(asc(priceTiers.productId), asc(priceTiers.minQuantity));
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

/** Unit prices for these lines (one line per product), keyed by product id; unknown products are left out. */
export async function unitPrices(
  db: Db, userId: string | null, lines: { productId: number; quantity: number }[],
): Promise<Map<number, UnitPrice>> {
  const prices = new Map<number, UnitPrice>();
  if (lines.length === 0) return prices;
  const ids = lines.map((line) => line.productId);
  const [rows, tiers, rules] = await Promise.all([
    db.select({ id: products.id, categoryId: products.categoryId, priceCents: products.priceCents }).from(products)
      .where(inArray(products.id, ids)),
    tiersByProduct(db, ids),
    priceListRows(db, userId),
  ]);
  const quantities = new Map(lines.map((line) => [line.productId, line.quantity]));
  for (const row of rows) prices.set(row.id, unitPriceFor(row, quantities.get(row.id)!, tiers.get(row.id) ?? [], rules));
  return prices;
}

/** The lines with `unitPriceCents` set by unitPrices(). */
export async function withUnitPrices<L extends { productId: number; quantity: number; unitPriceCents: number }>(
  db: Db, userId: string | null, lines: L[],
): Promise<L[]> {
  const prices = await unitPrices(db, userId, lines);
  return lines.map((line) => ({ ...line, unitPriceCents: prices.get(line.productId)?.unitPriceCents ?? line.unitPriceCents }));
}
