import { useTranslation } from 'react-i18next';
import { addCustomerNote, NOTE_MAX_LENGTH } from '#contracts/staff-customers';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextAreaField } from '../components/ui/text-area-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useErrorText } from '../lib/error-text.ts';
import { useAddCustomerNote } from './staff-customers.api.ts';

/** A new internal note on the customer, checked by the same rules the server runs. */
export function CustomerNoteForm({ customerId }: { customerId: string }) {
  const { t } = useTranslation('staff-customers');
  const errorText = useErrorText();
  const add = useAddCustomerNote(customerId);
  const form = useContractForm(addCustomerNote.body, { defaultValues: { text: '' } });

  const onSubmit = form.handleSubmit(({ text }) => add.mutate(text, {
    onSuccess: () => {
      form.reset({ text: '' });
      notify.success(t('noteAdded'));
    },
    onError: (error) => form.setServerErrors(error) || notify.error(t('noteFailed'), errorText(error)),
  }));

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
      <TextAreaField
        label={t('noteLabel')}
        hint={t('noteHint')}
        required
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
        {...form.register('text')}
        error={form.errorText('text')}
      />
      <Button type="submit" disabled={add.isPending}>{t('addNote')}</Button>
    </form>
  );
}
