import { useId, type InputHTMLAttributes } from 'react';
import { FieldMessage } from '../components/ui/form-field.tsx';
import { cx } from '../lib/class-names.ts';

type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> & {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
};

/** One choice among a few, as radio buttons side by side (stacked on a phone); takes a form's `register(name)`. */
export function StaffReturnsChoice({ legend, options, error, className, ...input }: ChoiceProps) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} className={className}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {options.map((option) => (
          <label key={option.value} className={cx('flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800',
            'has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600')}>
            <input type="radio" value={option.value} {...input} className="h-4 w-4 accent-brand-700" />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessage id={errorId} error={error} />
    </fieldset>
  );
}
