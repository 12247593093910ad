import { defineMessages, useMessages } from '../i18n/define-messages.ts';

/**
 * The checks the forms run before sending use the API's own schemas, so their messages are the API's English ones;
 * these give them in the visitor's language. Keyed by the English text.
 */
const validationMessages = defineMessages({
  en: {
    'This field is required.': 'This field is required.',
    'Enter a valid email address.': 'Enter a valid email address.',
    'Enter a valid postal code.': 'Enter a valid postal code.',
    'Enter a valid phone number (7 to 15 digits).': 'Enter a valid phone number (7 to 15 digits).',
    'Enter your 4 to 6 digit PIN.': 'Enter your 4 to 6 digit PIN.',
    'Enter a mobile number like 03001234567.': 'Enter a mobile number like 03001234567.',
    'Enter a valid account number (10 to 20 digits).': 'Enter a valid account number (10 to 20 digits).',
    'Enter a valid card number.': 'Enter a valid card number.',
    'Enter the expiry as MM/YY.': 'Enter the expiry as MM/YY.',
    'This card has expired.': 'This card has expired.',
    'Enter the 3 or 4 digit security code.': 'Enter the 3 or 4 digit security code.',
    'Enter the name on the card.': 'Enter the name on the card.',
    'Enter a promo code.': 'Enter a promo code.',
    atMost: (max: string) => `Enter at most ${max} characters.`,
  },
  ur: {
    'This field is required.': 'یہ خانہ لازمی ہے۔',
    'Enter a valid email address.': 'درست ای میل ایڈریس درج کریں۔',
    'Enter a valid postal code.': 'درست پوسٹل کوڈ درج کریں۔',
    'Enter a valid phone number (7 to 15 digits).': 'درست فون نمبر درج کریں (7 سے 15 ہندسے)۔',
    'Enter your 4 to 6 digit PIN.': 'اپنا 4 سے 6 ہندسوں کا پن درج کریں۔',
    'Enter a mobile number like 03001234567.': '03001234567 جیسا موبائل نمبر درج کریں۔',
    'Enter a valid account number (10 to 20 digits).': 'درست اکاؤنٹ نمبر درج کریں (10 سے 20 ہندسے)۔',
    'Enter a valid card number.': 'درست کارڈ نمبر درج کریں۔',
    'Enter the expiry as MM/YY.': 'میعاد MM/YY کی صورت میں درج کریں۔',
    'This card has expired.': 'اس کارڈ کی میعاد ختم ہو چکی ہے۔',
    'Enter the 3 or 4 digit security code.': '3 یا 4 ہندسوں کا سیکیورٹی کوڈ درج کریں۔',
    'Enter the name on the card.': 'کارڈ پر درج نام لکھیں۔',
    'Enter a promo code.': 'پرومو کوڈ درج کریں۔',
    atMost: (max: string) => `زیادہ سے زیادہ ${max} حروف درج کریں۔`,
  },
  ar: {
    'This field is required.': 'هذا الحقل مطلوب.',
    'Enter a valid email address.': 'أدخل بريدًا إلكترونيًا صالحًا.',
    'Enter a valid postal code.': 'أدخل رمزًا بريديًا صالحًا.',
    'Enter a valid phone number (7 to 15 digits).': 'أدخل رقم هاتف صالحًا (من 7 إلى 15 رقمًا).',
    'Enter your 4 to 6 digit PIN.': 'أدخل رمز PIN المكوّن من 4 إلى 6 أرقام.',
    'Enter a mobile number like 03001234567.': 'أدخل رقم جوال مثل 03001234567.',
    'Enter a valid account number (10 to 20 digits).': 'أدخل رقم حساب صالحًا (من 10 إلى 20 رقمًا).',
    'Enter a valid card number.': 'أدخل رقم بطاقة صالحًا.',
    'Enter the expiry as MM/YY.': 'أدخل تاريخ الانتهاء بالصيغة MM/YY.',
    'This card has expired.': 'انتهت صلاحية هذه البطاقة.',
    'Enter the 3 or 4 digit security code.': 'أدخل رمز الأمان المكوّن من 3 أو 4 أرقام.',
    'Enter the name on the card.': 'أدخل الاسم كما هو على البطاقة.',
    'Enter a promo code.': 'أدخل رمز الخصم.',
    atMost: (max: string) => `أدخل ${max} حرفًا على الأكثر.`,
  },
});

const AT_MOST = /^Enter at most (\d+) characters\.$/;

/** A form check's message in the current language; one this list does not know stays as it is. */
export function useLocalizedIssue(): (message: string) => string {
  const t = useMessages(validationMessages);
  return (message) => {
    const atMost = AT_MOST.exec(message);
    if (atMost) return t.atMost(atMost[1]);
    const known = (t as Record<string, unknown>)[message];
    return typeof known === 'string' ? known : message;
  };
}
