import { isDeepStrictEqual } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  certifications, productCertifications, productFeatures, productOptions, productSpecifications,
} from '../db/schema/catalog.ts';
import { productHandling } from '../db/schema/lots.ts';
import type { ProductFields } from './product-rules.ts';

type Detail = 'certifications' | 'features' | 'specifications' | 'handling' | 'options';

/** A product and its id, as the details writers take them (several products in one statement each). */
export interface ProductOfId {
  productId: number;
  product: ProductFields;
}

// Whatever order an object's keys come in: translations read back from jsonb come in its own order.
const same = isDeepStrictEqual;

/** Certification codes to ids, creating the codes the shop does not know yet (named by their code). */
async function certificationIds(tx: Tx, codes: string[]): Promise<Map<string, number>> {
  await tx.insert(certifications).values(codes.map((code) => ({ code, name: code }))).onConflictDoNothing({ target: certifications.code });
  const rows = await tx.select({ id: certifications.id, code: certifications.code }).from(certifications).where(inArray(certifications.code, codes));
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** Adds each detail's rows of the products; the handling flags replace any stored ones. */
const inserters: Record<Detail, (tx: Tx, items: ProductOfId[]) => Promise<unknown>> = {
  async certifications(tx, items) {
    const codes = [...new Set(items.flatMap(({ product }) => product.certifications))];
    if (!codes.length) return;
    const ids = await certificationIds(tx, codes);
    await tx.insert(productCertifications).values(items.flatMap(({ productId, product }) => [...new Set(product.certifications)]
      .map((code, position) => ({ productId, certificationId: ids.get(code)!, position }))));
  },
  async features(tx, items) {
    const rows = items.flatMap(({ productId, product }) => product.features.map((text, position) => ({ productId, text, position })));
    if (rows.length) await tx.insert(productFeatures).values(rows);
  },
  async specifications(tx, items) {
    const rows = items.flatMap(({ productId, product }) => product.specifications.map((spec, position) => ({ productId, ...spec, position })));
    if (rows.length) await tx.insert(productSpecifications).values(rows);
  },
  async handling(tx, items) {
    if (!items.length) return;
    await tx.insert(productHandling).values(items.map(({ productId, product: { handling } }) => ({
      productId, sterile: handling.sterile, singleUse: handling.single_use, latexFree: handling.latex_free, coldChain: handling.cold_chain,
    }))).onConflictDoUpdate({
      target: productHandling.productId,
      set: {
        sterile: sql`excluded.sterile`, singleUse: sql`excluded.single_use`,
        latexFree: sql`excluded.latex_free`, coldChain: sql`excluded.cold_chain`,
      },
    });
  },
  async options(tx, items) {
    const rows = items.flatMap(({ productId, product }) => product.options.map((option, position) => ({ productId, position, ...option })));
    if (rows.length) await tx.insert(productOptions).values(rows);
  },
};

/** Clears a detail's stored rows before it is written again (the handling flags are overwritten in place). */
const removers: Partial<Record<Detail, (tx: Tx, productId: number) => Promise<unknown>>> = {
  certifications: (tx, productId) => tx.delete(productCertifications).where(eq(productCertifications.productId, productId)),
  features: (tx, productId) => tx.delete(productFeatures).where(eq(productFeatures.productId, productId)),
  specifications: (tx, productId) => tx.delete(productSpecifications).where(eq(productSpecifications.productId, productId)),
  options: (tx, productId) => tx.delete(productOptions).where(eq(productOptions.productId, productId)),
};

const details = Object.keys(inserters) as Detail[];

/** Writes what describes the product besides its own columns and variants: each part only when it changed. */
export async function writeProductDetails(tx: Tx, productId: number, product: ProductFields, stored: ProductFields | null): Promise<void> {
  for (const detail of details) {
    if (stored && same(stored[detail], product[detail])) continue;
    if (stored) await removers[detail]?.(tx, productId);
    await inserters[detail](tx, [{ productId, product }]);
  }
}

/** Writes the details of products just created: one statement per kind of detail for all of them. */
export async function insertProductDetails(tx: Tx, items: ProductOfId[]): Promise<void> {
  for (const detail of details) await inserters[detail](tx, items);
}
