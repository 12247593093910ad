import { useQuery } from '@tanstack/react-query';
import { Bell, BellRing, LoaderCircle } from 'lucide-react';
import { errorSummary } from '../auth/field-errors.ts';
import { useCurrentUser, useStoredToken } from '../auth/use-current-user.ts';
import { Button, type ButtonSize } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { useSignInRedirect } from './sign-in-required.ts';
import { stockNotificationQuery, useStockNotificationMutation } from './stock-notifications.api.ts';

export interface NotifyWhenAvailableButtonProps {
  productId: number;
  productName?: string;
  size?: ButtonSize;
  className?: string;
}

/** Out of stock: one email when the product is back; pressed again, the request is cancelled. */
export function NotifyWhenAvailableButton({ productId, productName, size = 'sm', className }: NotifyWhenAvailableButtonProps) {
  const hasToken = useStoredToken() !== null;
  const userId = useCurrentUser().user?.id ?? null;
  const askToSignIn = useSignInRedirect();
  const status = useQuery(stockNotificationQuery(productId, hasToken ? userId : null));
  const toggle = useStockNotificationMutation(productId, userId);
  const subscribed = status.data?.subscribed === true;
  const busy = toggle.isPending || (hasToken && status.isLoading);

  const onClick = () => {
    if (!hasToken) {
      askToSignIn('Please log in to be notified when this product is back in stock.');
      return;
    }
    toggle.mutate(!subscribed, {
      onSuccess: ({ subscribed: now }) =>
        now
          ? notify.success("We'll let you know", 'We will email you once when this product is back in stock.')
          : notify.info('Notification cancelled', 'You will not be emailed about this product.'),
      onError: (error) => notify.error('Could not update the notification', errorSummary(error, 'Please try again.')),
    });
  };

  const Icon = subscribed ? BellRing : Bell;
  return (
    <Button
      variant={subscribed ? 'secondary' : 'accent'}
      size={size}
      className={className}
      disabled={busy}
      aria-pressed={subscribed}
      aria-label={productName ? `${subscribed ? 'Notification set' : 'Notify When Available'}: ${productName}` : undefined}
      onClick={onClick}
    >
      {toggle.isPending ? (
        <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
      ) : (
        <Icon aria-hidden="true" className="h-4 w-4" />
      )}
      {subscribed ? 'Notification set' : 'Notify When Available'}
    </Button>
  );
}
