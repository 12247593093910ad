import { useTranslation } from 'react-i18next';
import { LoaderCircle, ShieldAlert, ShoppingCart } from 'lucide-react';
import { useStoredToken } from '../auth/use-current-user.ts';
import { errorSummary } from '../auth/field-errors.ts';
import { Button, type ButtonSize } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { useAddToCartMutation } from './cart.api.ts';
import { useSignInRedirect } from './sign-in-required.ts';
import { addCartItem } from '#contracts/cart';
import { isApiError } from '../lib/api.ts';
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
  const add = useAddToCartMutation();

  const onClick = () => {
    if (!signedIn) {
      askToSignIn(t('signInToAdd'));
      return;
    }
    add.mutate(
      { product_id: productId, ...(variantId === undefined ? {} : { variant_id: variantId }), quantity },
      {
        onSuccess: () => notify.success(t('addedToCart'), t('addedToCartText')),
        // A restricted product this account may not add (see contracts/cart.ts addCartItem).
        onError: (error) => (isApiError(error, addCartItem, 'LICENCE_REQUIRED')
          ? notify.error(licence('licenceRequired'), error.message || gateText)
          : notify.error(t('addFailed'), errorSummary(error, t('addFailedText')))),
      },
    );
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
