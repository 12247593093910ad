import type { TextareaHTMLAttributes } from 'react';
import { controlClasses, FormField, type FieldProps } from './form-field.tsx';

export type TextAreaFieldProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'aria-invalid' | 'aria-describedby'>;

export function TextAreaField({ label, error, hint, id, required, rows = 3, ...textarea }: TextAreaFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} id={id} required={required}>
      {(control) => <textarea {...control} {...textarea} rows={rows} required={required} className={controlClasses(Boolean(error), 'py-2')} />}
    </FormField>
  );
}
