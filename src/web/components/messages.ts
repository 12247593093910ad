import { defineMessages } from '../i18n/define-messages.ts';

export const componentMessages = defineMessages({
  en: { breadcrumb: 'Breadcrumb', tryAgain: 'Try Again', hidePassword: 'Hide password', showPassword: 'Show password' },
  ur: { breadcrumb: 'بریڈ کرمب', tryAgain: 'دوبارہ کوشش کریں', hidePassword: 'پاس ورڈ چھپائیں', showPassword: 'پاس ورڈ دکھائیں' },
  ar: { breadcrumb: 'مسار التنقل', tryAgain: 'أعد المحاولة', hidePassword: 'إخفاء كلمة المرور', showPassword: 'إظهار كلمة المرور' },
});
