import { Award, Building2, Globe2, Microscope, type LucideIcon } from 'lucide-react';

export interface HeroSlide {
  eyebrow: string;
  title: string;
  text: string;
  cta: { label: string; to: string };
  icon: LucideIcon;
  highlights: string[];
}

export const HERO_SLIDES: HeroSlide[] = [
  {
    eyebrow: 'Made in Sialkot since 2009',
    title: 'Precision surgical instruments, hand-finished by master craftsmen',
    text: 'Surgical-grade stainless steel, forged, ground and inspected piece by piece for theatres that cannot compromise.',
    cta: { label: 'Shop instruments', to: '/products' },
    icon: Microscope,
    highlights: ['German-grade AISI 410 & 420 steel', 'Every piece inspected before dispatch', 'Lifetime precision warranty'],
  },
  {
    eyebrow: 'For hospitals, clinics & distributors',
    title: 'Trusted by 500+ medical facilities',
    text: 'Business accounts get volume discounts, extended payment terms, a dedicated account manager and custom pricing.',
    cta: { label: 'Open a business account', to: '/register' },
    icon: Building2,
    highlights: ['Volume discounts', 'Extended payment terms', 'Dedicated account manager'],
  },
  {
    eyebrow: 'Certified quality',
    title: 'ISO 13485 certified, CE marked, FDA approved',
    text: 'A quality management system built for medical devices, with full traceability from raw steel to sterile pouch.',
    cta: { label: 'Our standards', to: '/about' },
    icon: Award,
    highlights: ['ISO 13485 quality system', 'CE marked & FDA approved', 'WHO listed supplier'],
  },
  {
    eyebrow: 'Shipping to 25+ countries',
    title: 'Complete sets for every specialty',
    text: 'Cardiology, neurosurgery, orthopedics and general surgery: from single instruments to fully equipped theatre sets.',
    cta: { label: 'Browse categories', to: '/categories' },
    icon: Globe2,
    highlights: ['Free shipping over $500 in Pakistan', 'Express 1–2 days in major cities', 'International delivery 7–14 days'],
  },
];
