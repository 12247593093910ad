import { cx } from '../../lib/class-names.ts';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none', className)} />;
}
