import type { OptionTranslations } from '../db/schema/catalog.ts';

/** The demo's commonest option names and values in Urdu and Arabic, as staff would give them; the rest stay English. */
const NAMES: Record<string, { ur: string; ar: string }> = {
  Length: { ur: 'لمبائی', ar: 'الطول' },
  Pattern: { ur: 'ساخت', ar: 'الشكل' },
  Inserts: { ur: 'انسرٹس', ar: 'الحشوات' },
  Tips: { ur: 'نوکیں', ar: 'الأطراف' },
  Tip: { ur: 'نوک', ar: 'الطرف' },
  Jaws: { ur: 'جبڑے', ar: 'الفكّان' },
  Size: { ur: 'سائز', ar: 'المقاس' },
  Color: { ur: 'رنگ', ar: 'اللون' },
  Pack: { ur: 'پیک', ar: 'العبوة' },
};

const VALUES: Record<string, { ur: string; ar: string }> = {
  Straight: { ur: 'سیدھا', ar: 'مستقيم' },
  Curved: { ur: 'خمدار', ar: 'منحنٍ' },
  Angled: { ur: 'زاویہ دار', ar: 'مائل' },
  Serrated: { ur: 'دندانے دار', ar: 'مسنّن' },
  Standard: { ur: 'معیاری', ar: 'قياسي' },
  'Tungsten carbide': { ur: 'ٹنگسٹن کاربائیڈ', ar: 'كربيد التنجستن' },
};

const arabicDigits = new Intl.NumberFormat('ar-EG', { maximumFractionDigits: 2 });

/** '14.5 cm' → '14.5 سینٹی میٹر' and '١٤٫٥ سم'; other values from the table. */
function valueIn(value: string): { ur: string; ar: string } | undefined {
  const length = /^(\d+(?:\.\d+)?) (cm|mm)$/.exec(value);
  if (length) {
    const [, amount, unit] = length;
    return {
      ur: `${amount} ${unit === 'cm' ? 'سینٹی میٹر' : 'ملی میٹر'}`,
      ar: `${arabicDigits.format(Number(amount))} ${unit === 'cm' ? 'سم' : 'مم'}`,
    };
  }
  return VALUES[value];
}

export function demoOptionTranslations(name: string, values: readonly string[]): OptionTranslations {
  const translated = values.flatMap((value) => {
    const text = valueIn(value);
    return text ? [[value, text] as const] : [];
  });
  if (!NAMES[name] && translated.length === 0) return {};
  return Object.fromEntries((['ur', 'ar'] as const).map((locale) => [locale, {
    name: NAMES[name]?.[locale] ?? '',
    values: Object.fromEntries(translated.map(([value, text]) => [value, text[locale]])),
  }]));
}
