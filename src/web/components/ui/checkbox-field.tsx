import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldMessage } from './form-field.tsx';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'aria-invalid' | 'aria-describedby'> {
  label: ReactNode;
  error?: string;
}

export function CheckboxField({ label, error, id: givenId, ...input }: CheckboxFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorId = `${id}-error`;

  return (
    <div>
      <div className="flex items-start gap-2.5">
        <input
          {...input}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-700"
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}
