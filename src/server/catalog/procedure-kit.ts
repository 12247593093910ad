import type { InstrumentFamily } from '../media/instrument-families.ts';
import { INSTRUMENT_FAMILIES } from '../media/instrument-families.ts';
import { INSTRUMENT_TYPES } from '../seed/instrument-types.ts';

const FAMILY_OF = new Map<string, InstrumentFamily>(INSTRUMENT_TYPES.map((type) => [type.slug, type.family]));

/** The drawing family of an instrument type; a type outside the catalogue's list is its own family. */
export const familyOf = (instrumentType: string): string => FAMILY_OF.get(instrumentType) ?? instrumentType;

/**
 * Families in the order a procedure set is assembled (INSTRUMENT_FAMILIES lists scissors, forceps, needle holders,
 * hemostats, clamps and retractors first); unknown families come last.
 */
export function kitRank(family: string): number {
  const rank = (INSTRUMENT_FAMILIES as readonly string[]).indexOf(family);
  return rank === -1 ? INSTRUMENT_FAMILIES.length : rank;
}

/** One candidate per family other than the product's own, in kit order. */
export function assembleKit<T extends { instrumentType: string }>(ownType: string, candidates: T[], limit: number): T[] {
  const ownFamily = familyOf(ownType);
  const byFamily = new Map<string, T>();
  for (const candidate of candidates) {
    const family = familyOf(candidate.instrumentType);
    if (family !== ownFamily && !byFamily.has(family)) byFamily.set(family, candidate);
  }
  return [...byFamily.entries()]
    .sort(([a], [b]) => kitRank(a) - kitRank(b) || a.localeCompare(b))
    .slice(0, limit)
    .map(([, candidate]) => candidate);
}
