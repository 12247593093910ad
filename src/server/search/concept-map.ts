/**
 * The curated medical synonym layer behind semantic matches: lay words, procedures, anatomy and specialties
 * mapped to the shop's instrument types (products.instrument_type) and category slugs. A term matches when
 * it appears in the query as whole words; a plural 's' on the query's last word is ignored.
 */
export interface Concept {
  /** Lower-case phrases that name the concept. */
  terms: string[];
  /** Shown as an 'intent' suggestion. */
  label: string;
  types?: string[];
  categories?: string[];
}

const CARDIAC_CLAMPS = ['satinsky-clamp', 'cooley-vascular-clamp', 'debakey-bulldog-clamp', 'debakey-atraumatic-forceps'];
const TONSIL = ['eves-tonsil-snare', 'boyle-davis-mouth-gag', 'beckmann-adenoid-curette'];
const EXTRACTION = ['upper-molar-extraction-forceps', 'lower-molar-extraction-forceps', 'coupland-elevator', 'cryer-elevator'];
const AUTOCLAVES = ['benchtop-autoclave-class-b', 'benchtop-autoclave-class-n'];
const BP = ['aneroid-sphygmomanometer', 'automatic-blood-pressure-monitor'];
const OXIMETERS = ['fingertip-pulse-oximeter', 'handheld-pulse-oximeter'];
const THERMOMETERS = ['digital-clinical-thermometer', 'infrared-forehead-thermometer'];
const STETHOSCOPES = ['cardiology-stethoscope', 'dual-head-stethoscope'];
const HEMOSTATS = ['kelly-hemostat', 'crile-hemostat', 'halsted-mosquito-forceps'];
const NEEDLE_HOLDERS = ['mayo-hegar-needle-holder', 'castroviejo-needle-holder', 'ryder-needle-holder', 'heaney-needle-holder',
  'gillies-needle-holder', 'barraquer-needle-holder'];
const SPECULA = ['graves-vaginal-speculum', 'cusco-vaginal-speculum', 'kogan-endocervical-speculum'];
const BONE_SCREWS = ['cortical-bone-screw', 'cancellous-bone-screw', 'locking-compression-plate'];
const RONGEURS = ['kerrison-rongeur', 'leksell-rongeur', 'stille-luer-rongeur'];
const LARYNGOSCOPES = ['macintosh-laryngoscope-set', 'miller-laryngoscope-blade'];
const SCALPELS = ['scalpel-handle-no-3', 'scalpel-handle-no-4', 'scalpel-handle-no-7'];
const ABDOMINAL_RETRACTORS = ['balfour-retractor', 'deaver-retractor', 'richardson-retractor', 'doyen-retractor'];

