import { useTranslation } from 'react-i18next';
import { addCartItem, type AddCartItemBody } from '#contracts/cart';
import { errorSummary } from '../auth/field-errors.ts';
import { notify } from '../components/ui/notify.ts';
import { isApiError } from '../lib/api.ts';
import { useLicenceGateText } from '../licences/licence-required.tsx';
import { useAddToCartMutation } from './cart.api.ts';

/** Adds to the signed-in buyer's cart and says how it went: added, or why not. */
export function useAddToCart() {
  const { t } = useTranslation('cart');
  const { t: licence } = useTranslation('licences');
  const gateText = useLicenceGateText();
  const mutation = useAddToCartMutation();
  const add = (body: AddCartItemBody) => mutation.mutate(body, {
    onSuccess: () => notify.success(t('addedToCart'), t('addedToCartText')),
    // A restricted product this account may not add (see contracts/cart.ts addCartItem).
    onError: (error) => (isApiError(error, addCartItem, 'LICENCE_REQUIRED')
      ? notify.error(licence('licenceRequired'), error.message || gateText)
      : notify.error(t('addFailed'), errorSummary(error, t('addFailedText')))),
  });
  return { add, isPending: mutation.isPending };
}
