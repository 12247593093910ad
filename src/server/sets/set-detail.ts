import { centsToDecimal } from '#contracts/money';
import type { VariantSet } from '#contracts/set-sales';
import type { DbOrTx } from '../db/client.ts';
import { contentsBlocked, setsNow } from './set-components-now.ts';
import { standardComponents } from './set-composition.ts';

/** What the product page shows of each set variant among these: its contents and what keeps it from sale. */
export async function variantSets(db: DbOrTx, variantIds: readonly number[]): Promise<Map<number, VariantSet>> {
  const { compositions, components } = await setsNow(db, variantIds);
  const sets = new Map<number, VariantSet>();
  for (const [setId, rows] of compositions) {
    sets.set(setId, {
      components: rows.flatMap((row) => {
        const component = components.get(row.componentVariantId);
        return component ? [{
          variant_id: component.variantId,
          product_id: component.productId,
          product_slug: component.productSlug,
          name: component.name,
          variant_label: component.variantLabel,
          model_number: component.modelNumber,
          quantity: row.quantity,
          role: row.role,
          replaces_variant_id: row.replacesVariantId,
          is_container: row.isContainer,
          unit_price: centsToDecimal(component.listPriceCents),
          available: component.available,
        }] : [];
      }),
      blocked: contentsBlocked(standardComponents(rows), components),
    });
  }
  return sets;
}
