import type { ProductVariant } from './product-variant.ts';

export type Specification = [key: string, value: string];

/** Ordered, unique-keyed specification list for one variant; keys depend on the kind of product. */
export function productSpecifications(variant: ProductVariant): Specification[] {
  const { type, brand } = variant;
  const specs = new Map<string, string>();
  const add = (key: string, value: string | null | undefined) => {
    if (value && !specs.has(key)) specs.set(key, value);
  };

  if (type.kind === 'hand-instrument' || type.kind === 'implant') add('Material', variant.material);
  add(type.sizeLabel ?? 'Length', variant.size);
  add(type.patternLabel ?? 'Pattern', variant.pattern);
  for (const [key, value] of Object.entries(type.specs ?? {})) add(key, value);

  switch (type.kind) {
    case 'hand-instrument':
      add('Finish', variant.finish);
      add('Sterilization', 'Autoclavable up to 134 °C');
      add('Reusable', 'Yes');
      add('Supplied', 'Non-sterile');
      break;
    case 'powered-instrument':
      add('Sterilization', 'Handpiece autoclavable at 134 °C; battery by aseptic transfer');
      add('Reusable', 'Yes');
      break;
    case 'implant':
      add('Standard', variant.material?.startsWith('Titanium') ? 'ISO 5832-3' : 'ISO 5832-1');
      add('Supplied', 'Non-sterile');
      add('Single use', 'Yes');
      break;
    case 'diagnostic-instrument':
      add('Cleaning', 'Wipe-disinfect between patients with 70% alcohol');
      add('Reusable', 'Yes');
      break;
    case 'electronic-device':
      add('Cleaning', 'Wipe with 70% alcohol; do not immerse or autoclave');
      break;
    case 'reprocessing-equipment':
    case 'sterile-supply':
      break;
  }
  add('Warranty', variant.warranty);
  add('Country of origin', brand.country);
  return [...specs];
}
