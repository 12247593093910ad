import type { TFunction } from 'i18next';
import { Award, Building2, Globe2, Microscope, type LucideIcon } from 'lucide-react';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '#contracts/cart';
import { centsToNumber } from '#contracts/money';

export interface HeroSlide {
  eyebrow: string;
  title: string;
  text: string;
  cta: { label: string; to: string };
  icon: LucideIcon;
  highlights: string[];
}

const SLIDE_LINKS: Array<{ to: string; icon: LucideIcon }> = [
  { to: '/products', icon: Microscope },
  { to: '/register', icon: Building2 },
  { to: '/about', icon: Award },
  { to: '/categories', icon: Globe2 },
];

/** The slides from the home catalogue, with the free-shipping threshold written by `price`. */
export function heroSlides(t: TFunction<'home'>, price: (usd: number) => string): HeroSlide[] {
  const freeShipping = price(centsToNumber(FREE_SHIPPING_THRESHOLD_CENTS));
  return t('slides', { returnObjects: true, freeShipping }).map(({ cta, ...text }, index) => ({
    ...text,
    highlights: [...text.highlights],
    cta: { label: cta, to: SLIDE_LINKS[index]!.to },
    icon: SLIDE_LINKS[index]!.icon,
  }));
}
