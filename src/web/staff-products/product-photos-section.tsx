import type { ReactNode } from 'react';

/** One part of the editor's media card (photos, documents): a heading, what it takes, and its content. */
export function MediaSection({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div>
        <h3 id={id} className="text-lg font-bold text-slate-900">{title}</h3>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
      </div>
      {children}
    </section>
  );
}
