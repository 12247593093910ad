import { useTranslation } from 'react-i18next';
import { useDeferredValue, useId, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Plus, Search, Trash2 } from 'lucide-react';
import { SET_COMPONENT_ROLES, type SetComponentChoice } from '#contracts/instrument-sets';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { controlClasses } from '../components/ui/form-field.tsx';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { setComponentChoicesQuery } from './set-components.api.ts';
import type { ProductForm } from './use-product-form.ts';

const nameOf = (component: { product_name: string; label: string }) =>
  component.label ? `${component.product_name} · ${component.label}` : component.product_name;

/** Finds variants by product name or catalogue number; each result adds itself to the set. */
function ComponentSearch({ productId, taken, onAdd }: { productId?: number; taken: Set<number>; onAdd: (choice: SetComponentChoice) => void }) {
  const { t } = useTranslation('staff-products');
  const id = useId();
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const results = useQuery(setComponentChoicesQuery(search, productId));
  const choices = (results.data?.results ?? []).filter((choice) => !taken.has(choice.variant_id));
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">{t('setFind')}</label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-3.5 h-4 w-4 text-slate-400" />
        <input id={id} type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t('setFindPlaceholder')}
          className={controlClasses(false, 'h-11 ps-9')} />
      </div>
      {search.length >= 2 && (
        <div className="mt-1 rounded-lg border border-slate-200 bg-white shadow-sm">
          {results.isPending ? <p role="status" className="px-3 py-2 text-sm text-slate-500">{t('setSearching')}</p>
            : results.isError ? <p role="alert" className="px-3 py-2 text-sm text-red-700">{t('setSearchFailed')}</p>
              : choices.length === 0 ? <p className="px-3 py-2 text-sm text-slate-500">{t('setNoMatches')}</p>
                : (
                  <ul aria-label={t('setFind')} className="max-h-64 divide-y divide-slate-100 overflow-y-auto">
                    {choices.map((choice) => (
                      <li key={choice.variant_id}>
                        <button type="button" onClick={() => { onAdd(choice); setText(''); }}
                          className="flex w-full items-center gap-2 px-3 py-2 text-start text-sm hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none">
                          <Plus aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
                          <span className="min-w-0 flex-1">
                            <DataText className="block font-semibold text-slate-900">{nameOf(choice)}</DataText>
                            <span className="text-xs text-slate-500"><bdi dir="ltr">{choice.model_number}</bdi> · {t('available', { count: choice.available_stock })}</span>
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
        </div>
      )}
    </div>
  );
}

/**
 * What the variant is a set of: each component with how many one set holds, its role (standard, optional, extra, or an
 * alternative to a standard or optional one) and whether it is the tray. Without components the variant is no set.
 */
export function SetContents({ form, index, productId, id }: { form: ProductForm; index: number; productId?: number; id: string }) {
  const { t } = useTranslation('staff-products');
  const components = useFieldArray({ control: form.control, name: `variants.${index}.components`, keyName: 'key' });
  const current = useWatch({ control: form.control, name: `variants.${index}.components` });
  const replaceable = current.filter((component) => component.role === 'standard' || component.role === 'optional');
  const at = (c: number, field: 'variant_id' | 'quantity' | 'role' | 'replaces_variant_id' | 'is_container') =>
    `variants.${index}.components.${c}.${field}` as const;
  const add = (choice: SetComponentChoice) => components.append({
    ...choice, quantity: '1', role: 'standard', replaces_variant_id: '', is_container: false,
  });

  return (
    <div id={id} className="space-y-3 rounded-lg bg-slate-50 p-3" data-testid="set-contents">
      <div>
        <p className="text-sm font-semibold text-slate-900">{t('setContents')}</p>
        <p className="text-sm text-slate-600">{t('setIntro')}</p>
      </div>
      {components.fields.length > 0 && (
        <ul className="space-y-2">
          {components.fields.map((component, c) => {
            const role = current[c]?.role ?? component.role;
            return (
              <li key={component.key} className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-white p-2 sm:grid-cols-[minmax(10rem,2fr)_5rem_minmax(7rem,1fr)_minmax(8rem,1.4fr)_auto_auto] sm:items-start"
                data-testid="set-component">
                <div className="col-span-2 sm:col-span-1 sm:pt-2">
                  <DataText as="p" className="font-semibold text-slate-900">{nameOf(component)}</DataText>
                  <p className="text-xs text-slate-600"><bdi dir="ltr">{component.model_number}</bdi> · {t('available', { count: component.available_stock })}</p>
                  {form.errorText(at(c, 'variant_id')) && <p className="mt-1 text-sm font-medium text-red-700">{form.errorText(at(c, 'variant_id'))}</p>}
                </div>
                <TextField label={t('setQuantity')} inputMode="numeric" {...form.register(`variants.${index}.components.${c}.quantity`)}
                  error={form.errorText(at(c, 'quantity'))} />
                <SelectField label={t('setRole')} {...form.register(`variants.${index}.components.${c}.role`)} error={form.errorText(at(c, 'role'))}
                  options={SET_COMPONENT_ROLES.map((value) => ({ value, label: t('setRoleName', { context: value }) }))} />
                {role === 'alternative' ? (
                  <SelectField label={t('setReplaces')} placeholder={t('setChooseReplaced')} {...form.register(`variants.${index}.components.${c}.replaces_variant_id`)}
                    error={form.errorText(at(c, 'replaces_variant_id'))}
                    options={replaceable.map((other) => ({ value: String(other.variant_id), label: `${nameOf(other)} (${other.model_number})` }))} />
                ) : <div className="hidden sm:block" />}
                <div className="self-center sm:pt-6">
                  <CheckboxField label={t('setContainer')} {...form.register(`variants.${index}.components.${c}.is_container`)}
                    error={form.errorText(at(c, 'is_container'))} />
                </div>
                <Button variant="ghost" size="icon" className="justify-self-end text-red-700 sm:mt-6" onClick={() => components.remove(c)}
                  aria-label={t('setRemove', { name: nameOf(component) })}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {form.errorText(`variants.${index}.components`) && <p className="text-sm font-medium text-red-700">{form.errorText(`variants.${index}.components`)}</p>}
      <ComponentSearch productId={productId} taken={new Set(current.map((component) => component.variant_id))} onAdd={add} />
    </div>
  );
}
