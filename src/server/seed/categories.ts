import type { CategoryTranslations } from '../db/schema/catalog.ts';

export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
  /** Urdu and Arabic name and description. */
  translations: CategoryTranslations;
  /** Sold only to business accounts with a verified licence: implants and instruments for work on the brain and spine. */
  restricted?: boolean;
}

/** In display order; sort_order is the index. */
export const CATEGORIES: readonly CategorySeed[] = [
  {
    slug: 'general-surgery',
    name: 'General Surgery',
    description: 'Scissors, forceps, needle holders, hemostats and retractors for open abdominal and soft-tissue surgery. The core patterns every operating-room set is built from.',
    translations: {
      ur: {
        name: 'جنرل سرجری',
        description: 'قینچیاں، فورسیپس، نیڈل ہولڈر، ہیموسٹیٹ اور ریٹریکٹر، پیٹ اور نرم بافتوں کی کھلی سرجری کے لیے۔ یہی وہ بنیادی اوزار ہیں جن سے آپریشن تھیٹر کا ہر سیٹ بنتا ہے۔',
      },
      ar: {
        name: 'الجراحة العامة',
        description: 'مقصات وملاقط وحوامل إبر وملاقط إرقاء ومبعدات للجراحة المفتوحة في البطن والأنسجة الرخوة. الأنماط الأساسية التي تُبنى منها كل مجموعة أدوات في غرفة العمليات.',
      },
    },
  },
  {
    slug: 'cardiology',
    name: 'Cardiology',
    description: 'Atraumatic vascular clamps, DeBakey forceps, fine needle holders and rib spreaders for cardiac and vascular surgery. Jaw patterns are designed to hold vessels without crushing the intima.',
    translations: {
      ur: {
        name: 'امراضِ قلب',
        description: 'دل اور خون کی نالیوں کی سرجری کے لیے نالیوں کو نقصان نہ پہنچانے والے ویسکولر کلیمپ، ڈی بیکی فورسیپس، باریک نیڈل ہولڈر اور پسلیاں کھولنے والے ریب اسپریڈر۔ ان کے جبڑے نالی کو اس کی اندرونی تہہ کچلے بغیر تھامتے ہیں۔',
      },
      ar: {
        name: 'أمراض القلب',
        description: 'مشابك وعائية غير راضّة وملاقط ديبيكي وحوامل إبر دقيقة وموسّعات أضلاع لجراحة القلب والأوعية الدموية. صُمّمت فكوكها لتمسك الأوعية دون أن تسحق بطانتها الداخلية.',
      },
    },
  },
  {
    slug: 'neurosurgery',
    name: 'Neurosurgery',
    restricted: true,
    description: 'Rongeurs, dissectors, self-retaining retractors and suction tubes for cranial and spinal procedures. Fine, well-balanced instruments for work close to nerves and dura.',
    translations: {
      ur: {
        name: 'نیورو سرجری',
        description: 'کھوپڑی اور ریڑھ کی ہڈی کے آپریشنوں کے لیے رونجیور، ڈسیکٹر، خود ٹکنے والے ریٹریکٹر اور سکشن ٹیوبیں۔ اعصاب اور ڈیورا کے قریب کام کے لیے باریک اور متوازن اوزار۔',
      },
      ar: {
        name: 'جراحة الأعصاب',
        description: 'قواضم عظمية ومسلّخات ومبعدات ذاتية التثبيت وأنابيب شفط لعمليات الجمجمة والعمود الفقري. أدوات دقيقة حسنة التوازن للعمل قرب الأعصاب والأم الجافية.',
      },
    },
  },
  {
    slug: 'orthopedics',
    name: 'Orthopedics',
    restricted: true,
    description: 'Osteotomes, mallets, bone clamps, curettes, powered drills and internal fixation implants for bone surgery. Built to withstand impact and repeated high-load use.',
    translations: {
      ur: {
        name: 'آرتھوپیڈکس',
        description: 'ہڈیوں کی سرجری کے لیے اوسٹیوٹوم، ہتھوڑے، ہڈی کے کلیمپ، کیوریٹ، برقی ڈرل اور اندرونی فکسیشن کے امپلانٹ۔ ضرب اور بار بار بھاری استعمال سہنے کے لیے بنائے گئے۔',
      },
      ar: {
        name: 'جراحة العظام',
        description: 'أزاميل عظمية ومطارق ومشابك عظمية ومكاشط ومثاقب كهربائية وغرسات للتثبيت الداخلي في جراحة العظام. مصنوعة لتتحمل الطَّرق والاستخدام المتكرر تحت الأحمال العالية.',
      },
    },
  },
  {
    slug: 'ophthalmology',
    name: 'Ophthalmology',
    description: 'Micro scissors, corneal forceps, speculums, hooks and calipers for cataract, corneal and oculoplastic surgery. Precision tips finished for work under the operating microscope.',
    translations: {
      ur: {
        name: 'امراضِ چشم',
        description: 'موتیے، قرنیے اور پپوٹوں کی پلاسٹک سرجری کے لیے باریک قینچیاں، قرنیے کے فورسیپس، اسپیکولم، ہک اور کیلیپر۔ آپریشن مائیکروسکوپ کے نیچے کام کے لیے نفاست سے تیار کی گئی نوکیں۔',
      },
      ar: {
        name: 'طب العيون',
        description: 'مقصات دقيقة وملاقط قرنية وموسّعات جفون وخطاطيف ومقاييس لجراحة الساد والقرنية وجراحة تجميل الجفون. رؤوس دقيقة مُشطَّبة للعمل تحت المجهر الجراحي.',
      },
    },
  },
  {
    slug: 'ent',
    name: 'ENT',
    description: 'Nasal and ear specula, ear forceps, mouth gags, elevators and curettes for ear, nose and throat surgery and clinic examinations.',
    translations: {
      ur: {
        name: 'ناک، کان، گلا',
        description: 'کان، ناک اور گلے کی سرجری اور کلینک میں معائنے کے لیے ناک اور کان کے اسپیکولم، کان کے فورسیپس، منہ کھلا رکھنے والے گیگ، ایلیویٹر اور کیوریٹ۔',
      },
      ar: {
        name: 'الأنف والأذن والحنجرة',
        description: 'منظارات للأنف والأذن وملاقط أذن وفاتحات فم ورافعات ومكاشط لجراحة الأذن والأنف والحنجرة وللفحص في العيادة.',
      },
    },
  },
  {
    slug: 'dental',
    name: 'Dental',
    description: 'Mirrors, explorers, periodontal probes, scalers, elevators and extraction forceps for general dentistry and oral surgery.',
    translations: {
      ur: {
        name: 'دندان سازی',
        description: 'عام دندان سازی اور منہ کی سرجری کے لیے آئینے، ایکسپلورر، پیریوڈونٹل پروب، اسکیلر، ایلیویٹر اور دانت نکالنے کے فورسیپس۔',
      },
      ar: {
        name: 'طب الأسنان',
        description: 'مرايا ومسابر ومجسّات لثوية ومزيلات جير ورافعات وكلّابات خلع لطب الأسنان العام وجراحة الفم.',
      },
    },
  },
  {
    slug: 'obstetrics-gynecology',
    name: 'Obstetrics & Gynecology',
    description: 'Vaginal specula, tenacula, uterine sounds, dilators, curettes and obstetric forceps for gynecological examination, surgery and delivery.',
    translations: {
      ur: {
        name: 'زچگی و امراضِ نسواں',
        description: 'امراضِ نسواں کے معائنے، سرجری اور زچگی کے لیے ویجائنل اسپیکولم، ٹیناکولم، یوٹرائن ساؤنڈ، ڈائلیٹر، کیوریٹ اور زچگی کے فورسیپس۔',
      },
      ar: {
        name: 'التوليد وأمراض النساء',
        description: 'منظارات مهبلية وملاقط عنق الرحم ومسابر رحمية وموسّعات ومكاشط وملاقط توليد لفحص أمراض النساء وجراحتها وللولادة.',
      },
    },
  },
  {
    slug: 'plastic-surgery',
    name: 'Plastic Surgery',
    description: 'Delicate skin hooks, fine-toothed forceps, undermining scissors and small retractors for reconstructive and aesthetic surgery, where gentle tissue handling matters most.',
    translations: {
      ur: {
        name: 'پلاسٹک سرجری',
        description: 'تعمیرِ نو اور جمالیاتی سرجری کے لیے نازک اسکن ہک، باریک دانتوں والے فورسیپس، جلد کے نیچے کاٹنے والی قینچیاں اور چھوٹے ریٹریکٹر، جہاں بافتوں کو نرمی سے سنبھالنا سب سے اہم ہے۔',
      },
      ar: {
        name: 'الجراحة التجميلية',
        description: 'خطاطيف جلد رقيقة وملاقط دقيقة الأسنان ومقصات تسليخ تحت الجلد ومبعدات صغيرة للجراحة الترميمية والتجميلية، حيث يكون رفق التعامل مع الأنسجة هو الأهم.',
      },
    },
  },
  {
    slug: 'sterilization',
    name: 'Sterilization',
    description: 'Benchtop autoclaves, ultrasonic cleaners, trays, containers, pouches and indicators for reprocessing reusable instruments safely.',
    translations: {
      ur: {
        name: 'جراثیم کشی',
        description: 'دوبارہ استعمال ہونے والے اوزاروں کو محفوظ طریقے سے دوبارہ قابلِ استعمال بنانے کے لیے میز پر رکھے جانے والے آٹوکلیو، الٹراسونک کلینر، ٹرے، کنٹینر، پاؤچ اور انڈیکیٹر۔',
      },
      ar: {
        name: 'التعقيم',
        description: 'أجهزة تعقيم بالبخار (أوتوكلاف) مكتبية ومنظفات بالموجات فوق الصوتية وصوانٍ وحاويات وأكياس ومؤشرات لإعادة معالجة الأدوات القابلة لإعادة الاستخدام بأمان.',
      },
    },
  },
  {
    slug: 'diagnostic-equipment',
    name: 'Diagnostic Equipment',
    description: 'Stethoscopes, otoscopes, ophthalmoscopes, blood pressure monitors, pulse oximeters, ECG machines and patient monitors for the clinic and the ward.',
    translations: {
      ur: {
        name: 'تشخیصی آلات',
        description: 'کلینک اور وارڈ کے لیے اسٹیتھواسکوپ، اوٹواسکوپ، آفتھلموسکوپ، بلڈ پریشر مانیٹر، پلس آکسی میٹر، ای سی جی مشینیں اور مریض کے مانیٹر۔',
      },
      ar: {
        name: 'أجهزة التشخيص',
        description: 'سماعات طبية ومناظير أذن ومناظير عين وأجهزة قياس ضغط الدم ومقاييس تأكسج النبض وأجهزة تخطيط كهربية القلب وأجهزة مراقبة المرضى للعيادة والجناح.',
      },
    },
  },
];
