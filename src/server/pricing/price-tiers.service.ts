import { asc, eq } from 'drizzle-orm';
import type { PriceTier, SetPriceTiersBody } from '#contracts/pricing';
import { centsToDecimal, decimalToCents } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';
import { resolveVariant } from '../catalog/variants.ts';
import { badRequest, notFound, type FieldErrors } from '../lib/errors.ts';

/** A variant's volume tiers, lowest quantity first. */
export async function priceTiersOf(db: Db, variantId: number): Promise<PriceTier[]> {
  const rows = await db.select().from(priceTiers).where(eq(priceTiers.variantId, variantId)).orderBy(asc(priceTiers.minQuantity));
  return rows.map((row) => ({ min_quantity: row.minQuantity, unit_price: centsToDecimal(row.unitPriceCents) }));
}

/**
 * Each tier must buy more units than the one before it for less per unit, and every tier less than the list price:
 * otherwise a tier would never be the best price. The list is checked in the order sent.
 */
function tierErrors(listPriceCents: number, tiers: { min_quantity: number; cents: number }[]): FieldErrors {
  const errors: FieldErrors = {};
  tiers.forEach((tier, i) => {
    const previous = tiers[i - 1];
    if (previous && tier.min_quantity <= previous.min_quantity) {
      errors[`tiers.${i}.min_quantity`] = [`Enter more than ${previous.min_quantity}, the quantity of the tier before.`];
    }
    if (tier.cents <= 0) errors[`tiers.${i}.unit_price`] = ['Enter a price above 0.'];
    else if (tier.cents >= listPriceCents) {
      errors[`tiers.${i}.unit_price`] = [`Enter less than the list price, ${centsToDecimal(listPriceCents)}.`];
    } else if (previous && tier.cents >= previous.cents) {
      errors[`tiers.${i}.unit_price`] = ['Enter less than the unit price of the tier before.'];
    }
  });
  return errors;
}

/** Replaces the tiers of the product's variant (`variant_id`, or its only one); nothing is written when any tier is refused. */
export async function replacePriceTiers(db: Db, productId: number, body: SetPriceTiersBody): Promise<PriceTier[]> {
  const variant = await resolveVariant(db, productId, body.variant_id);
  if (!variant) throw notFound('Product not found.');
  const tiers = body.tiers.map((tier) => ({ min_quantity: tier.min_quantity, cents: decimalToCents(tier.unit_price.trim()) }));
  const errors = tierErrors(variant.priceCents, tiers);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  await db.transaction(async (tx) => {
    await tx.delete(priceTiers).where(eq(priceTiers.variantId, variant.id));
    if (tiers.length) {
      await tx.insert(priceTiers).values(tiers.map((tier) => ({ variantId: variant.id, minQuantity: tier.min_quantity, unitPriceCents: tier.cents })));
    }
  });
  return priceTiersOf(db, variant.id);
}

/** A product's volume pricing as the audit trail keeps it: every tier of every variant. */
export const tiersOf = (db: Db) => async (productId: string) => db.select({
  variantId: priceTiers.variantId, minQuantity: priceTiers.minQuantity, unitPriceCents: priceTiers.unitPriceCents,
}).from(priceTiers).innerJoin(productVariants, eq(productVariants.id, priceTiers.variantId))
  .where(eq(productVariants.productId, Number(productId))).orderBy(asc(productVariants.position), asc(priceTiers.minQuantity));
