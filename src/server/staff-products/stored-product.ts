import { asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { centsToDecimal } from '#contracts/money';
import type { DbOrTx } from '../db/client.ts';
import {
  certifications, productCertifications, productFeatures, productOptions, products, productSpecifications, productVariants,
} from '../db/schema/catalog.ts';
import { productHandling } from '../db/schema/lots.ts';
import { priceTiers } from '../db/schema/price-tiers.ts';
import { notFound } from '../lib/errors.ts';
import { regulatoryOf } from '../regulatory/regulatory-fields.ts';
import { componentsOf } from '../sets/set-component-writer.ts';
import type { ProductFields } from './product-rules.ts';

export type StoredProduct = ProductFields & { id: number; updated_at: string; unspsc: string };

const NO_HANDLING = { sterile: false, single_use: false, latex_free: false, cold_chain: false };

/** The product's variants in position order, inactive ones included. */
export const variantRowsOf = (db: DbOrTx, productId: number) => db.select().from(productVariants)
  .where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.position), asc(productVariants.id));

/** A column equal to one of `ids`, as one array parameter however many ids there are. */
const oneOf = (column: AnyPgColumn, ids: number[]) => sql`${column} = any(${sql.param(ids)}::int[])`;

const byKey = <T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
};

/** The stored products in the editor's input form, by id (ids of no product are left out), in ten queries. */
export async function productsAsInput(db: DbOrTx, ids: number[]): Promise<Map<number, StoredProduct>> {
  if (ids.length === 0) return new Map();
  const [rows, codes, features, specifications, handlings, options, variants] = await Promise.all([
    db.select().from(products).where(oneOf(products.id, ids)),
    db.select({ productId: productCertifications.productId, code: certifications.code }).from(productCertifications)
      .innerJoin(certifications, eq(certifications.id, productCertifications.certificationId))
      .where(oneOf(productCertifications.productId, ids)).orderBy(asc(productCertifications.position)),
    db.select({ productId: productFeatures.productId, text: productFeatures.text }).from(productFeatures)
      .where(oneOf(productFeatures.productId, ids)).orderBy(asc(productFeatures.position), asc(productFeatures.id)),
    db.select({ productId: productSpecifications.productId, key: productSpecifications.key, value: productSpecifications.value })
      .from(productSpecifications).where(oneOf(productSpecifications.productId, ids)).orderBy(asc(productSpecifications.position)),
    db.select().from(productHandling).where(oneOf(productHandling.productId, ids)),
    db.select({ productId: productOptions.productId, name: productOptions.name, values: productOptions.values, translations: productOptions.translations })
      .from(productOptions)
      .where(oneOf(productOptions.productId, ids)).orderBy(asc(productOptions.position)),
    db.select().from(productVariants).where(oneOf(productVariants.productId, ids))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
  ]);
  const variantIds = variants.map((variant) => variant.id);
  const [tiers, components, regulatory] = await Promise.all([
    variants.length
      ? db.select().from(priceTiers).where(oneOf(priceTiers.variantId, variantIds)).orderBy(asc(priceTiers.minQuantity))
      : [],
    componentsOf(db, variantIds),
    regulatoryOf(db, variantIds),
  ]);
  const codesOf = byKey(codes, (row) => row.productId);
  const featuresOf = byKey(features, (row) => row.productId);
  const specificationsOf = byKey(specifications, (row) => row.productId);
  const handlingOf = new Map(handlings.map((row) => [row.productId, row]));
  const optionsOf = byKey(options, (row) => row.productId);
  const variantsOf = byKey(variants, (row) => row.productId);
  const tiersOf = byKey(tiers, (row) => row.variantId);
  return new Map(rows.map((product) => {
    const handling = handlingOf.get(product.id);
    const stored: StoredProduct = {
      id: product.id,
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
      hs_code: product.hsCode,
      unspsc: product.unspsc,
      country_of_origin: product.countryOfOrigin,
      private_label_moq: product.privateLabelMoq,
      certifications: (codesOf.get(product.id) ?? []).map((row) => row.code),
      features: (featuresOf.get(product.id) ?? []).map((row) => row.text),
      specifications: (specificationsOf.get(product.id) ?? []).map(({ key, value }) => ({ key, value })),
      handling: handling
        ? { sterile: handling.sterile, single_use: handling.singleUse, latex_free: handling.latexFree, cold_chain: handling.coldChain }
        : NO_HANDLING,
      options: (optionsOf.get(product.id) ?? []).map(({ name, values, translations }) => ({ name, values, translations })),
      variants: (variantsOf.get(product.id) ?? []).map((variant) => ({
        id: variant.id,
        options: variant.options,
        model_number: variant.modelNumber,
        gtin: variant.gtin,
        price: centsToDecimal(variant.priceCents),
        original_price: variant.originalPriceCents === null ? null : centsToDecimal(variant.originalPriceCents),
        cost: variant.costCents === null ? null : centsToDecimal(variant.costCents),
        weight_grams: variant.weightGrams,
        is_active: variant.isActive,
        tiers: (tiersOf.get(variant.id) ?? []).map((tier) => ({ min_quantity: tier.minQuantity, price: centsToDecimal(tier.unitPriceCents) })),
        components: components.get(variant.id) ?? [],
        regulatory: regulatory.get(variant.id) ?? null,
      })),
    };
    return [product.id, stored];
  }));
}

/** The stored product in the editor's input form: what an edit or an import is compared with. */
export async function productAsInput(db: DbOrTx, id: number): Promise<StoredProduct> {
  const product = (await productsAsInput(db, [id])).get(id);
  if (!product) throw notFound('Product not found.');
  return product;
}
