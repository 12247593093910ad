import { useTranslation } from 'react-i18next';
import { TRANSLATED_LOCALES, type OptionTranslations, type TranslatedLocale } from '#contracts/translated-names';
import { TextField } from '../components/ui/text-field.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import type { ProductForm } from './use-product-form.ts';

/**
 * An option's name and each of its values in Urdu and Arabic, for buyers reading those languages. A field left empty
 * shows them the English.
 */
export function OptionTranslationsFields({ form, index, option, onChange }: {
  form: ProductForm;
  index: number;
  option: { name: string; values: string[]; translations: OptionTranslations };
  onChange: (translations: OptionTranslations) => void;
}) {
  const { t } = useTranslation('staff-products');
  const set = (locale: TranslatedLocale, change: { name?: string; value?: [string, string] }) => {
    const current = option.translations[locale] ?? { name: '', values: {} };
    onChange({
      ...option.translations,
      [locale]: {
        name: change.name ?? current.name,
        values: change.value ? { ...current.values, [change.value[0]]: change.value[1] } : current.values,
      },
    });
  };
  const name = option.name || t('optionNumber', { n: index + 1 });
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {TRANSLATED_LOCALES.map((locale) => (
        <fieldset key={locale} className="space-y-2 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold text-slate-700">
            {t('optionIn', { context: locale, name })}
          </legend>
          <TextField label={t('translatedOptionName', { context: locale })} lang={locale} dir="rtl" maxLength={40}
            value={option.translations[locale]?.name ?? ''}
            onChange={(event) => set(locale, { name: event.target.value })}
            error={form.errorText(`options.${index}.translations.${locale}.name`)} />
          {option.values.map((value) => (
            <TextField key={value} label={<DataText>{value}</DataText>} lang={locale} dir="rtl" maxLength={60}
              value={option.translations[locale]?.values[value] ?? ''}
              onChange={(event) => set(locale, { value: [value, event.target.value] })}
              error={form.errorText(`options.${index}.translations.${locale}.values.${value}`)} />
          ))}
        </fieldset>
      ))}
      <p className="text-xs text-slate-600 md:col-span-2">{t('optionTranslationsHint')}</p>
    </div>
  );
}
