import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ListChecks, Trash2 } from 'lucide-react';
import { MAX_ON_HAND, MAX_PAR_LEVEL, type ReorderList, type ReorderListItem, type ReorderOutcome } from '#contracts/reorder-lists';
import { Badge } from '../components/ui/badge.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { controlClasses } from '../components/ui/form-field.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { useMessages } from '../i18n/define-messages.ts';
import { ApiError } from '../lib/api.ts';
import { reorderMessages } from './messages.ts';
import {
  reorderListQuery, reorderListsQuery, useCreateList, useDeleteList, useRemoveFromList, useReorder, useSetPar, useSwapItem,
} from './reorder-lists.api.ts';
import { PageHeader } from '../components/ui/page-header.tsx';

type Text = (typeof reorderMessages)['en'];
const fail = (t: Text) => (error: Error) => notify.error(t.failed, error.message);

function ItemRow({ listId, item, onHand, setOnHand, outcome, t }: {
  listId: number; item: ReorderListItem; onHand: string; setOnHand: (value: string) => void;
  outcome?: { outcome: ReorderOutcome; added: number }; t: Text;
}) {
  const setPar = useSetPar();
  const remove = useRemoveFromList();
  const swap = useSwapItem();
  const [par, setParText] = useState(String(item.par_level));
  const count = onHand === '' ? null : Number(onHand);
  const needed = count === null ? null : Math.max(item.par_level - count, 0);

  function savePar() {
    const value = Number(par);
    if (value === item.par_level) return;
    setPar.mutate({ id: listId, itemId: item.id, parLevel: value }, {
      onError: (error) => {
        setParText(String(item.par_level));
        notify.error(t.failed, error instanceof ApiError ? error.fieldErrors.par_level?.[0] ?? error.message : error.message);
      },
    });
  }

  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="min-w-0">
        <Link to={`/products/${item.slug}`} className="font-semibold text-slate-900 hover:text-brand-700">{item.name}</Link>
        <p className="text-xs text-slate-500">{item.brand} · {item.model_number} · ${item.price}</p>
        <p className={item.in_stock ? 'text-xs text-emerald-700' : 'text-xs font-semibold text-red-700'}>
          {item.in_stock ? t.inStock(item.available_stock) : t.outOfStock}
        </p>
        {item.last_on_hand !== null && item.counted_at && (
          <p className="text-xs text-slate-500">{t.lastCount(item.last_on_hand, item.counted_at.slice(0, 10))}</p>
        )}
        {item.equivalents.length > 0 && (
          <div className="mt-2 rounded-lg bg-slate-50 p-2">
            <p className="text-xs font-semibold text-slate-700">{t.equivalents}</p>
            <ul className="mt-1 space-y-1">
              {item.equivalents.map((equivalent) => (
                <li key={equivalent.product_id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="min-w-0">{equivalent.name} <span className="text-slate-500">· {equivalent.brand} · ${equivalent.price} · {t.inStock(equivalent.available_stock)}</span></span>
                  <Button
                    size="sm" variant="secondary" disabled={swap.isPending}
                    onClick={() => void swap.mutateAsync({ id: listId, itemId: item.id, productId: equivalent.product_id })
                      .then(() => notify.success(t.swapped, equivalent.name), fail(t))}
                  >
                    {t.swap}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-xs font-semibold text-slate-700">
          {t.par}
          <input
            type="number" min={1} max={MAX_PAR_LEVEL} value={par} onChange={(e) => setParText(e.target.value)} onBlur={savePar}
            aria-label={`${t.par}: ${item.name}`} className={controlClasses(false, 'mt-1 h-10 w-20')}
          />
        </label>
        <label className="text-xs font-semibold text-slate-700">
          {t.onHand}
          <input
            type="number" min={0} max={MAX_ON_HAND} value={onHand} onChange={(e) => setOnHand(e.target.value)}
            aria-label={`${t.onHand}: ${item.name}`} className={controlClasses(false, 'mt-1 h-10 w-20')}
          />
        </label>
        <div className="w-20 text-xs font-semibold text-slate-700">
          {t.needed}
          <p className="mt-1 flex h-10 items-center text-base text-slate-900">{needed ?? '–'}</p>
        </div>
        {outcome && <Badge tone={outcome.outcome === 'added' ? 'success' : outcome.outcome === 'at_par' || outcome.outcome === 'in_cart' ? 'neutral' : 'warning'}>{t.outcome(outcome.outcome, outcome.added)}</Badge>}
        <Button variant="ghost" size="icon" aria-label={`${t.remove}: ${item.name}`} onClick={() => remove.mutate({ id: listId, itemId: item.id }, { onError: fail(t) })}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
    </li>
  );
}

function ListDetail({ list, t, onDeleted }: { list: ReorderList; t: Text; onDeleted: () => void }) {
  const reorder = useReorder();
  const remove = useDeleteList();
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [outcomes, setOutcomes] = useState<Record<number, { outcome: ReorderOutcome; added: number }>>({});
  const onHandOf = (item: ReorderListItem) => counts[item.id] ?? (item.last_on_hand === null ? '' : String(item.last_on_hand));

  function submit() {
    const entered = list.items.filter((item) => counts[item.id] !== undefined && counts[item.id] !== '')
      .map((item) => ({ item_id: item.id, on_hand: Number(counts[item.id]) }));
    reorder.mutate({ id: list.id, counts: entered }, {
      onSuccess: (result) => {
        setOutcomes(Object.fromEntries(result.lines.map((line) => [line.item_id, line])));
        setCounts({});
        notify.success(t.reordered, t.reorderedText(result.lines.reduce((sum, line) => sum + line.added, 0)));
      },
      onError: (error) => notify.error(t.failed, error instanceof ApiError && error.status === 400
        ? Object.values(error.fieldErrors).flat().join(' ') : error.message),
    });
  }

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
        <h2 className="text-lg font-semibold text-slate-900">{list.name} <span className="text-sm font-normal text-slate-500">{t.itemCount(list.item_count)}</span></h2>
        <Button variant="ghost" size="sm" onClick={() => void remove.mutateAsync(list.id).then(() => { notify.success(t.deleted, list.name); onDeleted(); }, fail(t))}>
          <Trash2 aria-hidden="true" className="h-4 w-4" /> {t.deleteList}
        </Button>
      </div>
      {list.items.length === 0 ? <p className="p-4 text-sm text-slate-600">{t.emptyList}</p> : (
        <>
          <ul className="divide-y divide-slate-200">
            {list.items.map((item) => (
              <ItemRow
                key={`${item.id}-${item.product_id}`} listId={list.id} item={item} onHand={onHandOf(item)} outcome={outcomes[item.id]} t={t}
                setOnHand={(value) => setCounts((current) => ({ ...current, [item.id]: value }))}
              />
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 p-4">
            <Link to="/cart" className={buttonClasses({ variant: 'secondary' })}>{t.viewCart}</Link>
            <Button onClick={submit} disabled={reorder.isPending}>{reorder.isPending ? t.reordering : t.reorder}</Button>
          </div>
        </>
      )}
    </Card>
  );
}

function SelectedList({ id, t, onDeleted }: { id: number; t: Text; onDeleted: () => void }) {
  const list = useQuery(reorderListQuery(id));
  if (list.isError) return <ErrorState title={t.loadFailed} error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) return <p role="status" className="text-sm text-slate-600">{t.loading}</p>;
  return <ListDetail key={list.data.list.id} list={list.data.list} t={t} onDeleted={onDeleted} />;
}

/** /profile/reorder-lists: named lists with par levels, counted and reordered into the cart. */
export function ReorderListsPage() {
  const t = useMessages(reorderMessages);
  const lists = useQuery(reorderListsQuery());
  const create = useCreateList();
  const [params, setParams] = useSearchParams();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const selected = Number(params.get('list')) || lists.data?.lists[0]?.id;
  const select = (id?: number) => setParams(id ? { list: String(id) } : {}, { replace: true });

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: ({ list }) => { setName(''); setNameError(undefined); select(list.id); notify.success(t.created, list.name); },
      onError: (error) => setNameError(error instanceof ApiError ? error.fieldErrors.name?.[0] ?? error.message : error.message),
    });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t.pageTitle}</title>
      <PageHeader icon={ListChecks} title={t.heading} intro={t.intro} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside className="space-y-4">
          <form onSubmit={submit} className="space-y-2">
            <TextField label={t.newList} value={name} onChange={(e) => setName(e.target.value)} error={nameError} maxLength={80} />
            <Button type="submit" size="sm" disabled={create.isPending}>{t.create}</Button>
          </form>
          {lists.isError ? <ErrorState title={t.loadFailed} error={lists.error} onRetry={() => void lists.refetch()} /> : (
            <nav className="flex flex-col gap-1">
              {lists.data?.lists.map((list) => (
                <button
                  key={list.id} type="button" onClick={() => select(list.id)} aria-current={list.id === selected ? 'page' : undefined}
                  className={`flex items-center justify-between rounded-lg px-3 py-2 text-start text-sm ${list.id === selected ? 'bg-brand-50 font-semibold text-brand-900' : 'text-slate-700 hover:bg-slate-100'}`}
                >
                  <span className="truncate">{list.name}</span>
                  <span className="text-xs text-slate-500">{list.item_count}</span>
                </button>
              ))}
            </nav>
          )}
        </aside>
        <div className="min-w-0">
          {lists.data && lists.data.lists.length === 0 && <p className="text-sm text-slate-600">{t.none}</p>}
          {selected && <SelectedList id={selected} t={t} onDeleted={() => select()} />}
        </div>
      </div>
    </div>
  );
}
