import type { InstrumentType, ProductKind } from './instrument-type.ts';

export interface IfuSection {
  heading: string;
  paragraphs?: string[];
  steps?: string[];
}

type KindText = Record<'description' | 'contraindications' | 'cleaning' | 'sterilization' | 'maintenance' | 'warnings' | 'storage', string[]>;

const REUSABLE_STEEL_CLEANING = [
  'At the point of use, wipe off gross soil with a lint-free cloth and keep the instrument moist; do not let blood or tissue dry on it.',
  'Transport it to reprocessing in a closed container, with joints and ratchets open.',
  'Pre-clean under cold running water (below 40 °C) with a soft nylon brush; flush any lumen with a water jet.',
  'Clean for 10 minutes in an ultrasonic bath at 35–40 kHz with a neutral or mildly alkaline enzymatic detergent (pH 7–10.5).',
  'Wash in a washer-disinfector validated to ISO 15883 with thermal disinfection at 90–93 °C for 5 minutes (A0 3000).',
  'Rinse with demineralized water and dry thoroughly, paying attention to joints, serrations and lumens.',
];

const STEAM_STERILIZATION = [
  'Package the instrument in sterilization pouches or wraps (ISO 11607, EN 868) or in a rigid sterilization container.',
  'Steam sterilize with a fractionated pre-vacuum cycle at 134 °C for at least 3 minutes, or as required by local regulations.',
  'Dry for at least 20 minutes and let packs cool before handling. Do not exceed 137 °C.',
  'Hot-air, radiation and chemical sterilization have not been validated for this device.',
];

