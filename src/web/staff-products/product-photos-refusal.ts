import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_NOT_PDF, DOCUMENT_TOO_LARGE, FILE_MISSING, PHOTO_NOT_TAKEN, PHOTO_TOO_LARGE, PHOTO_TOO_MANY_PIXELS,
} from '#contracts/staff-media';
import { ApiError } from '../lib/api.ts';
import { useErrorText } from '../lib/error-text.ts';

const KEYS = {
  [PHOTO_NOT_TAKEN]: 'notTaken',
  [PHOTO_TOO_LARGE]: 'tooLarge',
  [PHOTO_TOO_MANY_PIXELS]: 'tooManyPixels',
  [DOCUMENT_NOT_PDF]: 'notPdf',
  [DOCUMENT_TOO_LARGE]: 'documentTooLarge',
  [FILE_MISSING]: 'fileMissing',
} as const;

/** Why the server refused an uploaded file, in the visitor's language. */
export function useFileRefusal() {
  const { t } = useTranslation('staff-media');
  const errorText = useErrorText();
  return (error: unknown): string => {
    const said = error instanceof ApiError ? (error.fieldErrors.file?.[0] ?? error.fieldErrors.alt?.[0]) : undefined;
    const key = KEYS[said as keyof typeof KEYS];
    return key ? t(key) : errorText(error);
  };
}
