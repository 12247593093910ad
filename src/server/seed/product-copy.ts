import type { InstrumentFamily } from '../media/instrument-families.ts';
import { escapeHtml } from '../lib/mail-layout.ts';
import type { ProductKind } from './instrument-type.ts';
import { TUNGSTEN_CARBIDE, type ProductVariant } from './product-variant.ts';
import type { Random } from './random.ts';

const FAMILY_FEATURES: Partial<Record<InstrumentFamily, string[]>> = {
  scissors: ['Blades are honed to cut cleanly all the way to the tip.', 'Screw joint is set for smooth, even blade tension.'],
  forceps: ['Tips meet precisely along their full working length.', 'Spring tension is set for a light, controlled grip.'],
  'needle-holder': ['Three-step ratchet gives a secure hold on the needle.', 'Jaw pattern stops the needle from twisting while suturing.'],
  hemostat: ['Box-lock joint is machined to close tolerances for smooth action.', 'Three-step ratchet allows graduated, secure clamping.'],
  clamp: ['Ratchet lock holds the jaws closed with controlled pressure.', 'Jaws are aligned so they close evenly along their length.'],
  retractor: ['Smooth, rounded blade edges protect tissue during retraction.', 'Hollow handle gives a secure grip with little weight.'],
  'self-retaining-retractor': ['Ratchet mechanism holds the exposure without an assistant.', 'Quick-release lock for fast removal at the end of the procedure.'],
  rongeur: ['Sharp cutting edges take clean bites without tearing.', 'Spring-loaded handles reopen after every bite.'],
  scalpel: ['Fits standard disposable blades securely.', 'Textured grip area gives control even when wet.'],
  elevator: ['Thin, smooth working end slips cleanly between tissue planes.', 'Octagonal handle gives a secure, rotatable grip.'],
  curette: ['Sharp cup edges scrape efficiently with little force.', 'Hollow handle keeps the instrument light and balanced.'],
  probe: ['Clear, permanent markings for reliable readings.', 'Smooth, rounded tip avoids tissue damage.'],
  speculum: ['Smooth, rounded blades for patient comfort.', 'Opens smoothly and holds its position.'],
  'speculum-nasal': ['Smooth blades open the nostril without trauma.', 'Spring action returns the blades to closed.'],
  osteotome: ['Beveled edge is hardened to cut bone precisely.', 'Solid striking cap withstands repeated mallet blows.'],
  mallet: ['Balanced head delivers controlled, repeatable impact.', 'Non-slip handle for a firm grip.'],
  'bone-saw': ['Cuts bone quickly with little heat build-up.'],
  drill: ['Smooth crank action for controlled drilling.'],
  'suction-tube': ['Thumb port lets the surgeon control suction with one finger.', 'Smooth, burr-free lumen resists clogging.'],
  dilator: ['Smooth, polished tips dilate gently and evenly.', 'Sizes are engraved on every dilator.'],
  trocar: ['Valve keeps insufflation pressure during instrument exchange.', 'Fully dismantles for thorough cleaning.'],
  tenaculum: ['Sharp points hold securely with minimal tissue trauma.', 'Ratchet lock keeps a steady grip.'],
  hook: ['Fine points lift tissue without crushing it.', 'Slim shaft keeps the view of the field clear.'],
  'dental-mirror': ['Mirror head is sealed against moisture during reprocessing.', 'Standard cone-socket thread fits common handles.'],
  'dental-explorer': ['Fine, flexible tip conveys tactile detail.', 'Lightweight hollow handle reduces hand fatigue.'],
  'extraction-forceps': ['Beaks are shaped to the root anatomy for a secure grip.', 'Serrated beaks prevent slipping on the tooth.'],
  cannula: ['Smooth, burr-free lumen.', 'Clear depth markings on the shaft.'],
};

const KIND_FEATURES: Record<ProductKind, string[]> = {
  'hand-instrument': [
    'Passivated surface resists corrosion through repeated reprocessing.',
    'Withstands repeated steam sterilization at 134 °C.',
    'Laser-marked with brand and model number for instrument tracking.',
    'Hand-finished and individually inspected before packing.',
    'Balanced for precise control and reduced hand fatigue.',
  ],
  'powered-instrument': [
    'Sealed brushless motor; the handpiece withstands steam sterilization.',
    'Variable-speed trigger for precise control.',
    'Battery is inserted through an aseptic transfer cover and never needs sterilizing.',
    'Charge indicator on every battery pack.',
    'Balanced pistol grip reduces wrist strain.',
  ],
  implant: [
    'Supplied non-sterile in individual packaging with lot traceability.',
    'Laser-marked with size and lot number.',
    'Color-coded by size for quick identification on the tray.',
    'Compatible with standard small- and large-fragment instrument sets.',
  ],
  'diagnostic-instrument': [
    'Surfaces can be wiped with 70% alcohol between patients.',
    'Supplied with a storage case.',
    'Spare parts and accessories available from stock.',
  ],
  'electronic-device': [
    'Surfaces can be wiped with 70% alcohol or standard hospital disinfectant.',
    'Supplied with a user manual and all standard accessories.',
    'Service and calibration available through our technical support team.',
  ],
  'reprocessing-equipment': [
    'Installation guide and commissioning checklist included.',
    'Service kit and spare parts available from stock.',
    'Cycle records can be archived for traceability audits.',
  ],
  'sterile-supply': [
    'Compatible with common steam sterilization cycles.',
    'Manufactured under an ISO 13485 quality system.',
    'Lot-numbered for full traceability.',
  ],
};

