import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { PriceRuleKind } from '#contracts/organisations';
import { oneOf, prepared, type Db } from '../db/client.ts';
import { flashSales, products, productVariants } from '../db/schema/catalog.ts';
import { organisationPrices } from '../db/schema/organisations.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';
import { buyerPriceList } from './price-contract.ts';

/**
 * The one place a unit price is decided, for a buyer, a variant and a quantity on one line:
 *
 * 1. the list price (the variant's price_cents);
 * 2. the variant's best volume tier: the tier with the highest min_quantity not above the quantity;
 * 3. the buyer's organisation price list, only while the organisation is verified and its contract runs (see
 *    price-contract.ts): a line for the variant beats one for its product, which beats one for its category, which
 *    beats one for everything; a percentage comes off the list price, a fixed price replaces it;
 * 4. the variant's flash sale running now (starts_at <= now < ends_at), for as many units as its allocation still
 *    holds (`units` null: while stock lasts).
 *
 * The buyer pays the lowest of these: discounts never stack, the best one wins (a tie keeps the earlier, so a sale
 * only claims units when it is strictly cheaper). When the sale's allocation holds fewer units than the line, the line
 * is split: those units at the sale price, the rest at the best of 1–3 for the line's whole quantity. A volume tier is
 * earned by the quantity on the line, whatever some of its units cost: 10 units reach the 10+ tier even when 9 of them
 * are on sale, so "9 at $29.99, the rest at $44.64".
 */

export type PriceSource = 'list' | 'tier' | 'price_list' | 'flash_sale';

export interface UnitPrice {
  /** What each unit costs; on a split line, each unit beyond the sale's. */
  unitPriceCents: number;
  listPriceCents: number;
  /** Where unitPriceCents comes from. */
  source: PriceSource;
  /** The sale that prices some or all of the line's units; null when none does. */
  flashSaleId: number | null;
  /** Units of the line at the sale price: 0 without a sale, the whole quantity when its allocation holds the line. */
  saleQuantity: number;
  /** The sale price of those units; null when there are none. */
  salePriceCents: number | null;
  /** What the whole line costs (lineTotalCents). */
  lineTotalCents: number;
  /** The contract of the price list that prices the line ('' when the price list does not, or has no contract number). */
  contractNumber: string;
}

/** A line's units at a sale price, if any, and the others at the unit price. */
export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
  saleQuantity?: number;
  salePriceCents?: number | null;
}

/** The one sum of a line: its sale units at the sale price, the others at the unit price. */
export function lineTotalCents(line: PricedLine): number {
  const saleQuantity = line.saleQuantity ?? 0;
  if (saleQuantity === 0 || line.salePriceCents == null) return line.quantity * line.unitPriceCents;
  return saleQuantity * line.salePriceCents + (line.quantity - saleQuantity) * line.unitPriceCents;
}

/** A sale running now for a variant; `remaining` is null for a sale without an allocation. */
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
  variantId: number | null;
  kind: PriceRuleKind;
  /** Basis points off for percent, cents for fixed. */
  value: number;
  /** The contract the price list is agreed under; '' or left out when none. */
  contractNumber?: string;
}

/** A variant with what its price list lines are matched by. */
export interface PricedVariant {
  id: number;
  productId: number;
  categoryId: number;
  priceCents: number;
}

/** Half-up rounding of a percentage (basis points) off a price. */
export const percentOff = (cents: number, basisPoints: number) => cents - Math.floor((cents * basisPoints * 2 + 10_000) / 20_000);

function priceListPrice(variant: PricedVariant, rules: PriceListRow[]): { cents: number; contractNumber: string } | null {
  const rule = rules.find((r) => r.variantId === variant.id)
    ?? rules.find((r) => r.productId === variant.productId)
    ?? rules.find((r) => r.categoryId === variant.categoryId)
    ?? rules.find((r) => r.variantId === null && r.productId === null && r.categoryId === null);
  if (!rule) return null;
  return { cents: rule.kind === 'fixed' ? rule.value : percentOff(variant.priceCents, rule.value), contractNumber: rule.contractNumber ?? '' };
}

/** The rule above for one line; `tiers` are the variant's own, in any order; `sale` the one running now, if any. */
export function unitPriceFor(
  variant: PricedVariant, quantity: number, tiers: TierRow[], rules: PriceListRow[], sale: RunningSale | null = null,
): UnitPrice {
  let unitPriceCents = variant.priceCents;
  let source: PriceSource = 'list';
  const tier = tiers.filter((t) => t.minQuantity <= quantity).sort((a, b) => b.minQuantity - a.minQuantity)[0];
  if (tier && tier.unitPriceCents < unitPriceCents) [unitPriceCents, source] = [tier.unitPriceCents, 'tier'];
  const listed = priceListPrice(variant, rules);
  if (listed !== null && listed.cents < unitPriceCents) [unitPriceCents, source] = [listed.cents, 'price_list'];
  const price = (saleQuantity: number, salePriceCents: number | null) => ({
    unitPriceCents, listPriceCents: variant.priceCents, source, flashSaleId: null as number | null, saleQuantity, salePriceCents,
    lineTotalCents: lineTotalCents({ unitPriceCents, quantity, saleQuantity, salePriceCents }),
    // A sale pricing every unit of the line leaves nothing to the contract.
    contractNumber: source === 'price_list' ? listed!.contractNumber : '',
  });
  const saleUnits = sale === null ? 0 : Math.min(quantity, sale.remaining ?? quantity);
  if (sale === null || saleUnits <= 0 || sale.salePriceCents >= unitPriceCents) return price(0, null);
  if (saleUnits === quantity) [unitPriceCents, source] = [sale.salePriceCents, 'flash_sale'];
  return { ...price(saleUnits, sale.salePriceCents), flashSaleId: sale.id };
}

