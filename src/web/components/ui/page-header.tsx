import type { LucideIcon } from 'lucide-react';

/** A page's icon, h1 and one-line introduction, as every account and staff page opens. */
export function PageHeader({ icon: Icon, title, intro }: { icon: LucideIcon; title: string; intro: string }) {
  return (
    <div className="flex items-center gap-3">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Icon aria-hidden="true" className="h-6 w-6" />
      </span>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="text-sm text-slate-600">{intro}</p>
      </div>
    </div>
  );
}
