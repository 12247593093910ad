import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { addPriceRule as addPriceRuleContract, PriceRule, updatePriceContract } from '#contracts/organisations';
import type { BodyOf } from '#contracts/define';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { categories, products, productVariants } from '../db/schema/catalog.ts';
import { variantLabels } from '../catalog/variants.ts';
import { organisationPrices, organisations } from '../db/schema/organisations.ts';
import { badRequest, notFound } from '../lib/errors.ts';

export type NewPriceRule = BodyOf<typeof addPriceRuleContract>;
export type PriceContractBody = BodyOf<typeof updatePriceContract>;

/** The organisation's price list: everything first, then categories, then products, then variants, by name. */
export async function priceList(db: Db, organisationId: string): Promise<PriceRule[]> {
  const variantProducts = alias(products, 'variant_products');
  const rows = await db.select({ rule: organisationPrices, category: categories, product: products, variant: productVariants, variantProduct: variantProducts })
    .from(organisationPrices)
    .leftJoin(categories, eq(categories.id, organisationPrices.categoryId))
    .leftJoin(products, eq(products.id, organisationPrices.productId))
    .leftJoin(productVariants, eq(productVariants.id, organisationPrices.variantId))
    .leftJoin(variantProducts, eq(variantProducts.id, productVariants.productId))
    .where(eq(organisationPrices.organisationId, organisationId))
    .orderBy(
      asc(sql`case when ${organisationPrices.variantId} is not null then 3 when ${organisationPrices.productId} is not null then 2
        when ${organisationPrices.categoryId} is not null then 1 else 0 end`),
      asc(sql`coalesce(${categories.name}, ${products.name}, ${variantProducts.name})`),
      asc(productVariants.position),
      asc(organisationPrices.id),
    );
  const labels = await variantLabels(db, rows.flatMap(({ variant }) => (variant ? [variant.id] : [])));
  return rows.map(({ rule, category, product: productRow, variant, variantProduct }) => {
    const product = productRow ?? variantProduct;
    return {
      id: rule.id,
      scope: variant ? 'variant' : product ? 'product' : category ? 'category' : 'all',
      category: category ? { id: category.id, slug: category.slug, name: category.name } : null,
      product: product
        ? { id: product.id, slug: product.slug, name: product.name, model_number: product.modelNumber, price: centsToDecimal(product.priceCents) }
        : null,
      variant: variant
        ? { id: variant.id, model_number: variant.modelNumber, label: labels.get(variant.id) ?? '', price: centsToDecimal(variant.priceCents) }
        : null,
      kind: rule.kind,
      value: centsToDecimal(rule.value),
    };
  });
}

interface Target {
  categoryId: number | null;
  productId: number | null;
  variantId: number | null;
}

const EVERYTHING: Target = { categoryId: null, productId: null, variantId: null };

/** A fixed price has to lower what it targets: below the list price (of the cheapest variant, for a product). */
function belowListPrice(body: NewPriceRule, listPriceCents: number): void {
  if (body.kind === 'fixed' && body.value >= listPriceCents) {
    throw badRequest({ value: [`Enter less than the list price, ${centsToDecimal(listPriceCents)}.`] });
  }
}

async function targetOf(db: Db, body: NewPriceRule): Promise<Target> {
  if (body.scope === 'category') {
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, body.category!.toLowerCase()));
    if (!category) throw badRequest({ category: ['No category with this slug.'] });
    return { ...EVERYTHING, categoryId: category.id };
  }
  if (body.scope === 'product') {
    const key = body.product!.toLowerCase();
    const [product] = await db.select({ id: products.id, priceCents: products.priceCents }).from(products)
      .where(or(eq(products.slug, key), sql`${products.id} in (
        select pv.product_id from product_variants pv where lower(pv.model_number) = ${key})`));
    if (!product) throw badRequest({ product: ['No product with this model number or slug.'] });
    belowListPrice(body, product.priceCents);
    return { ...EVERYTHING, productId: product.id };
  }
  if (body.scope === 'variant') {
    const [variant] = await db.select({ id: productVariants.id, priceCents: productVariants.priceCents }).from(productVariants)
      .where(sql`lower(${productVariants.modelNumber}) = ${body.variant!.toLowerCase()}`);
    if (!variant) throw badRequest({ variant: ['No variant with this catalogue number.'] });
    belowListPrice(body, variant.priceCents);
    return { ...EVERYTHING, variantId: variant.id };
  }
  return EVERYTHING;
}

/** Adds a line, replacing the one for the same target; nothing is written when the target is refused. */
export async function addPriceRule(db: Db, organisationId: string, body: NewPriceRule): Promise<PriceRule[]> {
  const target = await targetOf(db, body);
  await db.transaction(async (tx) => {
    await tx.delete(organisationPrices).where(and(
      eq(organisationPrices.organisationId, organisationId),
      sql`${organisationPrices.categoryId} is not distinct from ${target.categoryId}`,
      sql`${organisationPrices.productId} is not distinct from ${target.productId}`,
      sql`${organisationPrices.variantId} is not distinct from ${target.variantId}`,
    ));
    await tx.insert(organisationPrices).values({ organisationId, ...target, kind: body.kind, value: body.value });
  });
  return priceList(db, organisationId);
}

export async function deletePriceRule(db: Db, organisationId: string, ruleId: number): Promise<PriceRule[]> {
  const [deleted] = await db.delete(organisationPrices)
    .where(and(eq(organisationPrices.id, ruleId), eq(organisationPrices.organisationId, organisationId)))
    .returning({ id: organisationPrices.id });
  if (!deleted) throw notFound('Price not found.');
  return priceList(db, organisationId);
}

/** The contract number and dates the organisation's price list is agreed under (the contract checks end ≥ start). */
export async function setPriceContract(db: Db, organisationId: string, body: PriceContractBody): Promise<void> {
  await db.update(organisations).set({
    priceContractNumber: body.number,
    priceContractStartsOn: body.starts_on,
    priceContractEndsOn: body.ends_on,
    updatedAt: new Date(),
  }).where(eq(organisations.id, organisationId));
}
