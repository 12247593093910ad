import { EQUIPMENT_TYPES } from './equipment-types.ts';
import { SPECIALTY_INSTRUMENT_TYPES } from './specialty-instrument-types.ts';
import type { InstrumentType } from './instrument-type.ts';
import { SURGICAL_INSTRUMENT_TYPES } from './surgical-instrument-types.ts';

export const INSTRUMENT_TYPES: readonly InstrumentType[] = [
  ...SURGICAL_INSTRUMENT_TYPES,
  ...SPECIALTY_INSTRUMENT_TYPES,
  ...EQUIPMENT_TYPES,
];
