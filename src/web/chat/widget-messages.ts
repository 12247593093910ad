import { defineMessages } from '../i18n/define-messages.ts';

/** The floating button's own text: the shell carries it, while the panel's text loads with the panel. */
export const chatWidgetMessages = defineMessages({
  en: { openChat: 'Open chat assistant' },
  ur: { openChat: 'چیٹ اسسٹنٹ کھولیں' },
  ar: { openChat: 'فتح المساعد الآلي' },
});
