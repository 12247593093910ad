import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import type { ProductForm } from './use-product-form.ts';

/** Rows of fields with a remove button each and an add button under them. */
function EditableRows({ legend, keys, row, removeLabel, onRemove, addLabel, onAdd, error, max, labelled }: {
  legend: string;
  keys: string[];
  row: (index: number) => ReactNode;
  removeLabel: (index: number) => string;
  onRemove: (index: number) => void;
  addLabel: string;
  onAdd: () => void;
  error?: string;
  max: number;
  /** Whether the row's fields show labels above them, which the remove button lines up under. */
  labelled?: boolean;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm font-semibold text-slate-800">{legend}</legend>
      {keys.map((key, index) => (
        <div key={key} className="flex items-start gap-2">
          <div className="grid min-w-0 flex-1 gap-2 sm:auto-cols-fr sm:grid-flow-col">{row(index)}</div>
          <Button variant="ghost" size="icon" className={labelled ? 'mt-7' : undefined} aria-label={removeLabel(index)} onClick={() => onRemove(index)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      ))}
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
      <Button size="sm" variant="secondary" onClick={onAdd} disabled={keys.length >= max}>
        <Plus aria-hidden="true" className="h-4 w-4" /> {addLabel}
      </Button>
    </fieldset>
  );
}

/** The product's feature lines, in the order the product page lists them. */
export function FeaturesField({ form }: { form: ProductForm }) {
  const { t } = useTranslation('staff-products');
  const features = useFieldArray({ control: form.control, name: 'features' });
  return (
    <EditableRows legend={t('features')} keys={features.fields.map((field) => field.id)} max={30} error={form.errorText('features')}
      row={(index) => (
        <TextField label={<span className="sr-only">{t('featureNumber', { n: index + 1 })}</span>} maxLength={300} dir="auto"
          {...form.register(`features.${index}.text`)} error={form.errorText(`features.${index}`)} />
      )}
      removeLabel={(index) => t('removeFeature', { n: index + 1 })} onRemove={features.remove}
      addLabel={t('addFeature')} onAdd={() => features.append({ text: '' })} />
  );
}

/** Specification rows: a name (Material, Length) and its value. */
export function SpecificationsField({ form }: { form: ProductForm }) {
  const { t } = useTranslation('staff-products');
  const specifications = useFieldArray({ control: form.control, name: 'specifications' });
  return (
    <EditableRows labelled legend={t('specifications')} keys={specifications.fields.map((field) => field.id)} max={50} error={form.errorText('specifications')}
      row={(index) => (
        <>
          <TextField label={t('specKey')} maxLength={80} dir="auto" placeholder={t('specKeyPlaceholder')}
            {...form.register(`specifications.${index}.key`)} error={form.errorText(`specifications.${index}.key`)} />
          <TextField label={t('specValue')} maxLength={300} dir="auto"
            {...form.register(`specifications.${index}.value`)} error={form.errorText(`specifications.${index}.value`)} />
        </>
      )}
      removeLabel={(index) => t('removeSpecification', { n: index + 1 })} onRemove={specifications.remove}
      addLabel={t('addSpecification')} onAdd={() => specifications.append({ key: '', value: '' })} />
  );
}
