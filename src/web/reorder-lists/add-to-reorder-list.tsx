import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ListPlus } from 'lucide-react';
import { MAX_PAR_LEVEL } from '#contracts/reorder-lists';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { Button } from '../components/ui/button.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { ApiError } from '../lib/api.ts';
import { reorderMessages } from './messages.ts';
import { reorderListsQuery, useAddToList, useCreateList } from './reorder-lists.api.ts';

const NEW = 'new';

function AddForm({ productId, onDone }: { productId: number; onDone: () => void }) {
  const t = useMessages(reorderMessages);
  const lists = useQuery(reorderListsQuery());
  const create = useCreateList();
  const add = useAddToList();
  const [choice, setChoice] = useState<string>();
  const [name, setName] = useState('');
  const [par, setPar] = useState('10');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const existing = lists.data?.lists ?? [];
  const listChoice = choice ?? (existing[0] ? String(existing[0].id) : NEW);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const list = listChoice === NEW ? (await create.mutateAsync(name)).list : existing.find((l) => String(l.id) === listChoice)!;
      await add.mutateAsync({ id: list.id, productId, parLevel: Number(par) });
      notify.success(t.added, t.addedText(list.name));
      onDone();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fieldErrors : {});
      if (!(error instanceof ApiError && error.status === 400)) notify.error(t.failed, (error as Error).message);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2">
      <SelectField
        label={t.chooseList} value={listChoice} onChange={(e) => setChoice(e.target.value)}
        options={[...existing.map((list) => ({ value: String(list.id), label: list.name })), { value: NEW, label: t.orNew }]}
      />
      {listChoice === NEW && (
        <TextField label={t.newList} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} error={errors.name?.[0]} required />
      )}
      <TextField
        label={t.par} type="number" min={1} max={MAX_PAR_LEVEL} value={par} onChange={(e) => setPar(e.target.value)}
        error={errors.par_level?.[0]} required
      />
      <div className="flex items-end gap-2 sm:col-span-2">
        <Button type="submit" disabled={create.isPending || add.isPending}>{t.add}</Button>
        <Button type="button" variant="ghost" onClick={onDone}>{t.close}</Button>
      </div>
    </form>
  );
}

/** On the product page: put this product on one of the buyer's reorder lists with a par level. */
export function AddToReorderList({ productId }: { productId: number }) {
  const t = useMessages(reorderMessages);
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user) {
    return <Link to="/login" className="mt-3 block text-center text-sm text-brand-700 hover:underline">{t.signInToAdd}</Link>;
  }
  return (
    <div className="mt-3">
      <Button variant="ghost" className="w-full" aria-expanded={open} onClick={() => setOpen(!open)}>
        <ListPlus aria-hidden="true" className="h-4 w-4" /> {t.addToList}
      </Button>
      {open && <AddForm productId={productId} onDone={() => setOpen(false)} />}
    </div>
  );
}
