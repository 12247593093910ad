export const HERO_INTERVAL_MS = 4000;

export function nextSlideIndex(current: number, slideCount: number): number {
  return slideCount > 0 ? (current + 1) % slideCount : 0;
}
