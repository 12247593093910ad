import { describe, expect, it } from 'vitest';
import { nextSlideIndex } from './hero-rotation.ts';

describe('nextSlideIndex', () => {
  it('advances and wraps around', () => {
    expect(nextSlideIndex(0, 4)).toBe(1);
    expect(nextSlideIndex(2, 4)).toBe(3);
    expect(nextSlideIndex(3, 4)).toBe(0);
  });

  it('stays at 0 without slides', () => {
    expect(nextSlideIndex(0, 0)).toBe(0);
  });
});
