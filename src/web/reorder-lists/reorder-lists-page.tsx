import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { useFormat } from '../i18n/use-format.ts';
import { NewListForm } from './new-list-form.tsx';
import { ReorderListDetail } from './reorder-list-detail.tsx';
import { reorderListQuery, reorderListsQuery } from './reorder-lists.api.ts';

function SelectedList({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const { t } = useTranslation('reorder-lists');
  const list = useQuery(reorderListQuery(id));
  if (list.isError) return <ErrorState title={t('loadFailed')} error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) return <p role="status" className="text-sm text-slate-600">{t('loading')}</p>;
  return <ReorderListDetail key={list.data.list.id} list={list.data.list} onDeleted={onDeleted} />;
}

/** /profile/reorder-lists: named lists with par levels, counted and reordered into the cart. */
export function ReorderListsPage() {
  // Loaded with the page, not when a list arrives (which would blank it and the counts being typed): the licence notes
  // of a refused reorder.
  const { t } = useTranslation(['reorder-lists', 'licences']);
  const f = useFormat();
  const lists = useQuery(reorderListsQuery());
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('list')) || lists.data?.lists[0]?.id;
  const select = (id?: number) => setParams(id ? { list: String(id) } : {}, { replace: true });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{t('pageTitle')}</title>
      <PageHeader icon={ListChecks} title={t('heading')} intro={t('intro')} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside className="space-y-4">
          <NewListForm onCreated={(list) => select(list.id)} />
          {lists.isError ? <ErrorState title={t('loadFailed')} error={lists.error} onRetry={() => void lists.refetch()} /> : (
            <nav className="flex flex-col gap-1">
              {lists.data?.lists.map((list) => (
                <button
                  key={list.id} type="button" onClick={() => select(list.id)} aria-current={list.id === selected ? 'page' : undefined}
                  className={`flex items-center justify-between rounded-lg px-3 py-2 text-start text-sm ${list.id === selected ? 'bg-brand-50 font-semibold text-brand-900' : 'text-slate-700 hover:bg-slate-100'}`}
                >
                  <span className="truncate">{list.name}</span>
                  <span className="text-xs text-slate-500">{f.number(list.item_count)}</span>
                </button>
              ))}
            </nav>
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
