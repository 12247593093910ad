import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/class-names.ts';

export type BadgeTone = 'brand' | 'neutral' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  danger: 'bg-red-600 text-white ring-red-600',
};

export function Badge({ tone = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
