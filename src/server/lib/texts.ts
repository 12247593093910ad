import i18next from 'i18next';
import { INTL_LOCALES, type LANGUAGES } from '#contracts/auth';
import { centsToNumber } from '#contracts/money';
/* eslint-disable no-restricted-imports -- the catalogues are data the storefront and the server share, not storefront code */
import arInvoice from '../../web/locales/ar/invoice.json' with { type: 'json' };
import arMail from '../../web/locales/ar/mail.json' with { type: 'json' };
import enInvoice from '../../web/locales/en/invoice.json' with { type: 'json' };
import enMail from '../../web/locales/en/mail.json' with { type: 'json' };
import urInvoice from '../../web/locales/ur/invoice.json' with { type: 'json' };
import urMail from '../../web/locales/ur/mail.json' with { type: 'json' };
/* eslint-enable no-restricted-imports */

export type Language = (typeof LANGUAGES)[number];

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A catalogue's keys as code names them: a plural key without its suffix ('recallIntro', not 'recallIntro_one'). */
type BaseKey<Key extends string> = Key extends `${infer Base}_${PluralSuffix}` ? Base : Key;

export type MailKey = BaseKey<keyof typeof enMail>;
export type InvoiceKey = BaseKey<keyof typeof enInvoice>;
/** Placeholder values; `count` picks the plural form. */
export type TextParams = Record<string, string | number>;

export interface Texts {
  language: Language;
  direction: 'ltr' | 'rtl';
  mail(key: MailKey, params?: TextParams): string;
  invoice(key: InvoiceKey, params?: TextParams): string;
  /** An amount in minor units of `currency`: '$387.48' and 'PKR 108,000.00' in English. */
  money(minor: number, currency: string): string;
  /** A number with the language's digits and separators. */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** A calendar day ('2026-03-05'): as it is in English, spelled out in Urdu and Arabic ('٥ مارس ٢٠٢٦'). */
  day(isoDay: string): string;
}

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  lng: 'en',
  fallbackLng: false,
  ns: ['mail', 'invoice'],
  resources: {
    en: { mail: enMail, invoice: enInvoice },
    ur: { mail: urMail, invoice: urInvoice },
    ar: { mail: arMail, invoice: arInvoice },
  },
  interpolation: { escapeValue: false },
});
// `{{count, number}}` in the language's own digits, as every other number in the text.
instance.services.formatter?.addCached('number', (language, options: Intl.NumberFormatOptions) => {
  const format = new Intl.NumberFormat(INTL_LOCALES[language as Language], options);
  return (value: number) => format.format(value);
});

/**
 * Inside right-to-left text a value keeps its own order only when isolated (FSI … PDI): after an Urdu word, '$11.99'
 * would read '11.99$', and in 'نمبر (NTN): 1234567-8' the number would pull the bracket to its side.
 */
const isolate = (value: string) => (value.startsWith('\u2068') ? value : `\u2068${value}\u2069`);
const isolateValues = (params: TextParams) =>
  Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'string' ? isolate(value) : value]));

function build(language: Language): Texts {
  const locale = INTL_LOCALES[language];
  // The catalogues are typed by the English keys above; i18next's own key types describe the storefront's namespaces.
  const translate = (namespace: 'mail' | 'invoice') => {
    const t = instance.getFixedT(language, namespace as never) as unknown as (key: string, params?: TextParams) => string;
    return language === 'en' ? t : (key: string, params?: TextParams) => t(key, params && isolateValues(params));
  };
  const moneyFormats = new Map<string, Intl.NumberFormat>();
  const days = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return {
    language,
    direction: language === 'en' ? 'ltr' : 'rtl',
    mail: translate('mail'),
    invoice: translate('invoice'),
    money(minor, currency) {
      let format = moneyFormats.get(currency);
      if (!format) {
        format = new Intl.NumberFormat(locale, {
          style: 'currency', currency, currencyDisplay: currency === 'USD' ? 'symbol' : 'code', minimumFractionDigits: 2, maximumFractionDigits: 2,
        });
        moneyFormats.set(currency, format);
      }
      const text = format.format(centsToNumber(minor));
      // An ordinary space after the code keeps English amounts such as 'PKR 108,000.00' plain text.
      // Arabic's 'US$' ends its amount, where a left-to-right mark keeps the '$' with 'US'.
      return language === 'en' ? text.replace(/\u00a0/g, ' ') : isolate(text.replace('US$', 'US$\u200e'));
    },
    number: (value, options) => new Intl.NumberFormat(locale, options).format(value),
    day: (isoDay) => (language === 'en' ? isoDay : days.format(new Date(`${isoDay}T00:00:00Z`))),
  };
}

const byLanguage = new Map<Language, Texts>();

/** The mail and invoice texts, numbers, amounts and days in one of the shop's languages. */
export function textsFor(language: Language): Texts {
  let texts = byLanguage.get(language);
  if (!texts) byLanguage.set(language, texts = build(language));
  return texts;
}
