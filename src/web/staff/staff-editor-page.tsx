import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';

/** A staff screen's frame: the document title, the heading and a line on what the screen is for. */
export function StaffEditorPage({ title, heading, intro, children }: { title: string; heading: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{title}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{heading}</h1>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
      </div>
      {children}
    </div>
  );
}

/** The records a staff screen edits, under a heading: a placeholder while loading, a retry on failure, `none` when empty. */
export function StaffRecordList<T extends { id: number }>({ id, heading, query, items, texts, ordered, renderItem }: {
  id: string;
  heading: string;
  query: UseQueryResult<unknown>;
  items: readonly T[] | undefined;
  texts: { loadFailed: string; none: string };
  /** Numbered: the order is what the list is about. */
  ordered?: boolean;
  renderItem: (item: T, index: number, all: readonly T[]) => ReactNode;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-bold text-slate-900">{heading}</h2>
      {query.isPending ? <Skeleton className="h-24 w-full" /> : query.isError ? (
        <ErrorState title={texts.loadFailed} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !items || items.length === 0 ? (
        <p className="text-sm text-slate-600">{texts.none}</p>
      ) : (
        <List className="space-y-3">
          {items.map((item, index, all) => <li key={item.id}>{renderItem(item, index, all)}</li>)}
        </List>
      )}
    </section>
  );
}

/** The card holding a new record's form, or an edit of one: its heading, the fields, and cancel and submit. */
export function StaffFormCard({ icon: Icon, heading, onSubmit, editing, onCancel, pending, texts, children }: {
  icon: LucideIcon;
  heading: string;
  onSubmit: () => void;
  editing: boolean;
  onCancel: () => void;
  pending: boolean;
  texts: { cancel: string; saving: string; save: string; create: string };
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" /> {heading}
      </h2>
      <form className="mt-4 space-y-4" onSubmit={onSubmit} noValidate aria-label={heading}>
        {children}
        <div className="flex flex-wrap justify-end gap-2">
          {editing && <Button type="button" variant="ghost" onClick={onCancel}>{texts.cancel}</Button>}
          <Button type="submit" disabled={pending}>{pending ? texts.saving : editing ? texts.save : texts.create}</Button>
        </div>
      </form>
    </Card>
  );
}
