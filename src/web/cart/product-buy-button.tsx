import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProductListItem } from '#contracts/catalog';
import { productPath } from '../catalog/product-card.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { NotifyWhenAvailableButton } from './notify-when-available-button.tsx';
import { useAddBlockedByLicence } from '../licences/licence-required.tsx';

/**
 * Add to Cart while there is stock, Notify When Available once there is none. A product with several sizes or
 * versions is added from its page once one is chosen (`variantId`); until then this leads there.
 */
export function ProductBuyButton({
  product,
  variantId,
  quantity,
  size,
  className = 'w-full',
}: {
  product: Pick<ProductListItem, 'id' | 'slug' | 'name' | 'stock_quantity' | 'is_in_stock' | 'licence_required' | 'variant_count'>;
  variantId?: number;
  quantity?: number;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const { t } = useTranslation('catalog');
  // A product this buyer may not order says so on its card, whatever its sizes.
  const blocked = useAddBlockedByLicence(product.licence_required);
  if (product.variant_count > 1 && variantId === undefined && !blocked) {
    return (
      <Link to={productPath(product.slug)} className={buttonClasses({ size: size ?? 'sm', className })}>
        {t('chooseOptions')}
        <span className="sr-only">: {product.name}</span>
      </Link>
    );
  }
  const inStock = product.is_in_stock && product.stock_quantity > 0;
  return inStock ? (
    <AddToCartButton
      productId={product.id}
      variantId={variantId}
      productName={product.name}
      quantity={quantity}
      inStock
      size={size}
      className={className}
      licenceRequired={product.licence_required}
    />
  ) : (
    <NotifyWhenAvailableButton productId={product.id} variantId={variantId} productName={product.name} size={size} className={className} />
  );
}
