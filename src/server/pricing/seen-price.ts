import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { flashSales, products, productVariants } from '../db/schema/catalog.ts';
import { organisationPrices } from '../db/schema/organisations.ts';
import { buyerPriceList } from './price-contract.ts';

/*
 * What a catalogue card shows as a product's price, in SQL, so the catalogue can sort by it: the cheapest active
 * variant at unitPriceFor(variant, 1) (unit-price.ts) for this viewer. For one unit that is the lowest of the list
 * price, a running sale with units left and, for a buyer whose organisation's price list applies (buyerPriceList),
 * that price list (volume tiers start at 2 units). One grouped query joined to the page's products, computed once per query, never per row.
 */

/** Sales running at `now` with units left: the allocation still holds one unit. */
const runningWithUnits = (now: Date) => and(
  lte(flashSales.startsAt, now), gt(flashSales.endsAt, now),
  or(isNull(flashSales.units), sql`${flashSales.claimedUnits} < ${flashSales.units}`),
);


/** The lowest one-unit sale price per product, among its active variants on a sale running now. */
function salePrices(db: Db, now: Date) {
  return db.select({ productId: productVariants.productId, price: sql<number>`min(${flashSales.salePriceCents})`.as('seen_price') })
    .from(flashSales).innerJoin(productVariants, eq(productVariants.id, flashSales.variantId))
    .where(and(runningWithUnits(now), eq(productVariants.isActive, true)))
    .groupBy(productVariants.productId).as('seen');
}

/**
 * Each product's cheapest active variant for one unit at this organisation's prices: the variant's line of the price
 * list beats the product's, the category's and the one for everything (a percentage off half up, as percentOff(), or
 * a fixed price), never above the list price, and a running sale below it wins.
 */
function organisationPricesOf(db: Db, organisationId: string, now: Date) {
  const [byVariant, byProduct, byCategory, forAll] = ['rule_variant', 'rule_product', 'rule_category', 'rule_all'].map((name) => alias(organisationPrices, name));
  const sale = db.select({ variantId: flashSales.variantId, price: sql<number>`min(${flashSales.salePriceCents})`.as('sale_price') })
    .from(flashSales).where(runningWithUnits(now)).groupBy(flashSales.variantId).as('variant_sale');
  const pick = (column: 'kind' | 'value') => sql`coalesce(${byVariant[column]}, ${byProduct[column]}, ${byCategory[column]}, ${forAll[column]})`;
  const list = productVariants.priceCents;
  const listed = sql`case ${pick('kind')} when 'fixed' then ${pick('value')}
    when 'percent' then ${list} - ((${list}::bigint * ${pick('value')} * 2 + 10000) / 20000)::int end`;
  const inOrganisation = (rule: typeof byVariant, target: SQL | undefined) => and(eq(rule.organisationId, organisationId), target);
  return db.select({
    productId: productVariants.productId,
    price: sql<number>`min(least(${list}, coalesce(${listed}, ${list}), coalesce(${sale.price}, ${list})))`.as('seen_price'),
  }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(byVariant, inOrganisation(byVariant, eq(byVariant.variantId, productVariants.id)))
    .leftJoin(byProduct, inOrganisation(byProduct, eq(byProduct.productId, productVariants.productId)))
    .leftJoin(byCategory, inOrganisation(byCategory, eq(byCategory.categoryId, products.categoryId)))
    .leftJoin(forAll, inOrganisation(forAll, and(isNull(forAll.variantId), isNull(forAll.productId), isNull(forAll.categoryId))))
    .leftJoin(sale, eq(sale.variantId, productVariants.id))
    .where(eq(productVariants.isActive, true))
    .groupBy(productVariants.productId).as('seen');
}

/**
 * The price each product's card shows this viewer (null: a visitor), as a subquery to left-join on `productId` and
 * the expression to order by: the product's lowest list price where the subquery has nothing lower.
 */
export async function seenPrices(db: Db, userId: string | null, now = new Date()) {
  const list = await buyerPriceList(db, userId, now);
  const seen = list?.hasPrices ? organisationPricesOf(db, list.organisationId, now) : salePrices(db, now);
  return { seen, price: sql`least(${products.priceCents}, coalesce(${seen.price}, ${products.priceCents}))` };
}
