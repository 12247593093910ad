import { LoaderCircle, ShoppingCart } from 'lucide-react';
import { useStoredToken } from '../auth/use-current-user.ts';
import { errorSummary } from '../auth/field-errors.ts';
import { Button, type ButtonSize } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { useAddToCartMutation } from './cart.api.ts';
import { useSignInRedirect } from './sign-in-required.ts';
import { useMessages } from '../i18n/define-messages.ts';
import { cartMessages } from './messages.ts';

export interface AddToCartButtonProps {
  productId: number;
  /** Named for screen readers when several products share a page. */
  productName?: string;
  quantity?: number;
  inStock: boolean;
  size?: ButtonSize;
  className?: string;
}

export function AddToCartButton({ productId, productName, quantity = 1, inStock, size = 'sm', className }: AddToCartButtonProps) {
  const t = useMessages(cartMessages);
  const signedIn = useStoredToken() !== null;
  const askToSignIn = useSignInRedirect();
  const add = useAddToCartMutation();

  const onClick = () => {
    if (!signedIn) {
      askToSignIn(t.signInToAdd);
      return;
    }
    add.mutate(
      { product_id: productId, quantity },
      {
        onSuccess: () => notify.success(t.addedToCart, t.addedToCartText),
        onError: (error) => notify.error(t.addFailed, errorSummary(error, t.addFailedText)),
      },
    );
  };

  return (
    <Button
      size={size}
      className={className}
      disabled={!inStock || add.isPending}
      aria-label={productName ? `${add.isPending ? t.addingLabel : t.addToCart}: ${productName}` : undefined}
      onClick={onClick}
    >
      {add.isPending ? (
        <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
      ) : (
        <ShoppingCart aria-hidden="true" className="h-4 w-4" />
      )}
      {add.isPending ? t.adding : t.addToCart}
    </Button>
  );
}
