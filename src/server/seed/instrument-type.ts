import type { InstrumentFamily } from '../media/instrument-families.ts';

/** Decides specifications, features, care text, certifications and stock levels. */
export type ProductKind =
  | 'hand-instrument'
  | 'powered-instrument'
  | 'implant'
  | 'diagnostic-instrument'
  | 'electronic-device'
  | 'reprocessing-equipment'
  | 'sterile-supply';

export interface InstrumentType {
  slug: string;
  name: string;
  category: string;
  family: InstrumentFamily;
  kind: ProductKind;
  /** Completes "<name> for <purpose>." */
  purpose: string;
  /** List price range in whole USD. */
  price: [number, number];
  /** Variant axis one, cheapest first; its spec key is `sizeLabel` (default 'Length'). */
  sizes: string[];
  sizeLabel?: string;
  /** Variant axis two; its spec key is `patternLabel` (default 'Pattern'). */
  patterns?: string[];
  patternLabel?: string;
  /** Also offered with tungsten carbide inserts. */
  tc?: boolean;
  materials?: string[];
  /** Fixed specifications shared by every variant. */
  specs?: Record<string, string>;
  features?: string[];
}
