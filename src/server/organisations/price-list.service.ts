import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { addPriceRule as addPriceRuleContract, PriceRule } from '#contracts/organisations';
import type { BodyOf } from '#contracts/define';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { categories, products } from '../db/schema/catalog.ts';
import { organisationPrices } from '../db/schema/organisations.ts';
import { badRequest, notFound } from '../lib/errors.ts';

export type NewPriceRule = BodyOf<typeof addPriceRuleContract>;

/** The organisation's price list: everything first, then categories, then products, by name. */
export async function priceList(db: Db, organisationId: string): Promise<PriceRule[]> {
  const rows = await db.select({ rule: organisationPrices, category: categories, product: products }).from(organisationPrices)
    .leftJoin(categories, eq(categories.id, organisationPrices.categoryId))
    .leftJoin(products, eq(products.id, organisationPrices.productId))
    .where(eq(organisationPrices.organisationId, organisationId))
    .orderBy(
      asc(sql`case when ${organisationPrices.productId} is not null then 2 when ${organisationPrices.categoryId} is not null then 1 else 0 end`),
      asc(sql`coalesce(${categories.name}, ${products.name})`),
      asc(organisationPrices.id),
    );
  return rows.map(({ rule, category, product }) => ({
    id: rule.id,
    scope: product ? 'product' : category ? 'category' : 'all',
    category: category ? { id: category.id, slug: category.slug, name: category.name } : null,
    product: product
      ? { id: product.id, slug: product.slug, name: product.name, model_number: product.modelNumber, price: centsToDecimal(product.priceCents) }
      : null,
    kind: rule.kind,
    value: centsToDecimal(rule.value),
  }));
}

async function targetOf(db: Db, body: NewPriceRule): Promise<{ categoryId: number | null; productId: number | null }> {
  if (body.scope === 'category') {
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, body.category!.toLowerCase()));
    if (!category) throw badRequest({ category: ['No category with this slug.'] });
    return { categoryId: category.id, productId: null };
  }
  if (body.scope === 'product') {
    const key = body.product!;
    const [product] = await db.select({ id: products.id, priceCents: products.priceCents }).from(products)
      .where(or(eq(products.slug, key.toLowerCase()), sql`lower(${products.modelNumber}) = ${key.toLowerCase()}`));
    if (!product) throw badRequest({ product: ['No product with this model number or slug.'] });
    if (body.kind === 'fixed' && body.value >= product.priceCents) {
      throw badRequest({ value: [`Enter less than the list price, ${centsToDecimal(product.priceCents)}.`] });
    }
    return { categoryId: null, productId: product.id };
  }
  return { categoryId: null, productId: null };
}

/** Adds a line, replacing the one for the same target; nothing is written when the target is refused. */
export async function addPriceRule(db: Db, organisationId: string, body: NewPriceRule): Promise<PriceRule[]> {
  const target = await targetOf(db, body);
  await db.transaction(async (tx) => {
    await tx.delete(organisationPrices).where(and(
      eq(organisationPrices.organisationId, organisationId),
      sql`${organisationPrices.categoryId} is not distinct from ${target.categoryId}`,
      sql`${organisationPrices.productId} is not distinct from ${target.productId}`,
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