export const CONCEPTS: readonly Concept[] = [
  // Procedures
  { terms: ['heart surgery', 'cardiac surgery', 'open heart', 'bypass', 'cabg', 'heart clamp', 'vascular clamp'],
    label: 'Cardiovascular clamps', types: CARDIAC_CLAMPS, categories: ['cardiology'] },
  { terms: ['sternotomy', 'chest opening', 'open the chest', 'thoracotomy'], label: 'Sternotomy and rib spreaders',
    types: ['finochietto-rib-spreader', 'ankeney-sternal-retractor', 'sternal-saw'], categories: ['cardiology'] },
  { terms: ['vascular surgery', 'blood vessel', 'artery', 'arteries', 'vein', 'aorta', 'anastomosis'],
    label: 'Vascular instruments', types: [...CARDIAC_CLAMPS, 'potts-smith-scissors', 'garrett-vascular-dilator', 'aortic-punch'],
    categories: ['cardiology'] },
  { terms: ['tonsil removal', 'tonsillectomy', 'tonsil', 'tonsils', 'adenoid', 'adenoidectomy'],
    label: 'Tonsillectomy instruments', types: TONSIL, categories: ['ent'] },
  { terms: ['sinus surgery', 'nose surgery', 'septoplasty', 'nasal packing', 'nosebleed'],
    label: 'Nasal instruments', types: ['killian-nasal-speculum', 'tilley-nasal-forceps', 'blakesley-nasal-forceps', 'freer-septum-elevator'],
    categories: ['ent'] },
  { terms: ['ear wax', 'earwax', 'ear cleaning', 'foreign body in ear', 'ear exam'],
    label: 'Ear instruments', types: ['hartmann-ear-forceps', 'hartmann-ear-speculum', 'jobson-horne-probe', 'fiber-optic-otoscope'],
    categories: ['ent'] },
  { terms: ['mastoidectomy', 'mastoid'], label: 'Mastoid surgery', types: ['jansen-mastoid-retractor'], categories: ['ent'] },
  { terms: ['cataract', 'cataract surgery', 'lens implant', 'iol'], label: 'Cataract surgery instruments',
    types: ['vannas-capsulotomy-scissors', 'sinskey-hook', 'colibri-forceps', 'mcpherson-tying-forceps', 'barraquer-eye-speculum'],
    categories: ['ophthalmology'] },
  { terms: ['eye surgery', 'eye', 'eyes', 'ocular', 'cornea', 'corneal', 'eyelid', 'retina'], label: 'Eye surgery instruments',
    categories: ['ophthalmology'] },
  { terms: ['tear duct', 'lacrimal'], label: 'Lacrimal probes', types: ['bowman-lacrimal-probe'], categories: ['ophthalmology'] },
  { terms: ['stye', 'chalazion'], label: 'Chalazion instruments', types: ['chalazion-curette'], categories: ['ophthalmology'] },
  { terms: ['tooth extraction', 'tooth removal', 'pull a tooth', 'pulling teeth', 'extraction', 'wisdom tooth', 'molar'],
    label: 'Tooth extraction instruments', types: EXTRACTION, categories: ['dental'] },
  { terms: ['teeth cleaning', 'scaling', 'tartar', 'plaque', 'gum disease', 'periodontal', 'gums'],
    label: 'Periodontal instruments', types: ['gracey-curette', 'sickle-scaler', 'periodontal-probe'], categories: ['dental'] },
  { terms: ['dental exam', 'check up teeth', 'cavity', 'cavities'], label: 'Dental examination kit',
    types: ['dental-mouth-mirror', 'dental-explorer', 'periodontal-probe', 'college-tweezers'], categories: ['dental'] },
  { terms: ['dental anesthesia', 'dental injection', 'local anesthetic'], label: 'Dental syringes',
    types: ['aspirating-cartridge-syringe'], categories: ['dental'] },
  { terms: ['c-section', 'c section', 'caesarean', 'cesarean', 'caesarian', 'cesarian'], label: 'Caesarean section instruments',
    types: ['doyen-retractor', 'simpson-obstetric-forceps', 'heaney-needle-holder', 'bozeman-dressing-forceps'],
    categories: ['obstetrics-gynecology'] },
  { terms: ['delivery', 'childbirth', 'labour', 'labor', 'birth', 'obstetric', 'obstetrics', 'midwife', 'midwifery'],
    label: 'Obstetric delivery instruments', types: ['simpson-obstetric-forceps'], categories: ['obstetrics-gynecology'] },
  { terms: ['hysterectomy', 'uterus removal'], label: 'Hysterectomy instruments',
    types: ['heaney-hysterectomy-forceps', 'heaney-needle-holder', 'pozzi-tenaculum', 'doyen-retractor'], categories: ['obstetrics-gynecology'] },
  { terms: ['pap smear', 'pelvic exam', 'gynecological exam', 'gynaecological exam', 'vaginal exam', 'colposcopy'],
    label: 'Gynaecological specula', types: SPECULA, categories: ['obstetrics-gynecology'] },
  { terms: ['d&c', 'dilation and curettage', 'curettage', 'iud insertion', 'iud', 'cervix', 'cervical', 'uterus', 'uterine', 'womb'],
    label: 'Uterine instruments', types: ['hegar-uterine-dilators', 'sims-uterine-curette', 'sims-uterine-sound', 'pozzi-tenaculum',
      'schroeder-tenaculum'], categories: ['obstetrics-gynecology'] },
  { terms: ['fracture', 'broken bone', 'fracture fixation', 'bone plate', 'plating', 'internal fixation', 'orif'],
    label: 'Fracture fixation', types: [...BONE_SCREWS, 'verbrugge-bone-clamp', 'lowman-bone-clamp'], categories: ['orthopedics'] },
  { terms: ['bone', 'bones', 'skeleton', 'joint', 'joints', 'knee', 'hip', 'orthopaedic', 'orthopaedics'],
    label: 'Orthopedic instruments', categories: ['orthopedics'] },
  { terms: ['amputation', 'bone cutting', 'cut bone'], label: 'Bone cutting instruments',
    types: ['gigli-saw', 'liston-bone-cutter', 'lambotte-osteotome', 'stille-luer-rongeur'], categories: ['orthopedics'] },
  { terms: ['drill', 'power tool', 'bone drill'], label: 'Orthopedic drills', types: ['orthopedic-drill'], categories: ['orthopedics'] },
  { terms: ['brain', 'brain surgery', 'craniotomy', 'skull', 'cranial', 'aneurysm', 'head surgery'], label: 'Cranial neurosurgery',
    types: ['yasargil-clip-applier', 'yasargil-micro-scissors', 'hudson-cranial-brace', 'adson-cerebellar-retractor', 'frazier-dura-hook',
      'penfield-dissector', 'cushing-ventricular-cannula'], categories: ['neurosurgery'] },
  { terms: ['spine', 'spinal', 'spine surgery', 'back surgery', 'laminectomy', 'disc', 'vertebra', 'vertebrae', 'discectomy'],
    label: 'Spinal surgery instruments', types: [...RONGEURS, 'gelpi-retractor', 'weitlaner-retractor', 'penfield-dissector'],
    categories: ['neurosurgery'] },
  { terms: ['nerve', 'nerves', 'neuro'], label: 'Neurosurgery instruments', categories: ['neurosurgery'] },
  { terms: ['rhinoplasty', 'nose job', 'nose reshaping'], label: 'Rhinoplasty instruments',
    types: ['aufricht-nasal-retractor', 'cottle-osteotome'], categories: ['plastic-surgery'] },
  { terms: ['liposuction', 'lipo', 'fat removal'], label: 'Liposuction cannulas', types: ['liposuction-cannula'], categories: ['plastic-surgery'] },
  { terms: ['cosmetic', 'cosmetic surgery', 'aesthetic', 'facelift', 'face lift', 'skin graft', 'reconstructive'],
    label: 'Plastic surgery instruments', categories: ['plastic-surgery'] },
  { terms: ['stitches', 'stitch', 'suture', 'suturing', 'sewing', 'wound closure', 'stitching'], label: 'Suturing instruments',
    types: [...NEEDLE_HOLDERS, 'adson-tissue-forceps', 'adson-brown-forceps', 'iris-scissors'] },
  { terms: ['stop bleeding', 'bleeding', 'hemostasis', 'haemostasis', 'clamp a vessel', 'bleeder'], label: 'Hemostatic forceps',
    types: [...HEMOSTATS, 'mixter-forceps'] },
  { terms: ['cut tissue', 'dissection', 'dissecting', 'cutting tissue'], label: 'Dissecting scissors',
    types: ['metzenbaum-scissors', 'mayo-scissors', 'iris-scissors', 'stevens-tenotomy-scissors', 'ragnell-scissors'] },
  { terms: ['incision', 'cut skin', 'blade', 'knife', 'scalpel'], label: 'Scalpel handles', types: SCALPELS },
  { terms: ['abdominal surgery', 'laparotomy', 'abdomen', 'belly', 'stomach surgery', 'bowel', 'intestine', 'appendix',
    'appendectomy', 'hernia', 'gallbladder'], label: 'Abdominal surgery instruments',
  types: [...ABDOMINAL_RETRACTORS, 'babcock-forceps', 'allis-tissue-forceps', 'poole-suction-tube'], categories: ['general-surgery'] },
  { terms: ['keyhole', 'keyhole surgery', 'laparoscopy', 'laparoscopic', 'minimally invasive'], label: 'Laparoscopic access',
    types: ['laparoscopic-trocar'], categories: ['general-surgery'] },
  { terms: ['hold back tissue', 'retract', 'retraction', 'wound spreader', 'hold wound open'], label: 'Retractors',
    types: [...ABDOMINAL_RETRACTORS, 'senn-retractor', 'gelpi-retractor', 'weitlaner-retractor', 'hohmann-retractor'] },
  { terms: ['suction', 'aspiration', 'suck blood', 'drain fluid'], label: 'Suction tubes',
    types: ['poole-suction-tube', 'frazier-suction-tube'] },
  { terms: ['grab tissue', 'hold tissue', 'tweezers', 'pick up tissue', 'grasping'], label: 'Tissue forceps',
    types: ['adson-tissue-forceps', 'allis-tissue-forceps', 'babcock-forceps', 'cushing-forceps', 'adson-brown-forceps', 'college-tweezers'] },
  { terms: ['general surgery', 'basic surgical set', 'minor surgery', 'surgical kit'], label: 'General surgery instruments',
    categories: ['general-surgery'] },
  // Reprocessing
  { terms: ['sterilize', 'sterilise', 'sterilizer', 'steriliser', 'sterilizing', 'sterilising', 'steam sterilization', 'autoclave'],
    label: 'Autoclaves and sterilizers', types: AUTOCLAVES, categories: ['sterilization'] },
  { terms: ['disinfect', 'disinfection', 'clean instruments', 'instrument cleaning', 'decontamination'], label: 'Instrument cleaning',
    types: ['ultrasonic-instrument-cleaner', ...AUTOCLAVES], categories: ['sterilization'] },
  { terms: ['pouch', 'pouches', 'packaging', 'wrap instruments', 'seal'], label: 'Sterilization packaging',
    types: ['self-sealing-sterilization-pouches', 'pouch-heat-sealer'], categories: ['sterilization'] },
  { terms: ['instrument storage', 'instrument tray', 'instrument box', 'storage container'], label: 'Trays and containers',
    types: ['perforated-sterilization-tray', 'instrument-sterilization-cassette', 'rigid-sterilization-container'], categories: ['sterilization'] },
  { terms: ['sterility test', 'indicator', 'validation', 'bowie dick'], label: 'Sterilization indicators',
    types: ['steam-indicator-tape', 'bowie-dick-test-pack'], categories: ['sterilization'] },
  // Diagnostics
  { terms: ['blood pressure', 'bp', 'hypertension', 'bp monitor', 'bp machine', 'bp cuff'], label: 'Blood pressure monitors',
    types: BP, categories: ['diagnostic-equipment'] },
  { terms: ['oxygen', 'oxygen level', 'oxygen saturation', 'spo2', 'pulse', 'oximeter', 'oximetry'], label: 'Pulse oximeters',
    types: OXIMETERS, categories: ['diagnostic-equipment'] },
  { terms: ['fever', 'temperature', 'body temperature'], label: 'Thermometers', types: THERMOMETERS, categories: ['diagnostic-equipment'] },
  { terms: ['heartbeat', 'heart sounds', 'lung sounds', 'listen to heart', 'auscultation', 'breathing sounds'], label: 'Stethoscopes',
    types: STETHOSCOPES, categories: ['diagnostic-equipment'] },
  { terms: ['heart rhythm', 'ecg', 'ekg', 'electrocardiogram', 'arrhythmia', 'heart monitor'], label: 'ECG machines',
    types: ['twelve-lead-ecg-machine', 'multiparameter-patient-monitor'], categories: ['diagnostic-equipment'] },
  { terms: ['vital signs', 'vitals', 'icu', 'intensive care', 'patient monitoring'], label: 'Patient monitors',
    types: ['multiparameter-patient-monitor'], categories: ['diagnostic-equipment'] },
  { terms: ['ear infection', 'look in ear', 'ear check'], label: 'Otoscopes', types: ['fiber-optic-otoscope'], categories: ['diagnostic-equipment'] },
  { terms: ['eye exam', 'fundus', 'look in eye', 'eye check'], label: 'Ophthalmoscopes', types: ['direct-ophthalmoscope'],
    categories: ['diagnostic-equipment'] },
  { terms: ['intubation', 'intubate', 'airway', 'breathing tube', 'anesthesia', 'anaesthesia'], label: 'Laryngoscopes',
    types: LARYNGOSCOPES, categories: ['diagnostic-equipment'] },
  { terms: ['throat', 'voice box', 'larynx', 'vocal cords'], label: 'Laryngeal instruments',
    types: ['laryngeal-mirror', ...LARYNGOSCOPES], categories: ['ent'] },
  { terms: ['checkup', 'check-up', 'physical exam', 'diagnosis', 'diagnostic', 'clinic essentials', 'doctor bag'],
    label: 'Diagnostic equipment', categories: ['diagnostic-equipment'] },
  // Specialties and anatomy
  { terms: ['heart', 'cardiac', 'cardiovascular', 'cardiothoracic', 'chest'], label: 'Cardiovascular instruments', categories: ['cardiology'] },
  { terms: ['ear', 'ears', 'nose', 'sinus', 'otolaryngology', 'ear nose throat'], label: 'ENT instruments', categories: ['ent'] },
  { terms: ['tooth', 'teeth', 'dentist', 'dentistry', 'oral', 'mouth'], label: 'Dental instruments', categories: ['dental'] },
  { terms: ['pregnancy', 'pregnant', 'women', 'gynecology', 'gynaecology', 'gyn', 'obgyn', 'ob/gyn'],
    label: 'Obstetrics and gynaecology instruments', categories: ['obstetrics-gynecology'] },
  { terms: ['ophthalmic', 'eye doctor', 'optometry'], label: 'Ophthalmology instruments', categories: ['ophthalmology'] },
  { terms: ['skin', 'face', 'breast', 'scar'], label: 'Plastic surgery instruments', categories: ['plastic-surgery'] },
  { terms: ['micro surgery', 'microsurgery', 'fine work', 'delicate'], label: 'Microsurgical instruments',
    types: ['yasargil-micro-scissors', 'castroviejo-needle-holder', 'barraquer-needle-holder', 'westcott-tenotomy-scissors',
      'vannas-capsulotomy-scissors', 'castroviejo-calipers'] },
  { terms: ['magnifier', 'magnification', 'loupe', 'microscope'], label: 'Magnification',
    types: ['snellen-lens-loop', 'ophthalmic-operating-microscope'] },
];

