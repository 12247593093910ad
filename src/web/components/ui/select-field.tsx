import type { SelectHTMLAttributes } from 'react';
import { controlClasses, FormField, type FieldProps } from './form-field.tsx';

export interface SelectFieldProps extends FieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'aria-invalid' | 'aria-describedby'> {
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
}

export function SelectField({ label, error, hint, id, required, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} id={id} required={required}>
      {(control) => (
        <select {...control} {...select} required={required} className={controlClasses(Boolean(error), 'h-11')}>
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
