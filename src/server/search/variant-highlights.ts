import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { optionOrders, variantLabel } from '../catalog/variants.ts';
import { highlight } from './highlights.ts';

const marksIn = (html: string) => html.split('<mark>').length - 1;

/**
 * For each product sold in several variants, the one whose option values (and catalogue number) the query names most,
 * as a highlight such as 'MZ-18C · <mark>18</mark> <mark>cm</mark> · <mark>Curved</mark>'. Products whose variants
 * the query does not name are left out.
 */
export async function variantHighlights(db: DbOrTx, productIds: number[], terms: string[]): Promise<Map<number, string>> {
  const best = new Map<number, { html: string; marks: number }>();
  if (productIds.length === 0 || terms.length === 0) return new Map();
  const [variants, orders] = await Promise.all([
    db.select({ productId: productVariants.productId, modelNumber: productVariants.modelNumber, options: productVariants.options })
      .from(productVariants)
      .where(and(inArray(productVariants.productId, productIds), eq(productVariants.isActive, true)))
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id)),
    optionOrders(db, productIds),
  ]);
  for (const variant of variants) {
    const label = variantLabel(variant.options, orders.get(variant.productId));
    if (!label) continue;
    const named = highlight(label, terms);
    if (!named.marked) continue;
    const marks = marksIn(named.html);
    const current = best.get(variant.productId);
    if (!current || marks > current.marks) {
      best.set(variant.productId, { html: `${highlight(variant.modelNumber, terms).html} · ${named.html}`, marks });
    }
  }
  return new Map([...best].map(([productId, { html }]) => [productId, html]));
}
