import { useTranslation } from 'react-i18next';
import { addCartItem, type AddCartItemBody } from '#contracts/cart';
import { notify } from '../components/ui/notify.ts';
import { isApiError } from '../lib/api.ts';
import { useLicenceGateText } from '../licences/licence-required.tsx';
import { useAddToCartMutation } from './cart.api.ts';
import { useErrorText } from '../lib/error-text.ts';

/** Adds to the signed-in buyer's cart and says how it went: added, or why not. */
export function useAddToCart() {
  const { t } = useTranslation('cart');
  const { t: licence } = useTranslation('licences');
  const errorText = useErrorText();
  const gateText = useLicenceGateText();
  const mutation = useAddToCartMutation();
  const add = (body: AddCartItemBody) => mutation.mutate(body, {
    onSuccess: () => notify.success(t('addedToCart'), t('addedToCartText')),
    // A restricted product this account may not add (see contracts/cart.ts addCartItem).
    onError: (error) => (isApiError(error, addCartItem, 'LICENCE_REQUIRED')
      ? notify.error(licence('licenceRequired'), gateText)
      : notify.error(t('addFailed'), errorText(error))),
  });
  return { add, isPending: mutation.isPending };
}
