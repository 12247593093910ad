import { useTranslation } from 'react-i18next';
import { notify } from '../components/ui/notify.ts';
import { useErrorText } from '../lib/error-text.ts';

/** A change to a list that did not go through, and why, in the visitor's language. */
export function useFailureToast() {
  const { t } = useTranslation('reorder-lists');
  const errorText = useErrorText();
  return (error: unknown) => notify.error(t('failed'), errorText(error));
}
