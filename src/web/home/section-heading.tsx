import type { ReactNode } from 'react';

export function SectionHeading({ id, eyebrow, title, text, action }: { id: string; eyebrow: string; title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">{eyebrow}</p>
        <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h2>
        <p className="mt-2 text-slate-600">{text}</p>
      </div>
      {action}
    </div>
  );
}
