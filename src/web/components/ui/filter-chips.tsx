import { cx } from '../../lib/class-names.ts';

/** One choice among a few, as a row of pressed-or-not buttons over a list (a status, an account type). */
export function FilterChips<T extends string>({ label, options, value, onChange, className }: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={cx('flex flex-wrap gap-2', className)}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cx(
            'rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-inset',
            value === option.value ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
