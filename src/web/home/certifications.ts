import { Award, BadgeCheck, Globe2, ShieldCheck, type LucideIcon } from 'lucide-react';

export interface Certification {
  name: string;
  detail: string;
  icon: LucideIcon;
}

export const CERTIFICATIONS: Certification[] = [
  { name: 'ISO 13485', detail: 'Certified quality management for medical devices', icon: ShieldCheck },
  { name: 'CE Marked', detail: 'Conforms to European health and safety standards', icon: BadgeCheck },
  { name: 'FDA Approved', detail: 'Cleared for the United States market', icon: Award },
  { name: 'WHO Listed', detail: 'Listed supplier for global health programmes', icon: Globe2 },
];
