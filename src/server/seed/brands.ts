import type { ProductKind } from './instrument-type.ts';

export interface Brand {
  name: string;
  /** Model numbers are `${prefix}-<digits>`. */
  prefix: string;
  country: string;
  /** Shifts the brand's prices within a type's price range (premium makers are higher). */
  priceTier: number;
  kinds: readonly ProductKind[];
  /** Specialist makers only sell in these categories. */
  categories?: readonly string[];
}

const INSTRUMENTS: ProductKind[] = ['hand-instrument'];

/** Invented maker names; "Sialkot Surgical" is the shop's own label. */
export const BRANDS: readonly Brand[] = [
  { name: 'Sialkot Surgical', prefix: 'SS', country: 'Pakistan', priceTier: 0, kinds: ['hand-instrument', 'diagnostic-instrument', 'sterile-supply'] },
  { name: 'Zenith Instruments', prefix: 'ZI', country: 'Pakistan', priceTier: -0.05, kinds: INSTRUMENTS },
  { name: 'Ravi Surgical Works', prefix: 'RSW', country: 'Pakistan', priceTier: -0.1, kinds: INSTRUMENTS },
  { name: 'Chenab Medical', prefix: 'CHM', country: 'Pakistan', priceTier: -0.05, kinds: ['hand-instrument', 'sterile-supply'] },
  { name: 'Indus Precision', prefix: 'IP', country: 'Pakistan', priceTier: 0.05, kinds: ['hand-instrument', 'implant'] },
  { name: 'Karl Medics', prefix: 'KM', country: 'Germany', priceTier: 0.15, kinds: ['hand-instrument', 'powered-instrument', 'implant'] },
  { name: 'Nordhoff Medizintechnik', prefix: 'NMT', country: 'Germany', priceTier: 0.2, kinds: ['hand-instrument', 'powered-instrument', 'implant', 'reprocessing-equipment'] },
  { name: 'Albion Theatre Supplies', prefix: 'ATS', country: 'United Kingdom', priceTier: 0.05, kinds: ['hand-instrument', 'sterile-supply'] },
  { name: 'Opticus Ophthalmic', prefix: 'OPT', country: 'Switzerland', priceTier: 0.15, kinds: ['hand-instrument', 'electronic-device'], categories: ['ophthalmology'] },
  { name: 'Dentaro Instruments', prefix: 'DNT', country: 'Italy', priceTier: 0, kinds: INSTRUMENTS, categories: ['dental'] },
  { name: 'Vitalis Diagnostics', prefix: 'VD', country: 'Taiwan', priceTier: 0, kinds: ['diagnostic-instrument', 'electronic-device'], categories: ['diagnostic-equipment'] },
  { name: 'Pulsewave Medical', prefix: 'PWM', country: 'South Korea', priceTier: 0.1, kinds: ['diagnostic-instrument', 'electronic-device'], categories: ['diagnostic-equipment', 'ophthalmology'] },
  { name: 'Clavis Sterile Systems', prefix: 'CSS', country: 'Italy', priceTier: 0.05, kinds: ['reprocessing-equipment', 'sterile-supply'] },
];

export function brandsFor(kind: ProductKind, category: string): Brand[] {
  return BRANDS.filter((b) => b.kinds.includes(kind) && (!b.categories || b.categories.includes(category)));
}
