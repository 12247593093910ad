import type { Variation } from './variation.ts';

/**
 * How a drawing is staged: `long` instruments stand vertically with the working end at the top and
 * are rotated and pouched; `object`s stand upright and go on a tray; `equipment` stands on a counter at y = 650.
 */
export type Pose = 'long' | 'object' | 'equipment';

/** One instrument drawn in an 800×800 frame. */
export interface Drawing {
  body: string;
  pose: Pose;
  /** Where the close-up view zooms in. */
  focus: readonly [number, number];
  zoom?: number;
}

export type DrawInstrument = (v: Variation) => Drawing;
