import type { InstrumentType, ProductKind } from './instrument-type.ts';

export interface CertificationSeed {
  code: string;
  name: string;
  /** What the certificate covers, printed on the certificate PDF. */
  scope: string;
  validityYears: number;
  kinds?: readonly ProductKind[];
  types?: readonly string[];
  /** Only for products whose material contains this text. */
  material?: string;
}

const ALL_KINDS: ProductKind[] = [
  'hand-instrument', 'powered-instrument', 'implant', 'diagnostic-instrument', 'electronic-device', 'reprocessing-equipment', 'sterile-supply',
];

/** ISO 13485 comes first: every product carries it. */
export const CERTIFICATIONS: readonly CertificationSeed[] = [
  { code: 'ISO 13485', name: 'ISO 13485:2016 Medical devices – Quality management systems', validityYears: 3, kinds: ALL_KINDS,
    scope: 'Design, manufacture, inspection and distribution of reusable surgical instruments, orthopedic implants, sterilization products and diagnostic equipment.' },
  { code: 'CE', name: 'CE marking – EU Medical Device Regulation (EU) 2017/745, Class I / IIa', validityYears: 5, kinds: ALL_KINDS,
    scope: 'Class I reusable surgical instruments and Class IIa devices listed in the technical documentation held by the manufacturer.' },
  { code: 'ISO 9001', name: 'ISO 9001:2015 Quality management systems', validityYears: 3, kinds: ALL_KINDS,
    scope: 'Sourcing, warehousing, order fulfilment and after-sales service of medical devices.' },
  { code: 'ISO 7153-1', name: 'ISO 7153-1 Surgical instruments – Materials – Part 1: Metals', validityYears: 3, kinds: ['hand-instrument'],
    scope: 'Conformity of martensitic and austenitic stainless steels and titanium used for surgical instruments with ISO 7153-1.' },
  { code: 'WHO GMP', name: 'WHO Good Manufacturing Practices', validityYears: 3, kinds: ['hand-instrument', 'implant', 'sterile-supply'],
    scope: 'Manufacturing, cleaning, passivation, packaging and labeling of surgical instruments and implants.' },
  { code: 'FDA 510(k)', name: 'FDA 510(k) premarket notification clearance', validityYears: 5,
    kinds: ['powered-instrument', 'implant', 'diagnostic-instrument', 'electronic-device', 'reprocessing-equipment'],
    scope: 'Devices cleared for marketing in the United States as substantially equivalent to a legally marketed predicate device.' },
  { code: 'IEC 60601-1', name: 'IEC 60601-1 Medical electrical equipment – Basic safety and essential performance', validityYears: 5,
    kinds: ['powered-instrument', 'electronic-device'],
    scope: 'Electrical safety, essential performance and electromagnetic compatibility (IEC 60601-1-2) of powered and electronic medical devices.' },
  { code: 'EN 13060', name: 'EN 13060 Small steam sterilizers', validityYears: 5,
    types: ['benchtop-autoclave-class-b', 'benchtop-autoclave-class-n'],
    scope: 'Type testing of benchtop steam sterilizers with chambers below 60 liters, including Class B and Class N cycles.' },
  { code: 'ISO 11140-1', name: 'ISO 11140-1 Sterilization of health care products – Chemical indicators', validityYears: 3,
    types: ['steam-indicator-tape', 'self-sealing-sterilization-pouches', 'bowie-dick-test-pack'],
    scope: 'Performance of process and test indicators for steam sterilization.' },
  { code: 'ISO 5832-3', name: 'ISO 5832-3 Implants for surgery – Wrought titanium 6-aluminium 4-vanadium alloy', validityYears: 3,
    kinds: ['implant'], material: 'Titanium',
    scope: 'Chemical composition and mechanical properties of Ti-6Al-4V bar and plate used for bone plates and screws.' },
  { code: 'ISO 5832-1', name: 'ISO 5832-1 Implants for surgery – Wrought stainless steel', validityYears: 3,
    kinds: ['implant'], material: '316L',
    scope: 'Chemical composition and mechanical properties of 316L implant-grade stainless steel used for bone plates and screws.' },
  { code: 'DRAP', name: 'DRAP registration – Medical Devices Rules 2017 (Pakistan)', validityYears: 5,
    kinds: ['hand-instrument', 'powered-instrument', 'implant', 'reprocessing-equipment', 'sterile-supply'],
    scope: 'Enlistment and registration of the listed medical devices with the Drug Regulatory Authority of Pakistan for sale in Pakistan.' },
];

export function certificationsFor(type: InstrumentType, material: string): CertificationSeed[] {
  return CERTIFICATIONS.filter((c) =>
    (c.kinds?.includes(type.kind) || c.types?.includes(type.slug)) && (!c.material || material.includes(c.material)));
}
