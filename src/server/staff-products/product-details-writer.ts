import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  certifications, productCertifications, productFeatures, productOptions, productSpecifications,
} from '../db/schema/catalog.ts';
import { productHandling } from '../db/schema/lots.ts';
import type { ProductFields } from './product-rules.ts';

type Detail = 'certifications' | 'features' | 'specifications' | 'handling' | 'options';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Certification codes to ids, creating the codes the shop does not know yet (named by their code). */
async function certificationIds(tx: Tx, codes: string[]): Promise<Map<string, number>> {
  await tx.insert(certifications).values(codes.map((code) => ({ code, name: code }))).onConflictDoNothing({ target: certifications.code });
  const rows = await tx.select({ id: certifications.id, code: certifications.code }).from(certifications).where(inArray(certifications.code, codes));
  return new Map(rows.map((row) => [row.code, row.id]));
}

const writers: Record<Detail, (tx: Tx, productId: number, product: ProductFields) => Promise<unknown>> = {
  async certifications(tx, productId, { certifications: codes }) {
    await tx.delete(productCertifications).where(eq(productCertifications.productId, productId));
    if (!codes.length) return;
    const ids = await certificationIds(tx, [...new Set(codes)]);
    await tx.insert(productCertifications).values([...new Set(codes)].map((code, position) => ({
      productId, certificationId: ids.get(code)!, position,
    })));
  },
  async features(tx, productId, { features }) {
    await tx.delete(productFeatures).where(eq(productFeatures.productId, productId));
    if (features.length) await tx.insert(productFeatures).values(features.map((text, position) => ({ productId, text, position })));
  },
  async specifications(tx, productId, { specifications }) {
    await tx.delete(productSpecifications).where(eq(productSpecifications.productId, productId));
    if (specifications.length) {
      await tx.insert(productSpecifications).values(specifications.map((spec, position) => ({ productId, ...spec, position })));
    }
  },
  async handling(tx, productId, { handling }) {
    const flags = { sterile: handling.sterile, singleUse: handling.single_use, latexFree: handling.latex_free, coldChain: handling.cold_chain };
    await tx.insert(productHandling).values({ productId, ...flags }).onConflictDoUpdate({ target: productHandling.productId, set: flags });
  },
  async options(tx, productId, { options }) {
    await tx.delete(productOptions).where(eq(productOptions.productId, productId));
    if (options.length) await tx.insert(productOptions).values(options.map((option, position) => ({ productId, position, ...option })));
  },
};

/** Writes what describes the product besides its own columns and variants: each part only when it changed. */
export async function writeProductDetails(tx: Tx, productId: number, product: ProductFields, stored: ProductFields | null): Promise<void> {
  for (const detail of Object.keys(writers) as Detail[]) {
    if (!stored || !same(stored[detail], product[detail])) await writers[detail](tx, productId, product);
  }
}
