/** Drawing families: every instrument type is drawn as one of these shapes. */
export const INSTRUMENT_FAMILIES = [
  'scissors', 'forceps', 'needle-holder', 'hemostat', 'clamp', 'retractor', 'self-retaining-retractor',
  'rongeur', 'scalpel', 'elevator', 'curette', 'probe', 'speculum', 'osteotome', 'mallet', 'bone-saw',
  'drill', 'suction-tube', 'dilator', 'trocar', 'tenaculum', 'hook', 'bone-plate', 'bone-screw',
  'stethoscope', 'otoscope', 'ophthalmoscope', 'laryngoscope', 'dental-mirror', 'dental-explorer',
  'extraction-forceps', 'autoclave', 'sterilization-tray', 'patient-monitor', 'blood-pressure-monitor',
  'pulse-oximeter', 'thermometer', 'ecg-machine', 'microscope', 'cannula', 'catheter', 'speculum-nasal',
] as const;
export type InstrumentFamily = (typeof INSTRUMENT_FAMILIES)[number];

/** Four views per product: full, angled, close-up detail, in its sterilisation pouch. */
export const IMAGE_VIEWS = [1, 2, 3, 4] as const;

export const instrumentImageUrl = (family: InstrumentFamily, typeSlug: string, view: number) =>
  `/media/instruments/${family}/${typeSlug}-${view}.svg`;
export const categoryImageUrl = (slug: string) => `/media/categories/${slug}.svg`;
