import { useTranslation } from 'react-i18next';
import { LoaderCircle, ShieldAlert, ShoppingCart } from 'lucide-react';
import { useStoredToken } from '../auth/use-current-user.ts';
import { Button, type ButtonSize } from '../components/ui/button.tsx';
import { rememberCartAdd } from './pending-cart-add.tsx';
import { useSignInRedirect } from './sign-in-required.ts';
import { useAddToCart } from './use-add-to-cart.ts';
import { useAddBlockedByLicence, useLicenceGateText } from '../licences/licence-required.tsx';

export interface AddToCartButtonProps {
  productId: number;
  /** The size or version to add; may be left out only for a product with one. */
  variantId?: number;
  /** Named for screen readers when several products share a page. */
  productName?: string;
  quantity?: number;
  inStock: boolean;
  size?: ButtonSize;
  className?: string;
  /** The product needs a licence this viewer does not hold (catalogue's licence_required). */
  licenceRequired?: boolean;
}

export function AddToCartButton({ productId, variantId, productName, quantity = 1, inStock, size = 'sm', className, licenceRequired }: AddToCartButtonProps) {
  const { t } = useTranslation('cart');
  const { t: licence } = useTranslation('licences');
  const blockedByLicence = useAddBlockedByLicence(licenceRequired);
  const gateText = useLicenceGateText();
  const signedIn = useStoredToken() !== null;
  const askToSignIn = useSignInRedirect();
  const add = useAddToCart();

  const onClick = () => {
    const body = { product_id: productId, ...(variantId === undefined ? {} : { variant_id: variantId }), quantity };
    if (signedIn) {
      add.add(body);
      return;
    }
    // Made once they are signed in (PendingCartAdd).
    rememberCartAdd(body);
    askToSignIn(t('signInToAdd'));
  };

  if (blockedByLicence) {
    return (
      <Button size={size} variant="secondary" className={className} disabled title={gateText}
        aria-label={productName ? `${licence('licenceRequired')}: ${productName}. ${gateText}` : `${licence('licenceRequired')}. ${gateText}`}>
        <ShieldAlert aria-hidden="true" className="h-4 w-4" />
        {licence('licenceRequired')}
      </Button>
    );
  }

  return (
    <Button
      size={size}
      className={className}
      disabled={!inStock || add.isPending}
      aria-label={productName ? `${add.isPending ? t('addingLabel') : t('addToCart')}: ${productName}` : undefined}
      onClick={onClick}
    >
      {add.isPending ? (
        <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
      ) : (
        <ShoppingCart aria-hidden="true" className="h-4 w-4" />
      )}
      {add.isPending ? t('adding') : t('addToCart')}
    </Button>
  );
}
