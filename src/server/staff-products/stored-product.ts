import { asc, eq, inArray } from 'drizzle-orm';
import { centsToDecimal } from '#contracts/money';
import type { DbOrTx } from '../db/client.ts';
import {
  certifications, productCertifications, productFeatures, productOptions, products, productSpecifications, productVariants,
} from '../db/schema/catalog.ts';
import { productHandling } from '../db/schema/lots.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';
import { notFound } from '../lib/errors.ts';
import type { ProductFields } from './product-rules.ts';

export type StoredProduct = ProductFields & { id: number; updated_at: string };

const NO_HANDLING = { sterile: false, single_use: false, latex_free: false, cold_chain: false };

/** The product's variants in position order, inactive ones included. */
export const variantRowsOf = (db: DbOrTx, productId: number) => db.select().from(productVariants)
  .where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.position), asc(productVariants.id));

/** The stored product in the editor's input form: what an edit or an import is compared with. */
export async function productAsInput(db: DbOrTx, id: number): Promise<StoredProduct> {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) throw notFound('Product not found.');
  const [codes, features, specifications, [handling], options, variants] = await Promise.all([
    db.select({ code: certifications.code }).from(productCertifications)
      .innerJoin(certifications, eq(certifications.id, productCertifications.certificationId))
      .where(eq(productCertifications.productId, id)).orderBy(asc(productCertifications.position)),
    db.select({ text: productFeatures.text }).from(productFeatures)
      .where(eq(productFeatures.productId, id)).orderBy(asc(productFeatures.position), asc(productFeatures.id)),
    db.select({ key: productSpecifications.key, value: productSpecifications.value }).from(productSpecifications)
      .where(eq(productSpecifications.productId, id)).orderBy(asc(productSpecifications.position)),
    db.select().from(productHandling).where(eq(productHandling.productId, id)),
    db.select({ name: productOptions.name, values: productOptions.values }).from(productOptions)
      .where(eq(productOptions.productId, id)).orderBy(asc(productOptions.position)),
    variantRowsOf(db, id),
  ]);
  const tiers = variants.length
    ? await db.select().from(priceTiers).where(inArray(priceTiers.variantId, variants.map((variant) => variant.id)))
      .orderBy(asc(priceTiers.minQuantity))
    : [];
  return {
    id,
    updated_at: product.updatedAt.toISOString(),
    name: product.name,
    slug: product.slug,
    short_description: product.shortDescription,
    description: product.description,
    brand: product.brand,
    category_id: product.categoryId,
    instrument_type: product.instrumentType,
    status: product.status,
    restricted: product.restricted,
    meta_title: product.metaTitle,
    meta_description: product.metaDescription,
    certifications: codes.map((row) => row.code),
    features: features.map((row) => row.text),
    specifications,
    handling: handling
      ? { sterile: handling.sterile, single_use: handling.singleUse, latex_free: handling.latexFree, cold_chain: handling.coldChain }
      : NO_HANDLING,
    options,
    variants: variants.map((variant) => ({
      id: variant.id,
      options: variant.options,
      model_number: variant.modelNumber,
      gtin: variant.gtin,
      price: centsToDecimal(variant.priceCents),
      original_price: variant.originalPriceCents === null ? null : centsToDecimal(variant.originalPriceCents),
      weight_grams: variant.weightGrams,
      is_active: variant.isActive,
      tiers: tiers.filter((tier) => tier.variantId === variant.id)
        .map((tier) => ({ min_quantity: tier.minQuantity, price: centsToDecimal(tier.unitPriceCents) })),
    })),
  };
}
