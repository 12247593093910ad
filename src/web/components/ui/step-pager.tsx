import { Button } from './button.tsx';
import { cx } from '../../lib/class-names.ts';

export interface StepPagerTexts {
  /** The navigation's name for screen readers ('Pages'). */
  label: string;
  back: string;
  forward: string;
  /** Where the list is ('Page 2 of 5'). */
  position: string;
}

/** One page back or forward through a list, with where it is; nothing when the list fits one page. */
export function StepPager({ page, pages, onPage, texts, className }: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  texts: StepPagerTexts;
  className?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={texts.label} className={cx('flex items-center gap-3', className)}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>{texts.back}</Button>
      <span className="text-sm text-slate-700">{texts.position}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>{texts.forward}</Button>
    </nav>
  );
}