/** The sale running now for each of these variants (the cheapest, should windows ever overlap). */
export async function runningSales(db: Db, variantIds: number[], now = new Date()): Promise<Map<number, RunningSale>> {
  const byVariant = new Map<number, RunningSale>();
  if (variantIds.length === 0) return byVariant;
  const rows = await prepared(db.select().from(flashSales)
    .where(and(oneOf(flashSales.variantId, variantIds), lte(flashSales.startsAt, now), gt(flashSales.endsAt, now)))
    .orderBy(asc(flashSales.salePriceCents), asc(flashSales.id)), 'running_sales');
  for (const row of rows) {
    if (byVariant.has(row.variantId)) continue;
    const remaining = row.units === null ? null : row.units - row.claimedUnits;
    byVariant.set(row.variantId, { id: row.id, salePriceCents: row.salePriceCents, remaining });
  }
  return byVariant;
}

/** The price list this user pays at `now` (buyerPriceList), each line naming its contract; empty for everyone else. */
export async function priceListRows(db: Db, userId: string | null, now = new Date()): Promise<PriceListRow[]> {
  const list = await buyerPriceList(db, userId, now);
  if (!list?.hasPrices) return [];
  const rows = await db.select({
    categoryId: organisationPrices.categoryId,
    productId: organisationPrices.productId,
    variantId: organisationPrices.variantId,
    kind: organisationPrices.kind,
    value: organisationPrices.value,
  }).from(organisationPrices).where(eq(organisationPrices.organisationId, list.organisationId));
  return rows.map((row) => ({ ...row, contractNumber: list.contractNumber }));
}

export async function tiersByVariant(db: Db, variantIds: number[]): Promise<Map<number, TierRow[]>> {
  const byVariant = new Map<number, TierRow[]>();
  if (variantIds.length === 0) return byVariant;
  const rows = await prepared(db.select().from(priceTiers).where(oneOf(priceTiers.variantId, variantIds))
    .orderBy(asc(priceTiers.variantId), asc(priceTiers.minQuantity)), 'price_tiers');
  for (const row of rows) byVariant.set(row.variantId, [...(byVariant.get(row.variantId) ?? []), row]);
  return byVariant;
}

/**
 * Everything unitPriceFor() reads for these variants and this buyer now; unknown variants are left out. A caller that
 * has read the variants already (with their product's category and list price) passes them as `known`.
 */
export async function pricingInputs(db: Db, userId: string | null, variantIds: number[], now = new Date(), known?: PricedVariant[]) {
  const [variants, tiers, rules, sales] = await Promise.all([
    known ?? db.select({
      id: productVariants.id, productId: productVariants.productId, categoryId: products.categoryId, priceCents: productVariants.priceCents,
    }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.id, variantIds)),
    tiersByVariant(db, variantIds),
    priceListRows(db, userId, now),
    runningSales(db, variantIds, now),
  ]);
  return {
    variants,
    /** unitPriceFor() for one of the variants above. */
    priceOf: (variant: PricedVariant, quantity: number) =>
      unitPriceFor(variant, quantity, tiers.get(variant.id) ?? [], rules, sales.get(variant.id) ?? null),
    /** The quantities from which a variant's price may change: its tiers, and one past the units its sale has left. */
    boundariesOf: (variantId: number) => {
      const remaining = sales.get(variantId)?.remaining;
      return [...(tiers.get(variantId) ?? []).map((tier) => tier.minQuantity), ...(remaining ? [remaining + 1] : [])];
    },
  };
}

/** Unit prices for these lines (one line per variant), keyed by variant id; unknown variants are left out. */
export async function unitPrices(
  db: Db, userId: string | null, lines: { variantId: number; quantity: number }[], now = new Date(), known?: PricedVariant[],
): Promise<Map<number, UnitPrice>> {
  const prices = new Map<number, UnitPrice>();
  if (lines.length === 0) return prices;
  const { variants, priceOf } = await pricingInputs(db, userId, lines.map((line) => line.variantId), now, known);
  const quantities = new Map(lines.map((line) => [line.variantId, line.quantity]));
  for (const variant of variants) prices.set(variant.id, priceOf(variant, quantities.get(variant.id)!));
  return prices;
}

/** The sale part of a line: which sale prices how many of its units at what price. */
export type SalePart = Pick<UnitPrice, 'flashSaleId' | 'saleQuantity' | 'salePriceCents'>;

/**
 * The lines with `unitPriceCents`, their sale part, if any, and the contract that prices them, from unitPrices().
 * `known`: the lines' variants, when the caller read them with the lines.
 */
export async function withUnitPrices<L extends { variantId: number; quantity: number; unitPriceCents: number }>(
  db: Db, userId: string | null, lines: L[], now = new Date(), known?: PricedVariant[],
): Promise<(L & SalePart & Pick<UnitPrice, 'contractNumber'>)[]> {
  const prices = await unitPrices(db, userId, lines, now, known);
  return lines.map((line) => {
    const price = prices.get(line.variantId);
    return {
      ...line,
      unitPriceCents: price?.unitPriceCents ?? line.unitPriceCents,
      flashSaleId: price?.flashSaleId ?? null,
      saleQuantity: price?.saleQuantity ?? 0,
      salePriceCents: price?.salePriceCents ?? null,
      contractNumber: price?.contractNumber ?? '',
    };
  });
}
