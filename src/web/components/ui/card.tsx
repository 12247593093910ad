import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/class-names.ts';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx('rounded-xl border border-slate-200 bg-white shadow-sm', className)} {...props} />;
}
