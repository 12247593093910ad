import { issueOf, type Issue, type IssueKey, type IssueLike } from '#contracts/issues';
import { defineMessages, useMessages } from '../i18n/define-messages.ts';
import { ApiError } from '../lib/api.ts';

/** A field's problem: its message key and parameters (see contracts/issues.ts), with the English text it came with. */
export type FormIssue = Issue & { message: string };

/** A problem found by the API's own schema, run in the browser before sending. */
export const formIssue = (issue: IssueLike & { message: string }): FormIssue => ({ ...issueOf(issue), message: issue.message });

/** The first problem of each top-level field of a schema check. */
export function firstIssues<F extends string>(issues: readonly (IssueLike & { message: string; path: PropertyKey[] })[]) {
  const found: Partial<Record<F, FormIssue>> = {};
  for (const issue of issues) found[issue.path[0] as F] ??= formIssue(issue);
  return found;
}

/** The first problem the server reported for each field of a refused call (its key, else just its text). */
export function serverIssues(error: unknown): Record<string, FormIssue> {
  if (!(error instanceof ApiError)) return {};
  const found: Record<string, FormIssue> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const [message] = messages;
    if (message) found[field] = { ...(error.fieldIssues[field]?.[0] ?? { key: 'invalid' }), message };
  }
  return found;
}

type Params = Issue['params'];
const n = (params: Params, name: string) => String(params?.[name] ?? '');

