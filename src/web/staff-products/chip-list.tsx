import { useTranslation } from 'react-i18next';
import { useId, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, Plus, X } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { controlClasses, FieldMessage } from '../components/ui/form-field.tsx';
import { DataText } from '../components/ui/data-text.tsx';

/**
 * An ordered list of short texts as chips: typed and added with Enter or the button, removed, and (`orderable`) moved
 * earlier or later. A text already in the list is not added twice.
 */
export function ChipList({ label, values, onChange, error, orderable, placeholder, maxLength }: {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  error?: string;
  orderable?: boolean;
  placeholder?: string;
  maxLength?: number;
}) {
  const { t } = useTranslation('staff-products');
  const id = useId();
  const [typed, setTyped] = useState('');

  const add = () => {
    const value = typed.trim();
    if (value && !values.includes(value)) onChange([...values, value]);
    setTyped('');
  };
  const move = (from: number, to: number) => {
    const next = [...values];
    next.splice(to, 0, ...next.splice(from, 1));
    onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="mb-1.5 text-sm font-semibold text-slate-800">{label}</p>
      {values.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-1.5">
          {values.map((value, index) => (
            <li key={value} className="inline-flex items-center gap-0.5 rounded-full bg-slate-100 py-0.5 ps-3 pe-1 text-sm text-slate-800 ring-1 ring-slate-200">
              <DataText className="me-1">{value}</DataText>
              {orderable && (
                <>
                  <button type="button" disabled={index === 0} onClick={() => move(index, index - 1)} aria-label={t('moveEarlier', { value })}
                    className="rounded-full p-1 hover:bg-slate-200 disabled:opacity-30">
                    <ChevronLeft aria-hidden="true" className="h-3.5 w-3.5 rtl:-scale-x-100" />
                  </button>
                  <button type="button" disabled={index === values.length - 1} onClick={() => move(index, index + 1)} aria-label={t('moveLater', { value })}
                    className="rounded-full p-1 hover:bg-slate-200 disabled:opacity-30">
                    <ChevronRight aria-hidden="true" className="h-3.5 w-3.5 rtl:-scale-x-100" />
                  </button>
                </>
              )}
              <button type="button" onClick={() => onChange(values.filter((_, at) => at !== index))} aria-label={t('removeValue', { value })}
                className="rounded-full p-1 hover:bg-slate-200">
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input dir="auto" value={typed} onChange={(event) => setTyped(event.target.value)} onKeyDown={onKeyDown} placeholder={placeholder} maxLength={maxLength}
          aria-label={t('newValue', { list: label })} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
          className={controlClasses(Boolean(error), 'h-10 min-w-0 flex-1')} />
        <Button variant="secondary" onClick={add} aria-label={t('addTo', { list: label })}>
          <Plus aria-hidden="true" className="h-4 w-4" /> <span aria-hidden="true">{t('add')}</span>
        </Button>
      </div>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}
