import type { TFunction } from 'i18next';
import { notify } from '../components/ui/notify.ts';

/** A change to a list that did not go through, with the server's reason. */
export const failureToast = (t: TFunction<'reorder-lists'>) => (error: Error) => notify.error(t('failed'), error.message);
