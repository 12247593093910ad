import { isRtl, useLocale } from '../i18n/locale-store.ts';

/**
 * Latin data put into a sentence (an RMA or credit-note number, a size): isolated on right-to-left pages, it keeps its
 * own order inside Urdu and Arabic.
 */
export function useIsolated(): (value: string) => string {
  const locale = useLocale();
  return (value) => (isRtl(locale) ? `\u2068${value}\u2069` : value);
}
