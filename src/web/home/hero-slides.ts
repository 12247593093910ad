import { Award, Building2, Globe2, Microscope, type LucideIcon } from 'lucide-react';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '#contracts/cart';
import { centsToNumber } from '#contracts/money';
import type { Locale } from '../i18n/locale-store.ts';

export interface HeroSlide {
  eyebrow: string;
  title: string;
  text: string;
  cta: { label: string; to: string };
  icon: LucideIcon;
  highlights: string[];
}

type SlideText = Omit<HeroSlide, 'icon' | 'cta'> & { cta: string };

const SLIDE_LINKS: Array<{ to: string; icon: LucideIcon }> = [
  { to: '/products', icon: Microscope },
  { to: '/register', icon: Building2 },
  { to: '/about', icon: Award },
  { to: '/categories', icon: Globe2 },
];

const SLIDE_TEXT: Record<Locale, SlideText[]> = {
  en: [
    {
      eyebrow: 'Made in Sialkot since 2009',
      title: 'Precision surgical instruments, hand-finished by master craftsmen',
      text: 'Surgical-grade stainless steel, forged, ground and inspected piece by piece for theatres that cannot compromise.',
      cta: 'Shop instruments',
      highlights: ['German-grade AISI 410 & 420 steel', 'Every piece inspected before dispatch', 'Lifetime precision warranty'],
    },
    {
      eyebrow: 'For hospitals, clinics & distributors',
      title: 'Trusted by 500+ medical facilities',
      text: 'Business accounts get volume discounts, extended payment terms, a dedicated account manager and custom pricing.',
      cta: 'Open a business account',
      highlights: ['Volume discounts', 'Extended payment terms', 'Dedicated account manager'],
    },
    {
      eyebrow: 'Certified quality',
      title: 'ISO 13485 certified, CE marked, FDA approved',
      text: 'A quality management system built for medical devices, with full traceability from raw steel to sterile pouch.',
      cta: 'Our standards',
      highlights: ['ISO 13485 quality system', 'CE marked & FDA approved', 'WHO listed supplier'],
    },
    {
      eyebrow: 'Shipping to 25+ countries',
      title: 'Complete sets for every specialty',
      text: 'Cardiology, neurosurgery, orthopedics and general surgery: from single instruments to fully equipped theatre sets.',
      cta: 'Browse categories',
      highlights: ['Free shipping over {freeShipping} in Pakistan', 'Express 1–2 days in major cities', 'International delivery 7–14 days'],
    },
  ],
  ur: [
    {
      eyebrow: '2009 سے سیالکوٹ میں تیار کردہ',
      title: 'ماہر کاریگروں کے ہاتھوں تیار کردہ درست جراحی آلات',
      text: 'جراحی معیار کا اسٹین لیس اسٹیل، ایک ایک آلہ ڈھالا، گھسایا اور جانچا گیا، ان آپریشن تھیٹرز کے لیے جو معیار پر سمجھوتہ نہیں کرتے۔',
      cta: 'آلات خریدیں',
      highlights: ['جرمن معیار کا AISI 410 اور 420 اسٹیل', 'روانگی سے پہلے ہر آلے کی جانچ', 'تاحیات درستگی کی وارنٹی'],
    },
    {
      eyebrow: 'ہسپتالوں، کلینکس اور ڈسٹری بیوٹرز کے لیے',
      title: '500 سے زائد طبی اداروں کا اعتماد',
      text: 'کاروباری اکاؤنٹس کو زیادہ مقدار پر رعایت، ادائیگی کی طویل مدت، مخصوص اکاؤنٹ مینیجر اور خصوصی قیمتیں ملتی ہیں۔',
      cta: 'کاروباری اکاؤنٹ کھولیں',
      highlights: ['زیادہ مقدار پر رعایت', 'ادائیگی کی طویل مدت', 'مخصوص اکاؤنٹ مینیجر'],
    },
    {
      eyebrow: 'سند یافتہ معیار',
      title: 'ISO 13485 سند یافتہ، CE نشان زدہ، FDA منظور شدہ',
      text: 'طبی آلات کے لیے بنایا گیا کوالٹی مینجمنٹ نظام، خام اسٹیل سے جراثیم سے پاک پیکنگ تک مکمل سراغ رسانی کے ساتھ۔',
      cta: 'ہمارے معیارات',
      highlights: ['ISO 13485 کوالٹی سسٹم', 'CE نشان زدہ اور FDA منظور شدہ', 'WHO کی فہرست میں شامل سپلائر'],
    },
    {
      eyebrow: '25 سے زائد ممالک میں ترسیل',
      title: 'ہر شعبے کے لیے مکمل سیٹ',
      text: 'امراضِ قلب، نیورو سرجری، آرتھوپیڈکس اور جنرل سرجری: اکیلے آلات سے لے کر مکمل لیس آپریشن تھیٹر سیٹس تک۔',
      cta: 'زمرے دیکھیں',
      highlights: ['پاکستان میں {freeShipping} سے زائد پر مفت ترسیل', 'بڑے شہروں میں 1–2 دن میں فوری ترسیل', 'بین الاقوامی ترسیل 7–14 دن'],
    },
  ],
  ar: [
    {
      eyebrow: 'صُنع في سيالكوت منذ 2009',
      title: 'أدوات جراحية دقيقة يُنهيها يدويًا حرفيون مهرة',
      text: 'فولاذ مقاوم للصدأ بدرجة جراحية، يُطرق ويُصقل ويُفحص قطعةً قطعة لغرف عمليات لا تقبل المساومة.',
      cta: 'تسوّق الأدوات',
      highlights: ['فولاذ AISI 410 و420 بمعايير ألمانية', 'فحص كل قطعة قبل الشحن', 'ضمان دقة مدى الحياة'],
    },
    {
      eyebrow: 'للمستشفيات والعيادات والموزعين',
      title: 'موثوق لدى أكثر من 500 منشأة طبية',
      text: 'تحصل حسابات الأعمال على خصومات الكميات وشروط دفع ممتدة ومدير حساب مخصص وأسعار خاصة.',
      cta: 'افتح حساب أعمال',
      highlights: ['خصومات الكميات', 'شروط دفع ممتدة', 'مدير حساب مخصص'],
    },
    {
      eyebrow: 'جودة معتمدة',
      title: 'معتمد ISO 13485، يحمل علامة CE، ومعتمد من FDA',
      text: 'نظام إدارة جودة مصمم للأجهزة الطبية، مع تتبّع كامل من الفولاذ الخام حتى الكيس المعقّم.',
      cta: 'معاييرنا',
      highlights: ['نظام جودة ISO 13485', 'علامة CE واعتماد FDA', 'مورّد مدرج لدى منظمة الصحة العالمية'],
    },
    {
      eyebrow: 'شحن إلى أكثر من 25 دولة',
      title: 'أطقم كاملة لكل تخصص',
      text: 'أمراض القلب وجراحة الأعصاب وجراحة العظام والجراحة العامة: من الأدوات المفردة إلى أطقم غرف العمليات المجهزة بالكامل.',
      cta: 'تصفّح الفئات',
      highlights: ['شحن مجاني داخل باكستان للطلبات فوق {freeShipping}', 'توصيل سريع خلال 1–2 يوم في المدن الكبرى', 'توصيل دولي خلال 7–14 يومًا'],
    },
  ],
};

/** The slides in `locale`, with the free-shipping threshold written by `price` (dollars in by default). */
export function heroSlides(locale: Locale, price: (usd: number) => string = (usd) => `$${usd}`): HeroSlide[] {
  const freeShipping = price(centsToNumber(FREE_SHIPPING_THRESHOLD_CENTS));
  return SLIDE_TEXT[locale].map(({ cta, highlights, ...text }, index) => ({
    ...text,
    highlights: highlights.map((line) => line.replace('{freeShipping}', freeShipping)),
    cta: { label: cta, to: SLIDE_LINKS[index]!.to },
    icon: SLIDE_LINKS[index]!.icon,
  }));
}

export const HERO_SLIDES = heroSlides('en');
