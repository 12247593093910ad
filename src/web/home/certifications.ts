import type { TFunction } from 'i18next';
import { Award, BadgeCheck, Globe2, ShieldCheck, type LucideIcon } from 'lucide-react';

export interface Certification {
  name: string;
  detail: string;
  icon: LucideIcon;
}

const ICONS: LucideIcon[] = [ShieldCheck, BadgeCheck, Award, Globe2];

export function certifications(t: TFunction<'home'>): Certification[] {
  return t('certificationList', { returnObjects: true }).map((text, index) => ({ ...text, icon: ICONS[index]! }));
}
