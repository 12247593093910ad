import { asc, eq, inArray } from 'drizzle-orm';
import type { StaffProduct } from '#contracts/staff-products';
import type { Db } from '../db/client.ts';
import { products, productSlugRedirects } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { variantLabel } from '../catalog/variants.ts';
import { listPhotos } from '../media/product-photos.ts';
import { describeComponents } from '../sets/staff-set-components.ts';
import { productAsInput } from './stored-product.ts';

/**
 * The product as the staff editor opens it: every field, each variant's stock (a set's: what its components make) and
 * components, the gallery and former slugs.
 */
export async function staffProductView(db: Db, id: number): Promise<StaffProduct> {
  const stored = await productAsInput(db, id);
  const variantIds = stored.variants.map((variant) => variant.id!);
  const [[{ createdAt }], stock, images, redirects, components] = await Promise.all([
    db.select({ createdAt: products.createdAt }).from(products).where(eq(products.id, id)),
    variantIds.length ? db.select().from(inventoryItems).where(inArray(inventoryItems.variantId, variantIds)) : [],
    listPhotos(db, id),
    db.select({ slug: productSlugRedirects.slug }).from(productSlugRedirects)
      .where(eq(productSlugRedirects.productId, id)).orderBy(asc(productSlugRedirects.createdAt), asc(productSlugRedirects.slug)),
    describeComponents(db, stored.variants.map((variant) => variant.components)),
  ]);
  const optionOrder = stored.options.map((option) => option.name);
  return {
    ...stored,
    slug: stored.slug!,
    variants: stored.variants.map((variant, position) => {
      const item = stock.find((row) => row.variantId === variant.id);
      return {
        ...variant,
        id: variant.id!,
        position,
        label: variantLabel(variant.options, optionOrder),
        gtin: variant.gtin ?? null,
        original_price: variant.original_price ?? null,
        cost: variant.cost ?? null,
        weight_grams: variant.weight_grams ?? null,
        current_stock: item?.currentStock ?? 0,
        available_stock: item ? item.currentStock - item.reservedStock : 0,
        components: components[position],
        regulatory: variant.regulatory ?? null,
      };
    }),
    images,
    redirects: redirects.map((row) => row.slug),
    created_at: createdAt.toISOString(),
  };
}
