import { cx } from '../lib/class-names.ts';
import { descriptionHtml } from './description-html.ts';

const FORMATTING = cx(
  'max-w-3xl space-y-4 text-slate-700',
  '[&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_h4]:font-semibold [&_h4]:text-slate-900',
  // Markers inside the lines: the description lines up with the page (data-text) in either direction.
  '[&_ul]:list-inside [&_ul]:list-disc [&_ul]:space-y-1 [&_ol]:list-inside [&_ol]:list-decimal [&_ol]:space-y-1',
  // The staff editor wraps each list line in a paragraph: inline, it stays on the marker's line.
  '[&_li>p]:inline',
  '[&_a]:text-brand-700 [&_a]:underline [&_a:hover]:text-brand-900',
  '[&_blockquote]:border-s-4 [&_blockquote]:border-slate-200 [&_blockquote]:ps-4 [&_blockquote]:italic',
  '[&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2',
  '[&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:px-3 [&_th]:py-2 [&_th]:text-start',
);

/** The product's formatted description, sanitised by the server when it was saved. */
export function ProductDescription({ description }: { description: string }) {
  return (
    // Sanitised on the server when saved (src/server/staff-products/description-html.ts).
    <div dir="auto" className={cx('data-text overflow-x-auto', FORMATTING)} dangerouslySetInnerHTML={{ __html: descriptionHtml(description) }} />
  );
}