/** Each key's text; `invalid` has none, and shows the English text it came with. */
const issueMessages = defineMessages({
  en: {
    required: () => 'This field is required.',
    too_short: (p: Params) => `Enter at least ${n(p, 'min')} characters.`,
    too_long: (p: Params) => `Enter at most ${n(p, 'max')} characters.`,
    too_small: (p: Params) => `Enter at least ${n(p, 'min')}.`,
    too_big: (p: Params) => `Enter at most ${n(p, 'max')}.`,
    invalid_email: () => 'Enter a valid email address.',
    invalid_phone: () => 'Enter a valid phone number (7 to 15 digits).',
    invalid_postal_code: () => 'Enter a valid postal code.',
    invalid_pin: () => 'Enter your 4 to 6 digit PIN.',
    invalid_mobile: () => 'Enter a mobile number like 03001234567.',
    invalid_account_number: () => 'Enter a valid account number (10 to 20 digits).',
    invalid_card_number: () => 'Enter a valid card number.',
    invalid_expiry: () => 'Enter the expiry as MM/YY.',
    card_expired: () => 'This card has expired.',
    invalid_cvv: () => 'Enter the 3 or 4 digit security code.',
    card_name_required: () => 'Enter the name on the card.',
    promo_code_required: () => 'Enter a promo code.',
    consent_required: () => 'You must agree to be contacted.',
    password_too_short: (p: Params) => `Password must be at least ${n(p, 'min')} characters long`,
    password_numeric: () => 'This password is entirely numeric.',
    password_too_common: () => 'This password is too common.',
    password_like_email: () => 'This password is too similar to the email address.',
    passwords_differ: () => 'Passwords do not match',
    email_taken: () => 'A user with this email already exists.',
  },
  ur: {
    required: () => 'یہ خانہ لازمی ہے۔',
    too_short: (p: Params) => `کم از کم ${n(p, 'min')} حروف درج کریں۔`,
    too_long: (p: Params) => `زیادہ سے زیادہ ${n(p, 'max')} حروف درج کریں۔`,
    too_small: (p: Params) => `کم از کم ${n(p, 'min')} درج کریں۔`,
    too_big: (p: Params) => `زیادہ سے زیادہ ${n(p, 'max')} درج کریں۔`,
    invalid_email: () => 'درست ای میل ایڈریس درج کریں۔',
    invalid_phone: () => 'درست فون نمبر درج کریں (7 سے 15 ہندسے)۔',
    invalid_postal_code: () => 'درست پوسٹل کوڈ درج کریں۔',
    invalid_pin: () => 'اپنا 4 سے 6 ہندسوں کا پن درج کریں۔',
    invalid_mobile: () => '03001234567 جیسا موبائل نمبر درج کریں۔',
    invalid_account_number: () => 'درست اکاؤنٹ نمبر درج کریں (10 سے 20 ہندسے)۔',
    invalid_card_number: () => 'درست کارڈ نمبر درج کریں۔',
    invalid_expiry: () => 'میعاد MM/YY کی صورت میں درج کریں۔',
    card_expired: () => 'اس کارڈ کی میعاد ختم ہو چکی ہے۔',
    invalid_cvv: () => '3 یا 4 ہندسوں کا سیکیورٹی کوڈ درج کریں۔',
    card_name_required: () => 'کارڈ پر درج نام لکھیں۔',
    promo_code_required: () => 'پرومو کوڈ درج کریں۔',
    consent_required: () => 'رابطے کی اجازت دینا ضروری ہے۔',
    password_too_short: (p: Params) => `پاس ورڈ کم از کم ${n(p, 'min')} حروف کا ہونا چاہیے۔`,
    password_numeric: () => 'یہ پاس ورڈ صرف ہندسوں پر مشتمل ہے۔',
    password_too_common: () => 'یہ پاس ورڈ بہت عام ہے۔',
    password_like_email: () => 'یہ پاس ورڈ ای میل ایڈریس سے بہت ملتا جلتا ہے۔',
    passwords_differ: () => 'پاس ورڈ آپس میں نہیں ملتے۔',
    email_taken: () => 'اس ای میل کے ساتھ ایک اکاؤنٹ پہلے سے موجود ہے۔',
  },
  ar: {
    required: () => 'هذا الحقل مطلوب.',
    too_short: (p: Params) => `أدخل ${n(p, 'min')} أحرف على الأقل.`,
    too_long: (p: Params) => `أدخل ${n(p, 'max')} حرفًا على الأكثر.`,
    too_small: (p: Params) => `أدخل ${n(p, 'min')} على الأقل.`,
    too_big: (p: Params) => `أدخل ${n(p, 'max')} على الأكثر.`,
    invalid_email: () => 'أدخل بريدًا إلكترونيًا صالحًا.',
    invalid_phone: () => 'أدخل رقم هاتف صالحًا (من 7 إلى 15 رقمًا).',
    invalid_postal_code: () => 'أدخل رمزًا بريديًا صالحًا.',
    invalid_pin: () => 'أدخل رمز PIN المكوّن من 4 إلى 6 أرقام.',
    invalid_mobile: () => 'أدخل رقم جوال مثل 03001234567.',
    invalid_account_number: () => 'أدخل رقم حساب صالحًا (من 10 إلى 20 رقمًا).',
    invalid_card_number: () => 'أدخل رقم بطاقة صالحًا.',
    invalid_expiry: () => 'أدخل تاريخ الانتهاء بالصيغة MM/YY.',
    card_expired: () => 'انتهت صلاحية هذه البطاقة.',
    invalid_cvv: () => 'أدخل رمز الأمان المكوّن من 3 أو 4 أرقام.',
    card_name_required: () => 'أدخل الاسم كما هو على البطاقة.',
    promo_code_required: () => 'أدخل رمز الخصم.',
    consent_required: () => 'يجب أن توافق على التواصل معك.',
    password_too_short: (p: Params) => `يجب ألا تقل كلمة المرور عن ${n(p, 'min')} أحرف.`,
    password_numeric: () => 'كلمة المرور هذه أرقام فقط.',
    password_too_common: () => 'كلمة المرور هذه شائعة جدًا.',
    password_like_email: () => 'كلمة المرور هذه قريبة جدًا من البريد الإلكتروني.',
    passwords_differ: () => 'كلمتا المرور غير متطابقتين.',
    email_taken: () => 'يوجد حساب بهذا البريد الإلكتروني بالفعل.',
  },
} satisfies { en: Record<Exclude<IssueKey, 'invalid'>, (params: Params) => string> } & Record<'ur' | 'ar', unknown>);

export type Localize = (issue: FormIssue) => string;

/** A form problem's text in the visitor's language, from its key and parameters (never from its English wording). */
export function useLocalizedIssue(): Localize {
  const t = useMessages(issueMessages);
  return (issue) => (issue.key === 'invalid' ? issue.message : t[issue.key](issue.params));
}

/** Each field's problem as text. */
export function localizeEach(issues: Partial<Record<string, FormIssue>>, localize: Localize): Record<string, string> {
  return Object.fromEntries(Object.entries(issues).flatMap(([field, issue]) => (issue ? [[field, localize(issue)]] : [])));
}
