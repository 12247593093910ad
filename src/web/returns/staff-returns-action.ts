import { useTranslation } from 'react-i18next';
import { notify } from '../components/ui/notify.ts';
import { useErrorText } from '../lib/error-text.ts';
import type { ReturnAction } from './staff-returns.api.ts';

/** Sends one step of a return's handling; resolves once it is made, rejects with the server's answer. */
export type RunAction = (action: ReturnAction) => Promise<unknown>;

/**
 * Waits for a step sent from a form: whether it was made. A refusal with field problems puts them under their fields;
 * any other (a 409 for a return that moved on meanwhile, a carrier that booked nothing) is told in a notice.
 */
export function useSettle() {
  const { t } = useTranslation('staff-returns');
  const errorText = useErrorText();
  return async (attempt: Promise<unknown>, setServerErrors: (error: unknown) => boolean): Promise<boolean> => {
    try {
      await attempt;
      return true;
    } catch (error) {
      if (!setServerErrors(error)) notify.error(t('actionFailed'), errorText(error));
      return false;
    }
  };
}
