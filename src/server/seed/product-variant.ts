import type { Brand } from './brands.ts';
import type { InstrumentType } from './instrument-type.ts';
import type { Random } from './random.ts';

/** One sellable variant of an instrument type: the inputs every product text and spec is built from. */
export interface ProductVariant {
  type: InstrumentType;
  brand: Brand;
  size: string;
  pattern: string | null;
  tc: boolean;
  material: string | null;
  finish: string | null;
  warranty: string | null;
}

export const TUNGSTEN_CARBIDE = 'Stainless steel with tungsten carbide inserts';
const STEELS = ['German stainless steel (AISI 420)', 'AISI 410 stainless steel'];
const FINISHES = ['Satin (anti-glare)', 'Mirror polish'];
const BLACK_COATED = 'Black coated (anti-reflective)';
const WARRANTIES = ['1 year', '2 years', '3 years'];

export function chooseMaterial(type: InstrumentType, tc: boolean, pattern: string | null, random: Random): string | null {
  if (type.kind === 'implant') return pattern;
  if (type.kind !== 'hand-instrument') return null;
  if (tc) return TUNGSTEN_CARBIDE;
  return random.pick(type.materials ?? STEELS);
}

export function chooseFinish(type: InstrumentType, material: string | null, random: Random): string | null {
  if (type.kind !== 'hand-instrument') return null;
  // Black anti-reflective coating is a microsurgery option, offered on the micro patterns only.
  if (type.materials && material?.startsWith('Titanium') && random.chance(0.5)) return BLACK_COATED;
  return random.chance(0.65) ? FINISHES[0] : FINISHES[1];
}

export function chooseWarranty(type: InstrumentType, random: Random): string | null {
  const warrantied = type.kind === 'electronic-device' || type.kind === 'reprocessing-equipment' || type.kind === 'powered-instrument'
    || type.kind === 'diagnostic-instrument';
  return warrantied ? random.pick(WARRANTIES) : null;
}

export function slugify(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
