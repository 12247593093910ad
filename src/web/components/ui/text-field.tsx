import type { InputHTMLAttributes } from 'react';
import { controlClasses, FormField, inputDirection, type FieldProps } from './form-field.tsx';

export type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby'>;

export function TextField({ label, error, hint, id, required, className, ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} id={id} required={required}>
      {(control) => <input dir={inputDirection(input)} {...control} {...input} required={required} className={controlClasses(Boolean(error), `h-11 ${className ?? ''}`)} />}
    </FormField>
  );
}
