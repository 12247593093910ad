import type { ComponentPropsWithoutRef, ElementType } from 'react';
import { cx } from '../../lib/class-names.ts';

type DataTextProps<T extends ElementType> = { as?: T } & Omit<ComponentPropsWithoutRef<T>, 'as' | 'dir'>;

/**
 * Data shown as it was written (product names, brands, model numbers, order numbers, emails, addresses), in its own
 * direction inside any page: a Latin name in an Urdu or Arabic page keeps its word order and brackets, and `truncate`
 * or `line-clamp` clip it at its own end ("Needle Holder, 14…"). Inline by default (`<bdi>`); as a block (`as="h3"`)
 * it still lines up with the page around it.
 */
export function DataText<T extends ElementType = 'bdi'>({ as, className, ...props }: DataTextProps<T>) {
  const Element: ElementType = as ?? 'bdi';
  return <Element dir="auto" className={cx('data-text', className)} {...props} />;
}
