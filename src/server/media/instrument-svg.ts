import type { Drawing } from './drawing.ts';
import { INSTRUMENT_FAMILIES, type InstrumentFamily } from './instrument-families.ts';
import { INSTRUMENT_DRAWINGS } from './instrument-drawings.ts';
import { angledView, backdrop, closeUpView, fullView, presentationView } from './scenes.ts';
import { paintDefs, svgDocument } from './svg-kit.ts';
import { variationFor, type Variation } from './variation.ts';

export type ImageView = 1 | 2 | 3 | 4;

export const renderDrawing = (drawing: Drawing, v: Variation, view: ImageView): string =>
  svgDocument(800, 800, paintDefs(v.accent) + backdrop(v, 800, 800) + VIEWS[view](drawing, v));

const VIEWS: Record<ImageView, (d: Drawing, v: Variation) => string> = {
  1: fullView,
  2: angledView,
  3: closeUpView,
  4: presentationView,
};

export const isInstrumentFamily = (value: string): value is InstrumentFamily =>
  (INSTRUMENT_FAMILIES as readonly string[]).includes(value);

/** One product shot: the family's drawing, varied by the type slug, in one of four compositions. */
export function renderInstrumentSvg(family: InstrumentFamily, typeSlug: string, view: ImageView): string {
  const v = variationFor(typeSlug);
  return renderDrawing(INSTRUMENT_DRAWINGS[family](v), v, view);
}
