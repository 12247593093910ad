import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { controlClasses, FormField } from './form-field.tsx';
import type { TextFieldProps } from './text-field.tsx';

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, id, required, ...input }: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation('components');

  return (
    <FormField label={label} error={error} hint={hint} id={id} required={required}>
      {(control) => (
        // Left to right in every language, the show/hide toggle included, so it stays at the end of the text.
        <div className="relative" dir="ltr">
          <input
            {...control}
            {...input}
            type={visible ? 'text' : 'password'}
            required={required}
            className={controlClasses(Boolean(error), 'h-11 pe-11')}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? t('hidePassword') : t('showPassword')}
            aria-controls={control.id}
            aria-pressed={visible}
            className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-lg text-slate-500 hover:text-slate-800"
          >
            {visible ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
          </button>
        </div>
      )}
    </FormField>
  );
}
