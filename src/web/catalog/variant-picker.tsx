import { useTranslation } from 'react-i18next';
import { useId } from 'react';
import type { ProductOption, ProductVariant } from '#contracts/catalog';
import { cx } from '../lib/class-names.ts';
import { DataText } from '../components/ui/data-text.tsx';
import { useTranslated } from '../i18n/translated.ts';
import { valueInStock, variantAfterChoice } from './chosen-variant.ts';

/**
 * One group of buttons per option (Length, Tip). A value no variant in stock carries is struck through but can still be
 * chosen, to see its catalogue number or to ask to be told when it is back.
 */
export function VariantPicker({ options, variants, chosen, onChoose }: {
  options: ProductOption[];
  variants: ProductVariant[];
  chosen: ProductVariant;
  onChoose: (variant: ProductVariant) => void;
}) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const translated = useTranslated();
  const valueText = (option: ProductOption, value: string) => translated(value, option.value_translations[value] ?? {});
  return (
    <div className="space-y-4">
      {options.map((option, index) => (
        <fieldset key={option.name}>
          {/* Name and chosen value side by side, no typed colon: it would sit on the wrong side of an English name in a right-to-left page. */}
          <legend className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <DataText className="font-medium text-slate-700">{translated(option.name, option.name_translations)}</DataText>
            <DataText className="font-semibold text-slate-900">{valueText(option, chosen.options[option.name] ?? '')}</DataText>
          </legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {option.values.map((value) => {
              const target = variantAfterChoice(variants, chosen, option.name, value);
              const inStock = valueInStock(variants, option.name, value);
              const checked = chosen.options[option.name] === value;
              return (
                <label
                  key={value}
                  className={cx(
                    'relative flex min-h-10 cursor-pointer items-center rounded-lg border px-3 text-sm font-medium',
                    'has-focus-visible:ring-2 has-focus-visible:ring-brand-300',
                    checked ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white hover:border-slate-400',
                    // Out of stock reads quieter, still at a contrast of 4.5:1 or more on either background.
                    inStock ? (checked ? 'text-brand-800' : 'text-slate-800') : 'text-slate-600',
                    !target && 'cursor-not-allowed opacity-50',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-${index}`}
                    value={value}
                    checked={checked}
                    disabled={!target}
                    onChange={() => target && onChoose(target)}
                    className="sr-only"
                  />
                  <DataText className={cx(!inStock && 'line-through decoration-slate-400')}>{valueText(option, value)}</DataText>
                  {!inStock && <span className="sr-only"> ({t('valueOutOfStock')})</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
