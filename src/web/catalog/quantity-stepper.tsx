import { useTranslation } from 'react-i18next';
import { Minus, Plus } from 'lucide-react';

/** Whole quantities from 1 up, with no upper bound. */
export function clampQuantity(value: number): number {
  return Number.isFinite(value) ? Math.max(1, Math.floor(value)) : 1;
}

export function QuantityStepper({ value, onChange, label }: { value: number; onChange: (value: number) => void; label?: string }) {
  const { t } = useTranslation('catalog');
  const name = label ?? t('quantity');
  const button = 'inline-flex h-10 w-10 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:opacity-40 disabled:hover:bg-transparent';
  return (
    <div role="group" aria-label={name} className="inline-flex items-center rounded-lg border border-slate-300 bg-white shadow-sm">
      <button type="button" className={`${button} rounded-s-lg`} aria-label={t('decreaseQuantity')} disabled={value <= 1} onClick={() => onChange(clampQuantity(value - 1))}>
        <Minus aria-hidden="true" className="h-4 w-4" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        aria-label={name}
        value={value}
        onChange={(event) => onChange(clampQuantity(event.target.valueAsNumber))}
        className="h-10 w-14 [appearance:textfield] border-x border-slate-300 text-center text-sm font-semibold text-slate-900 focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button type="button" className={`${button} rounded-e-lg`} aria-label={t('increaseQuantity')} onClick={() => onChange(clampQuantity(value + 1))}>
        <Plus aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
