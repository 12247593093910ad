import { useTranslation } from 'react-i18next';
import { useId, useState, type ReactNode } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { ChevronDown, Layers, ShieldCheck, Trash2, Wand2 } from 'lucide-react';
import { MAX_VARIANTS } from '#contracts/staff-products';
import { Button } from '../components/ui/button.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { cx } from '../lib/class-names.ts';
import { blankVariant } from './product-draft.ts';
import type { ProductForm } from './use-product-form.ts';
import { combinations, fitOptions, generateVariants } from './variant-combinations.ts';
import { SetContents } from './set-contents.tsx';
import { VariantRegulatory } from './variant-regulatory.tsx';
import { VariantTiers } from './variant-tiers.tsx';

/** One column each on a wide screen; on a phone every variant is a card of labelled fields two abreast. */
const COLUMNS = 'grid grid-cols-2 gap-3 lg:grid-cols-[minmax(7rem,1.1fr)_minmax(7rem,1.2fr)_minmax(8rem,1.3fr)_repeat(2,minmax(5.5rem,1fr))_minmax(4.5rem,0.8fr)_4.5rem_5rem_8.5rem] lg:gap-2';

/**
 * A column's label: written above the field on a phone, and by the grid's header on a wide screen. Required fields say
 * so to assistive technology only, as a star would stand alone above the field on a wide screen.
 */
const Label = ({ children }: { children: ReactNode }) => <span className="lg:sr-only">{children}</span>;

interface VariantRowProps {
  form: ProductForm;
  index: number;
  optionNames: string[];
  productId?: number;
  onRemove?: () => void;
}

type Panel = 'tiers' | 'set' | 'regulatory';

function VariantRow({ form, index, optionNames, productId, onRemove }: VariantRowProps) {
  const { t } = useTranslation('staff-products');
  const tiersId = useId();
  const setId = useId();
  const regulatoryId = useId();
  const variant = useWatch({ control: form.control, name: `variants.${index}` });
  const tierProblem = variant.tiers.some((_, at) => form.errorText(`variants.${index}.tiers.${at}.price`) ?? form.errorText(`variants.${index}.tiers.${at}.min_quantity`))
    || Boolean(form.errorText(`variants.${index}.tiers`));
  const setProblem = Object.keys(form.formState.errors.variants?.[index]?.components ?? {}).length > 0;
  const regulatoryProblem = Object.keys(form.formState.errors.variants?.[index]?.regulatory ?? {}).length > 0;
  const [panel, setPanel] = useState<Panel | null>(null);
  const toggle = (which: Panel) => setPanel(panel === which ? null : which);
  const open = panel === 'tiers';
  const setOpen = panel === 'set' || setProblem;
  const regulatoryOpen = panel === 'regulatory' || regulatoryProblem;
  const values = optionNames.map((name) => variant.options[name] ?? '—').join(' / ') || t('onlyVariant');
  const field = (name: 'model_number' | 'gtin' | 'price' | 'original_price' | 'weight_grams') => ({
    ...form.register(`variants.${index}.${name}`),
    error: form.errorText(`variants.${index}.${name}`),
  });

  return (
    <li className="rounded-xl border border-slate-200 p-3 lg:rounded-none lg:border-0 lg:border-b lg:px-0" data-testid="variant-row">
      <div className={cx(COLUMNS, 'lg:items-start')}>
        <div className="col-span-2 lg:col-span-1 lg:pt-2.5">
          <DataText as="p" className="font-semibold text-slate-900">{values}</DataText>
          {form.errorText(`variants.${index}.options`) && <p className="mt-1 text-sm font-medium text-red-700">{form.errorText(`variants.${index}.options`)}</p>}
        </div>
        <div className="col-span-2 sm:col-span-1"><TextField label={<Label>{t('catalogueNumber')}</Label>} aria-required dir="ltr" maxLength={64} {...field('model_number')} /></div>
        <div className="col-span-2 sm:col-span-1"><TextField label={<Label>{t('gtin')}</Label>} inputMode="numeric" maxLength={14} {...field('gtin')} /></div>
        <TextField label={<Label>{t('price')}</Label>} aria-required inputMode="decimal" {...field('price')} />
        <TextField label={<Label>{t('originalPrice')}</Label>} inputMode="decimal" {...field('original_price')} />
        <TextField label={<Label>{t('weight')}</Label>} inputMode="numeric" {...field('weight_grams')} />
        <div className="self-center lg:pt-1">
          <CheckboxField label={<Label>{t('active')}</Label>} {...form.register(`variants.${index}.is_active`)} />
        </div>
        <p className="self-center text-sm text-slate-700 lg:pt-1">
          {variant.available_stock === null ? t('newVariant') : t('available', { count: variant.available_stock })}
        </p>
        <div className="col-span-2 flex flex-wrap items-center gap-1 lg:col-span-1">
          <Button size="sm" variant="ghost" aria-expanded={open || tierProblem} aria-controls={tiersId} onClick={() => toggle('tiers')}>
            {variant.tiers.length === 0 ? t('tiersNone') : t('tiers', { count: variant.tiers.length })}
            <ChevronDown aria-hidden="true" className={cx('h-4 w-4 transition-transform', (open || tierProblem) && 'rotate-180')} />
          </Button>
          {onRemove && (
            <Button size="icon" variant="ghost" className="text-red-700" onClick={onRemove} aria-label={t('removeVariant', { variant: values })}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </Button>
          )}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap gap-1 lg:mt-0">
        <Button size="sm" variant="ghost" aria-expanded={setOpen} aria-controls={setId} onClick={() => toggle('set')}>
          <Layers aria-hidden="true" className="h-4 w-4" />
          {variant.components.length === 0 ? t('setContentsNone') : t('setContentsCount', { n: variant.components.length })}
        </Button>
        <Button size="sm" variant="ghost" aria-expanded={regulatoryOpen} aria-controls={regulatoryId} onClick={() => toggle('regulatory')}>
          <ShieldCheck aria-hidden="true" className="h-4 w-4" /> {t('regulatoryButton')}
        </Button>
      </div>
      {(open || tierProblem) && <div className="mt-2"><VariantTiers form={form} index={index} id={tiersId} /></div>}
      {setOpen && <div className="mt-2"><SetContents form={form} index={index} productId={productId} id={setId} /></div>}
      {regulatoryOpen && <div className="mt-2"><VariantRegulatory form={form} index={index} productId={productId} id={regulatoryId} /></div>}
    </li>
  );
}

