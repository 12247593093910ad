import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { MAX_LINE_QUANTITY } from '#contracts/cart';

/**
 * The cart line's quantity: the buttons send at once; a typed number is sent on Enter or when the field is left,
 * and 0 removes the line.
 */
export function CartQuantityStepper({
  value,
  onChange,
  disabled,
  label,
}: {
  value: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation('cart');
  const [draft, setDraft] = useState<string | null>(null);
  const button =
    'inline-flex h-9 w-9 items-center justify-center text-slate-700 hover:bg-slate-100 disabled:opacity-40 disabled:hover:bg-transparent';

  const commit = () => {
    if (draft === null) return;
    const typed = Number(draft);
    setDraft(null);
    if (draft.trim() === '' || !Number.isInteger(typed) || typed < 0) return;
    const quantity = Math.min(typed, MAX_LINE_QUANTITY);
    if (quantity !== value) onChange(quantity);
  };

  return (
    <div role="group" aria-label={label} className="inline-flex items-center rounded-lg border border-slate-300 bg-white shadow-sm">
      <button type="button" className={`${button} rounded-s-lg`} aria-label={t('decrease')} disabled={disabled || value <= 1} onClick={() => onChange(value - 1)}>
        <Minus aria-hidden="true" className="h-4 w-4" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_LINE_QUANTITY}
        step={1}
        aria-label={t('quantity')}
        disabled={disabled}
        value={draft ?? String(value)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        className="h-9 w-12 [appearance:textfield] border-x border-slate-300 text-center text-sm font-semibold text-slate-900 focus:outline-none disabled:bg-slate-50 [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button
        type="button"
        className={`${button} rounded-e-lg`}
        aria-label={t('increase')}
        disabled={disabled || value >= MAX_LINE_QUANTITY}
        onClick={() => onChange(value + 1)}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