export interface ConceptMatch {
  concept: Concept;
  /** Share of the query's words the matched term covers, 0–1. */
  coverage: number;
}

const words = (text: string) => text.toLowerCase().split(/[^a-z0-9&/-]+/).filter(Boolean);

function containsPhrase(haystack: string[], phrase: string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= haystack.length; i++) {
    for (let j = 0; j < phrase.length; j++) {
      const word = haystack[i + j];
      if (word !== phrase[j] && word !== `${phrase[j]}s`) continue outer;
    }
    return true;
  }
  return false;
}

/** The concepts a query names, best covered first. */
export function matchConcepts(query: string): ConceptMatch[] {
  const queryWords = words(query);
  if (!queryWords.length) return [];
  const matches: ConceptMatch[] = [];
  for (const concept of CONCEPTS) {
    let best = 0;
    for (const term of concept.terms) {
      const termWords = words(term);
      if (containsPhrase(queryWords, termWords)) best = Math.max(best, Math.min(1, termWords.length / queryWords.length));
    }
    if (best > 0) matches.push({ concept, coverage: best });
  }
  return matches.sort((a, b) => b.coverage - a.coverage);
}

/** Concepts one of whose terms starts with the typed text (for suggestions while typing). */
export function conceptsStartingWith(prefix: string): Concept[] {
  const typed = prefix.toLowerCase().trim();
  if (typed.length < 3) return [];
  return CONCEPTS.filter((c) => c.terms.some((t) => t.startsWith(typed)) || c.label.toLowerCase().startsWith(typed));
}
