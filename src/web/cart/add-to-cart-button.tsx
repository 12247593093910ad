import { LoaderCircle, ShoppingCart } from 'lucide-react';
import { useStoredToken } from '../auth/use-current-user.ts';
import { errorSummary } from '../auth/field-errors.ts';
import { Button, type ButtonSize } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { useAddToCartMutation } from './cart.api.ts';
import { useSignInRedirect } from './sign-in-required.ts';

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
  const signedIn = useStoredToken() !== null;
  const askToSignIn = useSignInRedirect();
  const add = useAddToCartMutation();

  const onClick = () => {
    if (!signedIn) {
      askToSignIn('Please log in to add items to your cart.');
      return;
    }
    add.mutate(
      { product_id: productId, quantity },
      {
        onSuccess: () => notify.success('Added to cart', 'Product has been added to your cart successfully.'),
        onError: (error) => notify.error('Failed to add to cart', errorSummary(error, 'Failed to add product to cart')),
      },
    );
  };

  return (
    <Button
      size={size}
      className={className}
      disabled={!inStock || add.isPending}
      aria-label={productName ? `${add.isPending ? 'Adding' : 'Add to Cart'}: ${productName}` : undefined}
      onClick={onClick}
    >
      {add.isPending ? (
        <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
      ) : (
        <ShoppingCart aria-hidden="true" className="h-4 w-4" />
      )}
      {add.isPending ? 'Adding…' : 'Add to Cart'}
    </Button>
  );
}