const KIND_TEXT: Record<ProductKind, KindText> = {
  'hand-instrument': {
    description: ['Reusable surgical instrument made of surgical-grade stainless steel (ISO 7153-1) or titanium. Supplied non-sterile.'],
    contraindications: ['None known when used as intended. Do not use the instrument for any purpose other than the one described above.'],
    cleaning: REUSABLE_STEEL_CLEANING,
    sterilization: STEAM_STERILIZATION,
    maintenance: [
      'Inspect each instrument under magnification for residual soil, corrosion, cracks, blunt edges and misalignment.',
      'Lubricate joints and ratchets with a water-soluble, steam-permeable instrument lubricant before sterilization.',
      'Check function: jaws and tips must close evenly, ratchets must hold, cutting edges must cut cleanly.',
      'Withdraw damaged or corroded instruments from use and send them for repair.',
    ],
    warnings: [
      'Do not use saline, bleach, chloride-containing or strongly alkaline (pH above 11) products: they cause pitting and stress corrosion.',
      'Do not mix instruments of different metals in the same ultrasonic bath.',
      'Tungsten carbide inserts are hard but brittle: do not drop the instrument or use it to grip wire or other hard objects.',
      'Follow national guidance for instruments exposed to prion diseases.',
    ],
    storage: ['Store clean, dry and at room temperature, away from corrosive chemicals, in a way that protects tips and cutting edges.'],
  },
  'powered-instrument': {
    description: ['Battery-powered surgical handpiece with detachable attachments. Handpiece and attachments are supplied non-sterile; the battery is never sterilized.'],
    contraindications: ['Do not use the device near flammable anesthetic gases or in oxygen-enriched atmospheres.'],
    cleaning: [
      'Remove the battery and all attachments before cleaning. Never immerse the battery or the handpiece.',
      'Wipe the handpiece with a cloth moistened with neutral enzymatic detergent; brush the chuck and trigger area with a soft brush.',
      'Clean attachments and blades as reusable instruments, including ultrasonic cleaning.',
      'Wipe with a cloth moistened with demineralized water, then dry thoroughly and blow compressed air through the chuck.',
    ],
    sterilization: [
      'Steam sterilize the handpiece and attachments with a pre-vacuum cycle at 134 °C for 3 minutes, in the dedicated tray.',
      'Do not sterilize the battery. Insert it into the sterile handpiece using the aseptic transfer cover.',
      'Allow the handpiece to cool to room temperature before use; do not quench it in water.',
    ],
    maintenance: [
      'Check the trigger and speed control before every procedure.',
      'Charge batteries fully before surgery and replace them after the number of cycles stated by the charger.',
      'Send the handpiece for service every 12 months or when noise, heat or vibration increases.',
    ],
    warnings: [
      'Irrigate the cutting site to avoid thermal damage to bone and soft tissue.',
      'Use only the blades, drills and attachments specified for this handpiece.',
      'Keep fingers, gloves and drapes away from moving parts while the trigger is pressed.',
    ],
    storage: ['Store the handpiece dry; store batteries at 10–25 °C and recharge them at least every 3 months.'],
  },
  implant: {
    description: ['Single-use orthopedic implant made of titanium alloy (ISO 5832-3) or implant-grade stainless steel (ISO 5832-1). Supplied non-sterile.'],
    contraindications: [
      'Active or suspected infection at the implant site.',
      'Insufficient bone quantity or quality to hold the implant.',
      'Known sensitivity to the implant material.',
    ],
    cleaning: [
      'Implants are supplied clean and must not be reprocessed after contact with blood or tissue.',
      'Keep implants in their original packaging or implant tray until sterilization.',
    ],
    sterilization: [
      'Steam sterilize in the implant tray with a pre-vacuum cycle at 134 °C for 5 minutes, followed by at least 30 minutes of drying.',
      'Do not resterilize an implant that has been implanted or contaminated.',
    ],
    maintenance: ['Inspect implants before use; do not use any implant that is scratched, bent or damaged.'],
    warnings: [
      'Single use only. Never reuse an implant, even if it appears undamaged: fatigue and contamination are not visible.',
      'Do not combine titanium and stainless steel implants in the same construct.',
      'Do not bend plates repeatedly or at the screw holes.',
      'Patients should be told that the implant can loosen or break if the limb is loaded before the bone has healed.',
    ],
    storage: ['Store in the original packaging in a clean, dry place; keep the lot label for the patient record.'],
  },
  'diagnostic-instrument': {
    description: ['Reusable diagnostic instrument for use by trained healthcare professionals.'],
    contraindications: ['None known when used as intended.'],
    cleaning: [
      'Remove batteries and detachable parts before cleaning.',
      'Wipe all outer surfaces with a cloth moistened with 70% isopropyl alcohol or a hospital-grade disinfectant between patients.',
      'Do not immerse the instrument or let liquid enter the head or handle.',
    ],
    sterilization: [
      'The instrument body is not sterilizable.',
      'Metal specula, laryngoscope blades and other metal patient-contact parts may be cleaned and steam sterilized at 134 °C for 3 minutes after removing any light source.',
    ],
    maintenance: [
      'Check lamps, lenses, seals and tubing regularly and replace worn parts.',
      'Have gauges checked for calibration at least once a year.',
      'Remove batteries if the instrument will not be used for several weeks.',
    ],
    warnings: [
      'Findings must be interpreted by a qualified clinician.',
      'Use single-use covers or disinfect patient-contact parts between patients to prevent cross-infection.',
    ],
    storage: ['Store in the case supplied, at room temperature and away from direct sunlight.'],
  },
  'electronic-device': {
    description: ['Electronic medical device for professional use. Read the user manual supplied with the device before first use.'],
    contraindications: ['Not for use in an MRI environment or in the presence of flammable anesthetic gases.'],
    cleaning: [
      'Switch the device off and disconnect it from mains power before cleaning.',
      'Wipe the housing, display and cables with a soft cloth moistened with mild detergent or 70% isopropyl alcohol.',
      'Never immerse the device, spray liquid into openings or autoclave it.',
      'Clean reusable sensors and cuffs as described in their own instructions.',
    ],
    sterilization: ['The device and its sensors must not be sterilized.'],
    maintenance: [
      'Perform a functional check before each use: power-on self-test, alarms and display.',
      'Have electrical safety tested (IEC 62353) and measurement accuracy verified at least once a year.',
      'Replace damaged cables, sensors and batteries only with approved parts.',
    ],
    warnings: [
      'Measurements support but do not replace clinical judgement.',
      'Use only the accessories listed in the user manual.',
      'Connect the device only to a properly earthed mains socket.',
    ],
    storage: ['Store at -10 to 40 °C and 15–90% relative humidity, non-condensing; charge the battery every 3 months during storage.'],
  },
  'reprocessing-equipment': {
    description: ['Reprocessing equipment for clinics, dental practices and sterile services departments. Read the user manual supplied before installation.'],
    contraindications: ['Do not process liquids in sealed containers, textiles not intended for the process, or heat-sensitive devices.'],
    cleaning: [
      'Switch the unit off, let it cool and disconnect it from mains power before cleaning.',
      'Wipe the housing with a damp cloth and mild detergent; clean the chamber or tank and door seal with a soft cloth and demineralized water.',
      'Drain and clean water reservoirs or tanks weekly, or as stated in the user manual.',
    ],
    sterilization: ['Use only the validated programs described in the user manual; verify every cycle with the records and indicators supplied.'],
    maintenance: [
      'Install the unit on a level bench with at least 10 cm of free space around it, connected to an earthed socket.',
      'Run the daily test programs recommended in the user manual (for steam sterilizers: a Bowie-Dick or helix test).',
      'Use demineralized water with a conductivity below 15 µS/cm where water is required.',
      'Have the unit serviced and revalidated once a year by an authorized technician.',
    ],
    warnings: [
      'Do not open the door or lid while a cycle is running; surfaces and loads can be hot.',
      'Do not overload the chamber or tank; load instruments as shown in the user manual.',
    ],
    storage: ['Before transport or storage, drain all water and let the unit dry with the door open.'],
  },
  'sterile-supply': {
    description: ['Product for packing, holding or monitoring instruments through cleaning and sterilization.'],
    contraindications: ['None known when used as intended.'],
    cleaning: [
      'Reusable trays and containers: clean in a washer-disinfector with a neutral or mildly alkaline detergent and dry thoroughly.',
      'Single-use pouches, tapes and indicators are not cleaned or reused.',
    ],
    sterilization: [
      'Use with steam sterilization cycles at 121–134 °C.',
      'Load packs so that steam can circulate freely; do not stack pouches on top of each other.',
      'Read indicators after the cycle and before the pack is used; reject packs with an incomplete color change.',
    ],
    maintenance: ['Inspect reusable trays, lids, filters and seals before each use and replace damaged parts.'],
    warnings: ['Do not use single-use products after their expiry date or if the packaging is damaged.'],
    storage: ['Store at 15–30 °C and 30–70% relative humidity, away from direct sunlight and chemicals.'],
  },
};

export function ifuSections(type: InstrumentType): IfuSection[] {
  const text = KIND_TEXT[type.kind];
  const variants = [type.sizes.join(', '), type.patterns?.join(', ')].filter(Boolean).join('; ');
  return [
    { heading: 'Intended use', paragraphs: [`This device is intended for ${type.purpose}. It is for use by qualified healthcare professionals only.`] },
    { heading: 'Device description', paragraphs: [...text.description, `Available variants: ${variants}.`] },
    { heading: 'Contraindications', paragraphs: text.contraindications },
    { heading: 'Before first use', paragraphs: ['Remove all packaging and protective caps. Check the device for damage and, where it is supplied non-sterile, clean and sterilize it as described below before first use.'] },
    { heading: 'Cleaning and disinfection', steps: text.cleaning },
    { heading: 'Sterilization', steps: text.sterilization },
    { heading: 'Inspection and maintenance', steps: text.maintenance },
    { heading: 'Warnings and precautions', steps: text.warnings },
    { heading: 'Storage and disposal', paragraphs: [...text.storage, 'Decontaminate the device before disposal and dispose of it in line with local regulations for medical devices and electronic or metal waste.'] },
  ];
}
