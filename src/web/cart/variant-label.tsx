import { DataText } from '../components/ui/data-text.tsx';
import { cx } from '../lib/class-names.ts';

/** A line's variant under its product name ('18 cm · Curved'), as written; nothing for a product without options. */
export function VariantLabel({ label, className = 'text-sm' }: { label: string; className?: string }) {
  if (!label) return null;
  return <DataText as="p" className={cx('text-slate-600', className)}>{label}</DataText>;
}
