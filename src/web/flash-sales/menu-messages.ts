import { defineMessages } from '../i18n/define-messages.ts';

/** The staff menu's link, apart from the page's text so the app shell stays small. */
export const flashSaleMenuMessages = defineMessages({
  en: { menuFlashSales: 'Flash sales' },
  ur: { menuFlashSales: 'فلیش سیل' },
  ar: { menuFlashSales: 'التخفيضات السريعة' },
});
