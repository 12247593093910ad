import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { isRtl, useLocale } from '../../i18n/locale-store.ts';
import { cx } from '../../lib/class-names.ts';

/**
 * A tab set (Radix): the arrow keys move between tabs in reading order (the left arrow moves on in Urdu and Arabic),
 * Home and End go to the first and last, and a focused tab opens at once.
 */
export function Tabs(props: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root dir={isRtl(useLocale()) ? 'rtl' : 'ltr'} {...props} />;
}

/** `pill`: segments on a grey track; `underline`: a row of labels over a rule, the open one underlined. */
export type TabLook = 'pill' | 'underline';

const listLooks: Record<TabLook, string> = {
  pill: 'gap-1 rounded-xl bg-slate-100 p-1',
  underline: 'flex gap-1 border-b border-slate-200',
};

const tabLooks: Record<TabLook, string> = {
  pill: 'rounded-lg data-[state=active]:bg-white data-[state=active]:shadow-sm',
  underline: '-mb-px border-b-2 px-4 py-2.5 text-sm whitespace-nowrap data-[state=active]:border-brand-700 data-[state=inactive]:border-transparent',
};

export function TabList({ look, className, ...props }: ComponentProps<typeof TabsPrimitive.List> & { look: TabLook }) {
  return <TabsPrimitive.List className={cx(listLooks[look], className)} {...props} />;
}

export function Tab({ look, className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger> & { look: TabLook }) {
  return (
    <TabsPrimitive.Trigger
      className={cx(
        'font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50',
        'data-[state=active]:text-brand-800 data-[state=inactive]:text-slate-600 data-[state=inactive]:hover:text-slate-900',
        tabLooks[look],
        className,
      )}
      {...props}
    />
  );
}

/**
 * The open tab's panel. It stays out of the Tab order, since its own controls take the focus; a panel of text alone
 * passes `tabIndex={0}` so that a keyboard user can reach it to scroll.
 */
export function TabPanel({ tabIndex = -1, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content tabIndex={tabIndex} {...props} />;
}
