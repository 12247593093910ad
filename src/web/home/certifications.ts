import { Award, BadgeCheck, Globe2, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { Locale } from '../i18n/locale-store.ts';

export interface Certification {
  name: string;
  detail: string;
  icon: LucideIcon;
}

const ICONS: LucideIcon[] = [ShieldCheck, BadgeCheck, Award, Globe2];

const TEXT: Record<Locale, Array<Omit<Certification, 'icon'>>> = {
  en: [
    { name: 'ISO 13485', detail: 'Certified quality management for medical devices' },
    { name: 'CE Marked', detail: 'Conforms to European health and safety standards' },
    { name: 'FDA Approved', detail: 'Cleared for the United States market' },
    { name: 'WHO Listed', detail: 'Listed supplier for global health programmes' },
  ],
  ur: [
    { name: 'ISO 13485', detail: 'طبی آلات کے لیے سند یافتہ کوالٹی مینجمنٹ' },
    { name: 'CE نشان زدہ', detail: 'یورپی صحت و حفاظت کے معیارات کے مطابق' },
    { name: 'FDA منظور شدہ', detail: 'امریکی منڈی کے لیے منظور شدہ' },
    { name: 'WHO فہرست میں شامل', detail: 'عالمی صحت پروگراموں کا فہرست شدہ سپلائر' },
  ],
  ar: [
    { name: 'ISO 13485', detail: 'إدارة جودة معتمدة للأجهزة الطبية' },
    { name: 'علامة CE', detail: 'مطابق لمعايير الصحة والسلامة الأوروبية' },
    { name: 'معتمد من FDA', detail: 'مُجاز لسوق الولايات المتحدة' },
    { name: 'مدرج لدى WHO', detail: 'مورّد مدرج لبرامج الصحة العالمية' },
  ],
};

export function certifications(locale: Locale): Certification[] {
  return TEXT[locale].map((text, index) => ({ ...text, icon: ICONS[index]! }));
}
