import type { ReactNode } from 'react';
import { PackageSearch } from 'lucide-react';

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <PackageSearch aria-hidden="true" className="h-10 w-10 text-slate-400" />
      <p className="mt-3 text-lg font-semibold text-slate-800">{title}</p>
      {text && <p className="mt-1 max-w-md text-sm text-slate-600">{text}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
