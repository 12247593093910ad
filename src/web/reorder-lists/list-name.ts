import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';

/**
 * A new list name's problem in the visitor's language. The one without a message key is the server's: the buyer
 * already has a list of that name.
 */
export const listNameProblem = (t: TFunction<'reorder-lists'>, error: FieldError | undefined, text: string | undefined) =>
  (error?.type === 'invalid' ? t('nameTaken') : text);
