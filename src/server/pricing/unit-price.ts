import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { PriceRuleKind } from '#contracts/organisations';
import type { Db } from '../db/client.ts';
import { flashSales, products } from '../db/schema/catalog.ts';
import { organisationPrices, organisations } from '../db/schema/organisations.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';

/**
 * The one place a unit price is decided, for a buyer, a product and a quantity on one line:
 *
 * 1. the list price (products.price_cents);
 * 2. the product's best volume tier: the tier with the highest min_quantity not above the quantity;
 * 3. the buyer's organisation price list, only while the organisation is verified: a line for the product beats
 *    one for its category, which beats one for everything; a percentage comes off the list price, a fixed price
 *    replaces it;
 * 4. the product's flash sale running now (starts_at <= now < ends_at), only while its allocation still holds the
 *    whole line's quantity (`units` null: while stock lasts).
 *
 * The buyer pays the lowest of these: discounts never stack, the best one wins (a tie keeps the earlier, so a sale
 * only claims units when it is strictly cheaper).
 */

export type PriceSource = 'list' | 'tier' | 'price_list' | 'flash_sale';

export interface UnitPrice {
  unitPriceCents: number;
  listPriceCents: number;
  source: PriceSource;
  /** The sale that sets the price when the source is 'flash_sale'; null otherwise. */
  flashSaleId: number | null;
}

/** A sale running now for a product; `remaining` is null for a sale without an allocation. */
export interface RunningSale {
  id: number;
  salePriceCents: number;
  remaining: number | null;
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

/** The rule above for one line; `tiers` are the product's own, in any order; `sale` the one running now, if any. */
export function unitPriceFor(
  product: PricedProduct, quantity: number, tiers: TierRow[], rules: PriceListRow[], sale: RunningSale | null = null,
): UnitPrice {
  let best: UnitPrice = { unitPriceCents: product.priceCents, listPriceCents: product.priceCents, source: 'list', flashSaleId: null };
  const tier = tiers.filter((t) => t.minQuantity <= quantity).sort((a, b) => b.minQuantity - a.minQuantity)[0];
  if (tier && tier.unitPriceCents < best.unitPriceCents) best = { ...best, unitPriceCents: tier.unitPriceCents, source: 'tier' };
  const listed = priceListPrice(product, rules);
  if (listed !== null && listed < best.unitPriceCents) best = { ...best, unitPriceCents: listed, source: 'price_list' };
  const saleHolds = sale !== null && (sale.remaining === null || sale.remaining >= quantity);
  if (saleHolds && sale.salePriceCents < best.unitPriceCents) {
    best = { ...best, unitPriceCents: sale.salePriceCents, source: 'flash_sale', flashSaleId: sale.id };
  }
  return best;
}

/** The sale running now for each of these products (the cheapest, should windows ever overlap). */
export async function runningSales(db: Db, productIds: number[], now = new Date()): Promise<Map<number, RunningSale>> {
  const byProduct = new Map<number, RunningSale>();
  if (productIds.length === 0) return byProduct;
  const rows = await db.select().from(flashSales)
    .where(and(inArray(flashSales.productId, productIds), lte(flashSales.startsAt, now), gt(flashSales.endsAt, now)))
    .orderBy(asc(flashSales.salePriceCents), asc(flashSales.id));
  for (const row of rows) {
    if (byProduct.has(row.productId)) continue;
    const remaining = row.units === null ? null : row.units - row.claimedUnits;
    byProduct.set(row.productId, { id: row.id, salePriceCents: row.salePriceCents, remaining });
  }
  return byProduct;
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
  db: Db, userId: string | null, lines: { productId: number; quantity: number }[], now = new Date(),
): Promise<Map<number, UnitPrice>> {
  const prices = new Map<number, UnitPrice>();
  if (lines.length === 0) return prices;
  const ids = lines.map((line) => line.productId);
  const [rows, tiers, rules, sales] = await Promise.all([
    db.select({ id: products.id, categoryId: products.categoryId, priceCents: products.priceCents }).from(products)
      .where(inArray(products.id, ids)),
    tiersByProduct(db, ids),
    priceListRows(db, userId),
    runningSales(db, ids, now),
  ]);
  const quantities = new Map(lines.map((line) => [line.productId, line.quantity]));
  for (const row of rows) {
    prices.set(row.id, unitPriceFor(row, quantities.get(row.id)!, tiers.get(row.id) ?? [], rules, sales.get(row.id) ?? null));
  }
  return prices;
}

/** The lines with `unitPriceCents` (and the sale that sets it, if any) from unitPrices(). */
export async function withUnitPrices<L extends { productId: number; quantity: number; unitPriceCents: number }>(
  db: Db, userId: string | null, lines: L[], now = new Date(),
): Promise<(L & { flashSaleId: number | null })[]> {
  const prices = await unitPrices(db, userId, lines, now);
  return lines.map((line) => {
    const price = prices.get(line.productId);
    return { ...line, unitPriceCents: price?.unitPriceCents ?? line.unitPriceCents, flashSaleId: price?.flashSaleId ?? null };
  });
}
