import { asc, eq } from 'drizzle-orm';
import type { PriceTier, SetPriceTiersBody } from '#contracts/pricing';
import { centsToDecimal, decimalToCents } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';
import { badRequest, notFound, type FieldErrors } from '../lib/errors.ts';

export async function priceTiersOf(db: Db, productId: number): Promise<PriceTier[]> {
  const rows = await db.select().from(priceTiers).where(eq(priceTiers.productId, productId)).orderBy(asc(priceTiers.minQuantity));
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

/** Replaces the product's tiers; nothing is written when any tier is refused. */
export async function replacePriceTiers(db: Db, productId: number, body: SetPriceTiersBody): Promise<PriceTier[]> {
  const [product] = await db.select({ priceCents: products.priceCents }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product not found.');
  const tiers = body.tiers.map((tier) => ({ min_quantity: tier.min_quantity, cents: decimalToCents(tier.unit_price.trim()) }));
  const errors = tierErrors(product.priceCents, tiers);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  await db.transaction(async (tx) => {
    await tx.delete(priceTiers).where(eq(priceTiers.productId, productId));
    if (tiers.length) {
      await tx.insert(priceTiers).values(tiers.map((tier) => ({ productId, minQuantity: tier.min_quantity, unitPriceCents: tier.cents })));
    }
  });
  return priceTiersOf(db, productId);
}
