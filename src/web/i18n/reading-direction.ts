import { getLocale, isRtl } from './locale-store.ts';

/**
 * What a left or right arrow key means in a horizontal tab list: +1 moves on in reading order, -1 back, so in
 * Urdu and Arabic the left arrow moves on. 0 for any other key.
 */
export function arrowStep(key: string): 1 | -1 | 0 {
  const forward = isRtl(getLocale()) ? 'ArrowLeft' : 'ArrowRight';
  const back = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
  return key === forward ? 1 : key === back ? -1 : 0;
}