/**
 * The variants: one per combination of the options, made by "Generate variants" (which keeps the existing variants whose
 * values remain), or the one variant of a product without options.
 */
export function VariantsGrid({ form, productId }: { form: ProductForm; productId?: number }) {
  const { t } = useTranslation('staff-products');
  const variants = useFieldArray({ control: form.control, name: 'variants', keyName: 'key' });
  const options = useWatch({ control: form.control, name: 'options' });
  const current = useWatch({ control: form.control, name: 'variants' });
  const usable = options.filter((option) => option.name.trim() && option.values.length > 0);
  const wanted = combinations(usable);
  const inStep = fitOptions(usable, current);

  const generate = () => variants.replace(generateVariants(usable, form.getValues('variants'), blankVariant));
  const names = usable.map((option) => option.name);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant={inStep ? 'secondary' : 'primary'} onClick={generate} disabled={wanted.length > MAX_VARIANTS}>
          <Wand2 aria-hidden="true" className="h-4 w-4" /> {t('generate')}
        </Button>
        <p className="text-sm text-slate-600">{t('combinations', { count: wanted.length })} {wanted.length > MAX_VARIANTS && t('tooMany', { max: MAX_VARIANTS })}</p>
      </div>
      {!inStep && <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">{t('outOfStep')}</p>}
      {form.errorText('variants') && <p className="text-sm font-medium text-red-700">{form.errorText('variants')}</p>}
      <div aria-hidden="true" className={cx(COLUMNS, 'hidden border-b border-slate-200 pb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase lg:grid')}>
        <span>{t('optionValuesColumn')}</span><span>{t('catalogueNumber')}</span><span>{t('gtin')}</span><span>{t('price')}</span>
        <span>{t('originalPrice')}</span><span>{t('weight')}</span><span>{t('active')}</span><span>{t('stock')}</span><span>{t('tiersColumn')}</span>
      </div>
      <ul className="space-y-3 lg:space-y-0">
        {variants.fields.map((variant, index) => (
          // A variant never sold can go; one that orders or lots name is switched off instead.
          <VariantRow key={variant.key} form={form} index={index} optionNames={names} productId={productId}
            onRemove={variant.id === undefined && variants.fields.length > 1 ? () => variants.remove(index) : undefined} />
        ))}
      </ul>
    </div>
  );
}
