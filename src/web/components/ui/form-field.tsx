import { useId, type ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control, linked by aria-describedby and marking it aria-invalid. */
  error?: string;
  hint?: ReactNode;
}

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export function controlClasses(invalid: boolean, className?: string): string {
  return cx(
    'block w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
    'focus:outline-none focus-visible:ring-2 disabled:bg-slate-50 read-only:bg-slate-100 read-only:text-slate-600',
    invalid
      ? 'border-red-400 focus:border-red-500 focus-visible:ring-red-200'
      : 'border-slate-300 focus:border-brand-500 focus-visible:ring-brand-200',
    className,
  );
}

const LATIN_TYPES = new Set(['email', 'tel', 'url', 'password', 'number']);
const LATIN_INPUT_MODES = new Set(['email', 'tel', 'url', 'numeric', 'decimal']);

/**
 * Addresses, phone, card and account numbers and passwords are written left to right in every language, so their
 * inputs keep `dir="ltr"` on right-to-left pages; other inputs follow the page.
 */
export function inputDirection({ type, inputMode }: { type?: string; inputMode?: string }): 'ltr' | undefined {
  return LATIN_TYPES.has(type ?? '') || LATIN_INPUT_MODES.has(inputMode ?? '') ? 'ltr' : undefined;
}

export function FieldMessage({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

/** Label, control, hint and error, with the ids that tie them together. */
export function FormField({
  label,
  error,
  hint,
  id: givenId,
  required,
  children,
}: FieldProps & { id?: string; required?: boolean; children: (control: ControlProps) => ReactNode }) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ms-0.5 text-red-600">
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}
