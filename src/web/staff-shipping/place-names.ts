import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PakistanProvince } from '#contracts/shipping';
import { useFormat } from '../i18n/use-format.ts';

/** Countries, Pakistan's provinces and lists of them in the visitor's language. */
export function usePlaceNames() {
  const { t } = useTranslation('staff-shipping');
  const { intlLocale } = useFormat();
  return useMemo(() => {
    const regions = new Intl.DisplayNames([intlLocale], { type: 'region', fallback: 'none' });
    const lists = new Intl.ListFormat(intlLocale, { style: 'short', type: 'unit' });
    return {
      /** The country's name; null for a code that names none. */
      country: (code: string): string | null => (/^[A-Z]{2}$/.test(code) ? regions.of(code) ?? null : null),
      // Stored provinces are PAKISTAN_PROVINCES (the server refuses any other code).
      province: (code: string) => t('province', { context: code as PakistanProvince }),
      list: (names: string[]) => lists.format(names),
    };
  }, [intlLocale, t]);
}