function materialFeature(variant: ProductVariant): string | null {
  const { material, type } = variant;
  if (!material) return null;
  if (material === TUNGSTEN_CARBIDE) {
    return type.family === 'scissors'
      ? 'Tungsten carbide cutting edges stay sharp far longer than plain steel; gold-colored rings mark them on the tray.'
      : 'Tungsten carbide jaw inserts grip firmly and can be replaced when worn; gold-colored rings mark them on the tray.';
  }
  if (material.startsWith('Titanium')) {
    return type.kind === 'implant'
      ? 'Ti-6Al-4V titanium alloy is biocompatible, non-magnetic and lighter than steel.'
      : 'Lightweight, non-magnetic titanium reduces hand fatigue in long procedures.';
  }
  if (material.startsWith('316L')) return '316L implant-grade stainless steel to ISO 5832-1.';
  if (material.includes('AISI 420')) return 'Forged from German AISI 420 stainless steel and hardened for a long working life.';
  return 'Made from hardened AISI 410 stainless steel for strength and corrosion resistance.';
}

function finishFeature(finish: string | null): string | null {
  if (!finish) return null;
  if (finish.startsWith('Satin')) return 'Satin finish reduces glare under theater lights.';
  if (finish.startsWith('Mirror')) return 'Mirror-polished surface is easy to inspect and clean.';
  return 'Black anti-reflective coating eliminates glare under the operating microscope.';
}

/** 4–6 feature sentences: material and finish first, then type, family and general points. */
export function productFeatures(variant: ProductVariant, random: Random): string[] {
  const { type } = variant;
  const fixed = [materialFeature(variant), finishFeature(variant.finish)].filter((f): f is string => f !== null);
  const pool = [...(type.features ?? []), ...(FAMILY_FEATURES[type.family] ?? []), ...random.shuffle(KIND_FEATURES[type.kind])];
  const target = random.int(4, 6);
  return [...fixed, ...pool].slice(0, target);
}

/** '2 years' → '2-year warranty'. */
const warrantyPhrase = (variant: ProductVariant) => `${variant.warranty?.replace(/ years?$/, '-year')} warranty`;

function careSentence(variant: ProductVariant): string {
  switch (variant.type.kind) {
    case 'hand-instrument':
      return 'It is supplied non-sterile: clean and steam sterilize it before first use and reprocess it after every use as described in the instructions for use.';
    case 'powered-instrument':
      return 'The handpiece is steam sterilizable, while the battery is inserted through an aseptic transfer cover.';
    case 'implant':
      return 'Supplied non-sterile for single use only: sterilize before implantation and never reuse.';
    case 'diagnostic-instrument':
      return `Clean and disinfect it between patients as described in the instructions for use; it comes with a ${warrantyPhrase(variant)}.`;
    case 'electronic-device':
    case 'reprocessing-equipment':
      return `It is delivered with a user manual, standard accessories and a ${warrantyPhrase(variant)}.`;
    case 'sterile-supply':
      return variant.type.specs?.Reusable?.startsWith('No')
        ? 'It is for single use: discard it after the cycle or once the pack has been opened.'
        : 'It is reusable through repeated washer-disinfector and autoclave cycles.';
  }
}

function makerSentence(variant: ProductVariant): string {
  const { brand, material, finish } = variant;
  const maker = `Made by ${brand.name} in ${brand.country === 'United Kingdom' ? 'the United Kingdom' : brand.country}`;
  if (material && finish) return `${maker} from ${lowerFirst(material)} with a ${lowerFirst(finish)} finish.`;
  if (material) return `${maker} from ${lowerFirst(material)}.`;
  return `${maker}.`;
}

const lowerFirst = (text: string) => (/^[A-Z][a-z]/.test(text) && !text.startsWith('German') ? text[0].toLowerCase() + text.slice(1) : text);

/** The description as the storefront renders it, HTML: a brand such as "Smith & Nephew" is escaped. */
export function productDescription(variant: ProductVariant): string {
  return escapeHtml([`${variant.type.name} for ${variant.type.purpose}.`, makerSentence(variant), careSentence(variant)].join(' '));
}

/** The product's one line, true of every variant: its sizes and tips are chosen on the page. */
export function familyShortDescription(variant: ProductVariant): string {
  return `${variant.type.name} for ${variant.type.purpose}.`;
}
