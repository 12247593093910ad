import { useTranslation } from 'react-i18next';
import { useRef } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_OPTION_VALUES, MAX_OPTIONS } from '#contracts/staff-products';
import { Button } from '../components/ui/button.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { ChipList } from './chip-list.tsx';
import { OptionTranslationsFields } from './option-translations-fields.tsx';
import type { ProductForm } from './use-product-form.ts';

/** Renames an option in every variant's values, so that renaming keeps the variants as they are. */
const renamed = (values: Record<string, string>, from: string, to: string) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name === from ? to : name, value]));

/** Up to three options (Length, Tip…), each a name and its values in the order buyers see them. */
export function OptionsEditor({ form }: { form: ProductForm }) {
  const { t } = useTranslation('staff-products');
  const options = form.watch('options');
  const nameAtFocus = useRef('');
  const setOptions = (next: typeof options) => form.setValue('options', next, { shouldDirty: true });
  const update = (index: number, change: Partial<(typeof options)[number]>) =>
    setOptions(options.map((option, at) => (at === index ? { ...option, ...change } : option)));

  const finishRename = (index: number) => {
    const from = nameAtFocus.current;
    const to = options[index]?.name.trim() ?? '';
    if (!from || !to || from === to) return;
    form.setValue('variants', form.getValues('variants').map((variant) => ({ ...variant, options: renamed(variant.options, from, to) })), { shouldDirty: true });
  };

  return (
    <div className="space-y-4">
      {options.map((option, index) => (
        <fieldset key={index} className="space-y-3 rounded-lg border border-slate-200 p-3 sm:p-4" data-testid="product-option">
          <legend className="sr-only">{t('optionNumber', { n: index + 1 })}</legend>
          <div className="flex items-center justify-between gap-2">
            <p aria-hidden="true" className="text-sm font-semibold text-slate-700">{t('optionNumber', { n: index + 1 })}</p>
            <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setOptions(options.filter((_, at) => at !== index))}
              aria-label={t('removeOption', { name: option.name || t('optionNumber', { n: index + 1 }) })}>
              <Trash2 aria-hidden="true" className="h-4 w-4" /> {t('remove')}
            </Button>
          </div>
          <TextField label={t('optionName')} required dir="auto" value={option.name} maxLength={40} placeholder={t('optionNamePlaceholder')}
            onFocus={() => { nameAtFocus.current = option.name.trim(); }}
            onChange={(event) => update(index, { name: event.target.value })}
            onBlur={() => finishRename(index)}
            error={form.errorText(`options.${index}.name`)} />
          <ChipList label={t('optionValues', { name: option.name || t('optionNumber', { n: index + 1 }) })} values={option.values} orderable maxLength={60}
            placeholder={t('optionValuePlaceholder')} onChange={(values) => update(index, { values: values.slice(0, MAX_OPTION_VALUES) })}
            error={form.errorText(`options.${index}.values`) ?? option.values.map((_, at) => form.errorText(`options.${index}.values.${at}`)).find(Boolean)} />
          <OptionTranslationsFields form={form} index={index} option={option} onChange={(translations) => update(index, { translations })} />
        </fieldset>
      ))}
      {form.errorText('options') && <p className="text-sm font-medium text-red-700">{form.errorText('options')}</p>}
      <Button variant="secondary" disabled={options.length >= MAX_OPTIONS} onClick={() => setOptions([...options, { name: '', values: [], translations: {} }])}>
        <Plus aria-hidden="true" className="h-4 w-4" /> {options.length >= MAX_OPTIONS ? t('optionsFull', { max: MAX_OPTIONS }) : t('addOption')}
      </Button>
    </div>
  );
}
