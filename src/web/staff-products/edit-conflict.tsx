import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import type { ErrorBody } from '#contracts/errors';
import { Button } from '../components/ui/button.tsx';
import { useFormat } from '../i18n/use-format.ts';

export type EditConflict = NonNullable<ErrorBody['changes']>;

/** What a 409 EDIT_CONFLICT says changed, or nothing when its body does not say. */
export function conflictOf(body: unknown): EditConflict {
  const changes = (body as ErrorBody | undefined)?.changes;
  return changes ?? { fields: [], updated_at: '', by: null };
}

/**
 * Someone saved the product while it was being edited: who, when and which fields, and the two ways on. The edits on
 * screen stay until "Load their version" is chosen.
 */
export function EditConflictBanner({ conflict, fieldLabel, busy, onLoadTheirs, onKeepMine }: {
  conflict: EditConflict;
  fieldLabel: (field: string) => string;
  busy: boolean;
  onLoadTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { t } = useTranslation('staff-products');
  const f = useFormat();
  const who = conflict.by ?? t('someoneElse');
  const when = conflict.updated_at ? f.dateTime(conflict.updated_at) : '';
  const fields = new Intl.ListFormat(f.intlLocale, { type: 'conjunction' }).format(conflict.fields.map(fieldLabel));
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="edit-conflict">
      <p className="flex items-center gap-2 font-bold text-amber-950">
        <TriangleAlert aria-hidden="true" className="h-5 w-5 shrink-0" /> {t('conflictTitle')}
      </p>
      <p className="mt-1 text-sm text-amber-950">
        {when ? t('conflictText', { who, when }) : t('conflictTextNoTime', { who })}{' '}
        {conflict.fields.length > 0 && t('conflictFields', { fields })}
      </p>
      <p className="mt-1 text-sm text-amber-900">{t('conflictChoice')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onLoadTheirs} disabled={busy}>{t('loadTheirs')}</Button>
        <Button size="sm" onClick={onKeepMine} disabled={busy}>{t('keepMine')}</Button>
      </div>
    </div>
  );
}
