import { useTranslation } from 'react-i18next';
import { countryName } from '#contracts/shipping';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Every assigned ISO 3166-1 alpha-2 code, as the server accepts them. */
const COUNTRY_CODES = [...LETTERS].flatMap((first) => [...LETTERS].map((second) => first + second))
  .filter((code) => countryName(code) !== null);

const byLanguage = new Map<string, { value: string; label: string }[]>();

/** The countries to choose from, named and sorted in the visitor's language (Pakistan first: most orders go there). */
export function countryOptions(language: string): { value: string; label: string }[] {
  const known = byLanguage.get(language);
  if (known) return known;
  const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  const collator = new Intl.Collator(language);
  const sorted = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label));
  const options = [...sorted.filter((option) => option.value === 'PK'), ...sorted.filter((option) => option.value !== 'PK')];
  byLanguage.set(language, options);
  return options;
}

/** A country's name in the visitor's language ('Germany', 'ألمانيا'); the code itself for one Intl does not know. */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation('checkout');
  return (code) => countryOptions(i18n.language).find((option) => option.value === code)?.label ?? code;
}
