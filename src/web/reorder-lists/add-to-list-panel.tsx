import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { addReorderListItem, createReorderList, MAX_PAR_LEVEL, type ReorderListSummary } from '#contracts/reorder-lists';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { listNameProblem } from './list-name.ts';
import { reorderListsQuery, useAddToList, useCreateList } from './reorder-lists.api.ts';
import { useFailureToast } from './failure-toast.ts';

const NEW = 'new';
const { name: listName } = createReorderList.body.shape;

/** One of the buyer's lists, or a new one named by the contract's rules, and the product's par level on it. */
const addForm = z.object({ list: z.string(), name: z.string(), par_level: addReorderListItem.body.shape.par_level })
  .check(z.superRefine(({ list, name }, ctx) => {
    if (list !== NEW) return;
    for (const issue of listName.safeParse(name).error?.issues ?? []) ctx.addIssue({ ...issue, path: ['name'] });
  }, {
    // Checked even while the par level is not a number, so that every problem shows at once.
    when: () => true,
  }));

export interface ProductChoice {
  productId: number;
  /** The size or version chosen on the product page; left out for a product with one variant. */
  variantId?: number;
}

function AddForm({ productId, variantId, lists, onDone }: ProductChoice & { lists: ReorderListSummary[]; onDone: () => void }) {
  const { t } = useTranslation('reorder-lists');
  const failureToast = useFailureToast();
  const create = useCreateList();
  const add = useAddToList();
  const form = useContractForm(addForm, {
    defaultValues: { list: lists[0] ? String(lists[0].id) : NEW, name: '', par_level: 10 },
    // The par level's own messages carry no message key.
    overrides: { par_level: t('parInvalid', { max: MAX_PAR_LEVEL }) },
  });
  const { register, errorText } = form;

  const submit = form.handleSubmit(async ({ list: choice, name, par_level }) => {
    try {
      const list = choice === NEW ? (await create.mutateAsync({ name, departmentId: null })).list : lists.find((l) => String(l.id) === choice)!;
      await add.mutateAsync({ id: list.id, productId, variantId, parLevel: par_level });
      notify.success(t('added'), t('addedText', { list: list.name }));
      onDone();
    } catch (error) {
      if (!form.setServerErrors(error)) failureToast(error);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="mt-3 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2">
      <SelectField
        label={t('chooseList')}
        {...register('list')}
        options={[...lists.map((list) => ({ value: String(list.id), label: list.name })), { value: NEW, label: t('orNew') }]}
      />
      {form.watch('list') === NEW && (
        <TextField
          label={t('newList')}
          maxLength={80}
          required
          {...register('name')}
          error={listNameProblem(t, form.formState.errors.name, errorText('name'))}
        />
      )}
      <TextField
        label={t('par')}
        type="number"
        min={1}
        max={MAX_PAR_LEVEL}
        required
        {...register('par_level', { valueAsNumber: true })}
        error={errorText('par_level')}
      />
      <div className="flex items-end gap-2 sm:col-span-2">
        <Button type="submit" disabled={create.isPending || add.isPending}>{t('add')}</Button>
        <Button type="button" variant="ghost" onClick={onDone}>{t('close')}</Button>
      </div>
    </form>
  );
}

/** The buyer's lists to choose from, once known; loaded when a buyer first opens it on a product page. */
export function AddPanel({ onDone, ...choice }: ProductChoice & { onDone: () => void }) {
  const { t } = useTranslation('reorder-lists');
  const lists = useQuery(reorderListsQuery());
  if (lists.isPending) return <p role="status" className="mt-3 text-sm text-slate-600">{t('loading')}</p>;
  return <AddForm {...choice} lists={lists.data?.lists ?? []} onDone={onDone} />;
}

