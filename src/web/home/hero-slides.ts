import type { TFunction } from 'i18next';
import { Award, Building2, Globe2, Microscope, type LucideIcon } from 'lucide-react';

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

/** The slides from the home catalogue, with the free-shipping threshold (the server's, as the visitor's money) written in. */
export function heroSlides(t: TFunction<'home'>, freeShipping: string): HeroSlide[] {
  return t('slides', { returnObjects: true, freeShipping }).map(({ cta, ...text }, index) => ({
    ...text,
    highlights: [...text.highlights],
    cta: { label: cta, to: SLIDE_LINKS[index]!.to },
    icon: SLIDE_LINKS[index]!.icon,
  }));
}
