import type { ProductListItem } from '#contracts/catalog';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { NotifyWhenAvailableButton } from './notify-when-available-button.tsx';

/** Add to Cart while there is stock, Notify When Available once there is none. */
export function ProductBuyButton({
  product,
  quantity,
  size,
  className = 'w-full',
}: {
  product: Pick<ProductListItem, 'id' | 'name' | 'stock_quantity' | 'is_in_stock' | 'licence_required'>;
  quantity?: number;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const inStock = product.is_in_stock && product.stock_quantity > 0;
  return inStock ? (
    <AddToCartButton
      productId={product.id}
      productName={product.name}
      quantity={quantity}
      inStock
      size={size}
      className={className}
      licenceRequired={product.licence_required}
    />
  ) : (
    <NotifyWhenAvailableButton productId={product.id} productName={product.name} size={size} className={className} />
  );
}
