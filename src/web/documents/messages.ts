import type { DocumentStatus } from '#contracts/catalog';
import { defineMessages } from '../i18n/define-messages.ts';

export const documentMessages = defineMessages({
  en: {
    version: (n: number) => `Version ${n}`,
    issued: (day: string) => `Issued ${day}`,
    validUntil: (day: string) => `Valid until ${day}`,
    expiredOn: (day: string) => `Expired ${day}`,
    status: (status: DocumentStatus) => ({ current: 'Current', expired: 'Expired', superseded: 'Superseded' })[status],
    olderVersions: (n: number) => `Older versions (${n})`,
  },
  ur: {
    version: (n: number) => `ورژن ${n}`,
    issued: (day: string) => `جاری کردہ ${day}`,
    validUntil: (day: string) => `${day} تک کارآمد`,
    expiredOn: (day: string) => `${day} کو میعاد ختم`,
    status: (status: DocumentStatus) => ({ current: 'موجودہ', expired: 'میعاد ختم', superseded: 'منسوخ شدہ' })[status],
    olderVersions: (n: number) => `پرانے ورژن (${n})`,
  },
  ar: {
    version: (n: number) => `الإصدار ${n}`,
    issued: (day: string) => `صدر في ${day}`,
    validUntil: (day: string) => `ساري حتى ${day}`,
    expiredOn: (day: string) => `انتهى في ${day}`,
    status: (status: DocumentStatus) => ({ current: 'ساري', expired: 'منتهٍ', superseded: 'مستبدل' })[status],
    olderVersions: (n: number) => `الإصدارات السابقة (${n})`,
  },
});
