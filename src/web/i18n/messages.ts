import { defineMessages } from './define-messages.ts';

export const messages = defineMessages({
  en: {
    language: 'Language',
    currency: 'Currency',
    languageAndCurrency: 'Language and currency',
    preferencesNotSaved: 'Your choice applies here but could not be saved to your profile',
    tryAgainLater: 'Please try again later.',
    chargedIn: (shown: string, charged: string, amount: string) =>
      `Prices are shown in ${shown} for reference. This payment is charged in ${charged}: you pay ${amount}.`,
  },
  ur: {
    language: 'زبان',
    currency: 'کرنسی',
    languageAndCurrency: 'زبان اور کرنسی',
    preferencesNotSaved: 'آپ کا انتخاب یہاں لاگو ہو گیا مگر پروفائل میں محفوظ نہیں ہو سکا',
    tryAgainLater: 'براہ کرم کچھ دیر بعد دوبارہ کوشش کریں۔',
    chargedIn: (shown: string, charged: string, amount: string) =>
      `قیمتیں حوالے کے لیے ${shown} میں دکھائی گئی ہیں۔ یہ ادائیگی ${charged} میں وصول کی جائے گی: آپ ${amount} ادا کریں گے۔`,
  },
  ar: {
    language: 'اللغة',
    currency: 'العملة',
    languageAndCurrency: 'اللغة والعملة',
    preferencesNotSaved: 'طُبّق اختيارك هنا لكن تعذّر حفظه في ملفك الشخصي',
    tryAgainLater: 'يرجى المحاولة لاحقًا.',
    chargedIn: (shown: string, charged: string, amount: string) =>
      `الأسعار معروضة بعملة ${shown} للاطلاع فقط. تُحصَّل هذه الدفعة بعملة ${charged}: ستدفع ${amount}.`,
  },
});

/** Each language named in itself, so a visitor finds theirs whatever is showing. */
export const LANGUAGE_NAMES = { en: 'English', ur: 'اردو', ar: 'العربية' } as const;
