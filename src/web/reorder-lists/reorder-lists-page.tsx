import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import type { ReorderListSummary } from '#contracts/reorder-lists';
import { DataText } from '../components/ui/data-text.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { StandingOrderPanel } from '../standing-orders/standing-order-panel.tsx';
import { NewListForm } from './new-list-form.tsx';
import { ReorderListDetail } from './reorder-list-detail.tsx';
import { reorderListQuery, reorderListsQuery } from './reorder-lists.api.ts';

function SelectedList({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const { t } = useTranslation('reorder-lists');
  const list = useQuery(reorderListQuery(id));
  if (list.isError) return <ErrorState title={t('loadFailed')} error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) return <p role="status" className="text-sm text-slate-600">{t('loading')}</p>;
  return (
    <>
      <ReorderListDetail key={list.data.list.id} list={list.data.list} onDeleted={onDeleted} />
      <StandingOrderPanel key={`standing-${list.data.list.id}`} listId={list.data.list.id} />
    </>
  );
}

/** Lists under a heading (none without one); nothing when there are none. */
function ListGroup({ title, lists, selected, onSelect }: {
  title?: string; lists: ReorderListSummary[]; selected?: number; onSelect: (id: number) => void;
}) {
  const f = useFormat();
  if (lists.length === 0) return null;
  return (
    <nav aria-label={title} className="flex flex-col gap-1">
      {title && <h2 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>}
      {lists.map((list) => (
        <button
          key={list.id} type="button" onClick={() => onSelect(list.id)} aria-current={list.id === selected ? 'page' : undefined}
          className={`flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-start text-sm ${list.id === selected ? 'bg-brand-50 font-semibold text-brand-900' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          <span className="min-w-0">
            <span className="block truncate">{list.name}</span>
            {list.department && <DataText as="span" className="block truncate text-xs font-normal text-slate-500">{list.department.name}</DataText>}
          </span>
          <span className="text-xs text-slate-500">{f.number(list.item_count)}</span>
        </button>
      ))}
    </nav>
  );
}

/** /profile/reorder-lists: named lists with par levels, counted and reordered into the cart. */
export function ReorderListsPage() {
  // Loaded with the page, not when a list arrives (which would blank it and the counts being typed): the licence notes
  // of a refused reorder, and the list's standing order.
  const { t } = useTranslation(['reorder-lists', 'licences', 'standing-orders']);
  const lists = useQuery(reorderListsQuery());
  const guides = lists.data?.lists.filter((list) => list.department) ?? [];
  const own = lists.data?.lists.filter((list) => !list.department) ?? [];
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('list')) || guides[0]?.id || own[0]?.id;
  const select = (id?: number) => setParams(id ? { list: String(id) } : {}, { replace: true });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <PageHeader icon={ListChecks} title={t('heading')} intro={t('intro')} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside className="space-y-5">
          <NewListForm onCreated={(list) => select(list.id)} />
          {lists.isError ? <ErrorState title={t('loadFailed')} error={lists.error} onRetry={() => void lists.refetch()} /> : (
            <>
              <ListGroup title={t('departmentGuides')} lists={guides} selected={selected} onSelect={select} />
              <ListGroup title={guides.length ? t('myLists') : undefined} lists={own} selected={selected} onSelect={select} />
            </>
          )}
        </aside>
        <div className="min-w-0">
          {lists.data && lists.data.lists.length === 0 && <p className="text-sm text-slate-600">{t('none')}</p>}
          {selected && <SelectedList id={selected} onDeleted={() => select()} />}
        </div>
      </div>
    </div>
  );
}
