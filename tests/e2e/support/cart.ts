import type { APIRequestContext } from '@playwright/test';

export interface BuyableVariant {
  id: number;
  label: string;
  model_number: string;
  available_stock: number;
}

/** The product's first variant with `quantity` units to sell (its only one when it has no options). */
export async function variantToBuy(request: APIRequestContext, product: { slug: string }, quantity = 1): Promise<BuyableVariant> {
  const detail = (await (await request.get(`/api/products/${product.slug}/`)).json()) as { variants: BuyableVariant[] };
  return detail.variants.find((variant) => variant.available_stock >= quantity) ?? detail.variants[0]!;
}

/** Puts `quantity` units of that variant in the cart through the API, as the product page's Add to Cart does. */
export async function addToCart(
  request: APIRequestContext, headers: Record<string, string>, product: { id: number; slug: string }, quantity = 1,
) {
  const variant = await variantToBuy(request, product, quantity);
  return request.post('/api/cart/add-item/', { headers, data: { product_id: product.id, variant_id: variant.id, quantity } });
}
