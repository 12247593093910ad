import { useTranslation } from 'react-i18next';
import { createReorderList, type ReorderList } from '#contracts/reorder-lists';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { listNameProblem } from './list-name.ts';
import { useCreateList } from './reorder-lists.api.ts';
import { useFailureToast } from './failure-toast.ts';

/** Names and creates an empty reorder list. */
export function NewListForm({ onCreated }: { onCreated: (list: ReorderList) => void }) {
  const { t } = useTranslation('reorder-lists');
  const failureToast = useFailureToast();
  const create = useCreateList();
  const form = useContractForm(createReorderList.body, { defaultValues: { name: '' } });

  const submit = form.handleSubmit(({ name }) => create.mutate(name, {
    onSuccess: ({ list }) => {
      form.reset();
      onCreated(list);
      notify.success(t('created'), list.name);
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) failureToast(error);
    },
  }));

  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      <TextField
        label={t('newList')}
        maxLength={80}
        {...form.register('name')}
        error={listNameProblem(t, form.formState.errors.name, form.errorText('name'))}
      />
      <Button type="submit" size="sm" disabled={create.isPending}>{t('create')}</Button>
    </form>
  );
}
