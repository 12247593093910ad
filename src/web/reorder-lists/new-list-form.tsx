import { useTranslation } from 'react-i18next';
import { createReorderList, type ReorderList } from '#contracts/reorder-lists';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useGuideDepartments } from './guide-departments.ts';
import { listNameProblem } from './list-name.ts';
import { useCreateList } from './reorder-lists.api.ts';
import { useFailureToast } from './failure-toast.ts';

/** Names and creates an empty reorder list; a member who orders for a department may make it the department's order guide. */
export function NewListForm({ onCreated }: { onCreated: (list: ReorderList) => void }) {
  const { t } = useTranslation('reorder-lists');
  const failureToast = useFailureToast();
  const create = useCreateList();
  const departments = useGuideDepartments();
  const form = useContractForm(createReorderList.body, { defaultValues: { name: '', department_id: null } });

  const submit = form.handleSubmit(({ name, department_id: departmentId }) => create.mutate({ name, departmentId: departmentId ?? null }, {
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
      {departments.length > 0 && (
        <SelectField
          label={t('listFor')}
          options={[{ value: '', label: t('forMyself') }, ...departments.map((department) => ({ value: String(department.id), label: department.name }))]}
          {...form.register('department_id', { setValueAs: (value: string | null) => (value ? Number(value) : null) })}
          error={form.errorText('department_id') && t('notYourDepartment')}
        />
      )}
      <Button type="submit" size="sm" disabled={create.isPending}>{t('create')}</Button>
    </form>
  );
}
