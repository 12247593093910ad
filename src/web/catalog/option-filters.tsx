import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import type { ProductFilters } from '#contracts/catalog';
import { FORM_FIELDS, withOption, type CatalogQuery } from './catalog-query.ts';
import { useTranslated } from '../i18n/translated.ts';

/** The options most products are sold in; the rest are reached through their products. */
const SHOWN_OPTIONS = 4;

/** One select per option (Length, Tip) whose values some product in the catalogue is sold in. */
export function OptionFilters({ className, query, options, onApply }: {
  className: string;
  query: CatalogQuery;
  options: ProductFilters['options'] | undefined;
  onApply: (query: CatalogQuery) => void;
}) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const translated = useTranslated();
  const chosen = (name: string) => query.options?.find((option) => option.name === name)?.value ?? '';
  const shown = (options ?? []).slice(0, SHOWN_OPTIONS);
  // An option chosen through a link stays on screen even when it is not among the most used.
  const linked = (query.options ?? []).filter((option) => !shown.some((o) => o.name === option.name))
    .map((option) => ({
      name: option.name, name_translations: {}, values: [{ value: option.value, label: option.value, count: 0, label_translations: {} }],
    }));
  return [...shown, ...linked].map((option, index) => (
    <div key={option.name}>
      <label htmlFor={`${id}-${index}`} className="mb-1 block text-xs font-semibold text-slate-600">{translated(option.name, option.name_translations)}</label>
      <select id={`${id}-${index}`} name={`${FORM_FIELDS.optionPrefix}${option.name}`} className={className} value={chosen(option.name)} onChange={(e) => onApply(withOption(query, option.name, e.target.value))}>
        <option value="">{t('anyOption')}</option>
        {option.values.map((value) => <option key={value.value} value={value.value}>{translated(value.label, value.label_translations)}</option>)}
      </select>
    </div>
  ));
}
