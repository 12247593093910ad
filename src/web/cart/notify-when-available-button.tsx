import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Bell, BellRing, LoaderCircle } from 'lucide-react';
import { useCurrentUser, useStoredToken } from '../auth/use-current-user.ts';
import { Button, type ButtonSize } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { useSignInRedirect } from './sign-in-required.ts';
import { stockNotificationQuery, useStockNotificationMutation } from './stock-notifications.api.ts';
import { useErrorText } from '../lib/error-text.ts';

export interface NotifyWhenAvailableButtonProps {
  productId: number;
  /** The size or version waited for; left out only for a product with one variant. */
  variantId?: number;
  productName?: string;
  size?: ButtonSize;
  className?: string;
}

/** Out of stock: one email when the product (the variant) is back; pressed again, the request is cancelled. */
export function NotifyWhenAvailableButton({ productId, variantId, productName, size = 'sm', className }: NotifyWhenAvailableButtonProps) {
  const { t } = useTranslation('cart');
  const errorText = useErrorText();
  const hasToken = useStoredToken() !== null;
  const userId = useCurrentUser().user?.id ?? null;
  const askToSignIn = useSignInRedirect();
  const status = useQuery(stockNotificationQuery({ productId, variantId }, hasToken ? userId : null));
  const toggle = useStockNotificationMutation({ productId, variantId }, userId);
  const subscribed = status.data?.subscribed === true;
  const busy = toggle.isPending || (hasToken && status.isLoading);

  const onClick = () => {
    if (!hasToken) {
      askToSignIn(t('signInToNotify'));
      return;
    }
    toggle.mutate(!subscribed, {
      onSuccess: ({ subscribed: now }) =>
        now
          ? notify.success(t('notifyOn'), t('notifyOnText'))
          : notify.info(t('notifyOff'), t('notifyOffText')),
      onError: (error) => notify.error(t('notifyFailed'), errorText(error)),
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
      aria-label={productName ? `${subscribed ? t('notificationSet') : t('notifyWhenAvailable')}: ${productName}` : undefined}
      onClick={onClick}
    >
      {toggle.isPending ? (
        <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
      ) : (
        <Icon aria-hidden="true" className="h-4 w-4" />
      )}
      {subscribed ? t('notificationSet') : t('notifyWhenAvailable')}
    </Button>
  );
}
