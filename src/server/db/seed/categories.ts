export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
  /** Sold only to business accounts with a verified licence: implants and instruments for work on the brain and spine. */
  restricted?: boolean;
}

/** In display order; sort_order is the index. */
export const CATEGORIES: readonly CategorySeed[] = [
  {
    slug: 'general-surgery',
    name: 'General Surgery',
    description: 'Scissors, forceps, needle holders, hemostats and retractors for open abdominal and soft-tissue surgery. The core patterns every operating-room set is built from.',
  },
  {
    slug: 'cardiology',
    name: 'Cardiology',
    description: 'Atraumatic vascular clamps, DeBakey forceps, fine needle holders and rib spreaders for cardiac and vascular surgery. Jaw patterns are designed to hold vessels without crushing the intima.',
  },
  {
    slug: 'neurosurgery',
    name: 'Neurosurgery',
    restricted: true,
    description: 'Rongeurs, dissectors, self-retaining retractors and suction tubes for cranial and spinal procedures. Fine, well-balanced instruments for work close to nerves and dura.',
  },
  {
    slug: 'orthopedics',
    name: 'Orthopedics',
    restricted: true,
    description: 'Osteotomes, mallets, bone clamps, curettes, powered drills and internal fixation implants for bone surgery. Built to withstand impact and repeated high-load use.',
  },
  {
    slug: 'ophthalmology',
    name: 'Ophthalmology',
    description: 'Micro scissors, corneal forceps, speculums, hooks and calipers for cataract, corneal and oculoplastic surgery. Precision tips finished for work under the operating microscope.',
  },
  {
    slug: 'ent',
    name: 'ENT',
    description: 'Nasal and ear specula, ear forceps, mouth gags, elevators and curettes for ear, nose and throat surgery and clinic examinations.',
  },
  {
    slug: 'dental',
    name: 'Dental',
    description: 'Mirrors, explorers, periodontal probes, scalers, elevators and extraction forceps for general dentistry and oral surgery.',
  },
  {
    slug: 'obstetrics-gynecology',
    name: 'Obstetrics & Gynecology',
    description: 'Vaginal specula, tenacula, uterine sounds, dilators, curettes and obstetric forceps for gynecological examination, surgery and delivery.',
  },
  {
    slug: 'plastic-surgery',
    name: 'Plastic Surgery',
    description: 'Delicate skin hooks, fine-toothed forceps, undermining scissors and small retractors for reconstructive and aesthetic surgery, where gentle tissue handling matters most.',
  },
  {
    slug: 'sterilization',
    name: 'Sterilization',
    description: 'Benchtop autoclaves, ultrasonic cleaners, trays, containers, pouches and indicators for reprocessing reusable instruments safely.',
  },
  {
    slug: 'diagnostic-equipment',
    name: 'Diagnostic Equipment',
    description: 'Stethoscopes, otoscopes, ophthalmoscopes, blood pressure monitors, pulse oximeters, ECG machines and patient monitors for the clinic and the ward.',
  },
];
