import { useTranslation } from 'react-i18next';
import { addOrderNote, MAX_NOTE_LENGTH, type OrderNote } from '#contracts/staff-order-detail';
import { Button } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { controlClasses, FormField } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useFormat } from '../i18n/use-format.ts';
import { useErrorText } from '../lib/error-text.ts';
import { useAddOrderNote } from './staff-order-detail.api.ts';

function AddNoteForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation('staff-orders');
  const errorText = useErrorText();
  const add = useAddOrderNote();
  const form = useContractForm(addOrderNote.body, { defaultValues: { text: '' } });
  const submit = form.handleSubmit(async ({ text }) => {
    try {
      await add.mutateAsync({ id: orderId, text });
    } catch (error) {
      if (!form.setServerErrors(error)) notify.error(t('noteFailed'), errorText(error));
      return;
    }
    notify.success(t('noteSaved'));
    form.reset();
  });
  return (
    <form noValidate onSubmit={submit} aria-label={t('addNote')} className="space-y-2">
      <FormField label={t('noteLabel')} required error={form.errorText('text')}>
        {(control) => <textarea {...control} {...form.register('text')} rows={3} maxLength={MAX_NOTE_LENGTH}
          className={controlClasses(Boolean(control['aria-invalid']), 'py-2')} />}
      </FormField>
      <Button type="submit" size="sm" disabled={add.isPending}>{t('saveNote')}</Button>
    </form>
  );
}

/** Staff's internal notes on the order, newest first, and a form to add one for the roles that may. */
export function OrderNotes({ orderId, notes, mayAdd }: { orderId: string; notes: OrderNote[]; mayAdd: boolean }) {
  const { t } = useTranslation('staff-orders');
  const f = useFormat();
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-500">{t('notesIntro')}</p>
      {notes.length === 0 ? <p className="text-sm text-slate-600">{t('noNotes')}</p> : (
        <ul aria-label={t('notes')} className="space-y-2">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm">
              <DataText as="p" className="whitespace-pre-line text-slate-900">{note.text}</DataText>
              <p className="mt-1 text-xs text-slate-600">
                {t('noteBy', { author: `\u2068${note.author_email}\u2069`, date: f.dateTime(note.created_at) })}
              </p>
            </li>
          ))}
        </ul>
      )}
      {mayAdd && <AddNoteForm orderId={orderId} />}
    </div>
  );
}
