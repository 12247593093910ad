import type { MarketValue } from '#contracts/catalog';
import { defineMessages } from '../i18n/define-messages.ts';

export const marketMessages = defineMessages({
  en: {
    market: 'Market',
    allMarkets: 'All markets',
    option: (market: MarketValue, codes: string, count: number) =>
      `${({ europe: 'Europe', usa: 'USA', pakistan: 'Pakistan' })[market]} (${codes}) · ${count}`,
  },
  ur: {
    market: 'مارکیٹ',
    allMarkets: 'تمام مارکیٹیں',
    option: (market: MarketValue, codes: string, count: number) =>
      `${({ europe: 'یورپ', usa: 'امریکہ', pakistan: 'پاکستان' })[market]} (${codes}) · ${count}`,
  },
  ar: {
    market: 'السوق',
    allMarkets: 'كل الأسواق',
    option: (market: MarketValue, codes: string, count: number) =>
      `${({ europe: 'أوروبا', usa: 'الولايات المتحدة', pakistan: 'باكستان' })[market]} (${codes}) · ${count}`,
  },
});
