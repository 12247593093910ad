import { useTranslation } from 'react-i18next';
import type { ProductFilters } from '#contracts/catalog';
import type { HandlingFlag } from '#contracts/lots';
import { cx } from '../lib/class-names.ts';
import { flagLabel } from './flag-label.ts';

/** Narrows the catalogue to products carrying every ticked handling flag; flags no product carries are not offered. */
export function HandlingFilter({ options, value, onChange, className }: {
  options?: ProductFilters['handling'];
  value?: HandlingFlag[];
  onChange: (flags: HandlingFlag[] | undefined) => void;
  className?: string;
}) {
  const { t } = useTranslation('lots');
  const chosen = value ?? [];
  const shown = (options ?? []).map((option) => option.value);
  for (const flag of chosen) if (!shown.includes(flag)) shown.push(flag);
  if (shown.length === 0) return null;
  const toggle = (flag: HandlingFlag, on: boolean) => {
    const next = on ? [...chosen, flag] : chosen.filter((f) => f !== flag);
    onChange(next.length ? next : undefined);
  };
  return (
    <fieldset className={cx('flex flex-wrap items-center gap-x-4 gap-y-2', className)}>
      <legend className="mb-1 block w-full text-xs font-semibold text-slate-600">{t('flags')}</legend>
      {shown.map((flag) => (
        <label key={flag} className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            name="handling"
            value={flag}
            checked={chosen.includes(flag)}
            onChange={(e) => toggle(flag, e.target.checked)}
            className="h-4 w-4 rounded border-slate-300 accent-brand-700"
          />
          {flagLabel(t, flag)}
        </label>
      ))}
    </fieldset>
  );
}
