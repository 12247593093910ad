import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Button } from '../components/ui/button.tsx';
import { controlClasses, FormField } from '../components/ui/form-field.tsx';

/** A reason box with a confirm and a cancel button, for declining (buyer) or withdrawing (staff). */
export function ReasonForm({ label, hint, confirm, busy, onConfirm, onCancel }: {
  label: string; hint?: string; confirm: string; busy: boolean; onConfirm: (reason: string) => void; onCancel: () => void;
}) {
  const { t } = useTranslation('quotes');
  const [reason, setReason] = useState('');
  return (
    <div className="space-y-3 rounded-xl border border-amber-200 bg-amber-50/60 p-4">
      <FormField label={label} hint={hint}>
        {(control) => (
          <textarea {...control} rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} className={controlClasses(false, 'py-2')} />
        )}
      </FormField>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>{t('cancel')}</Button>
        <Button variant="secondary" onClick={() => onConfirm(reason)} disabled={busy}>{confirm}</Button>
      </div>
    </div>
  );
}
