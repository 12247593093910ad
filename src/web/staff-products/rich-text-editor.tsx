import { useTranslation } from 'react-i18next';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { controlClasses } from '../components/ui/form-field.tsx';
import { cx } from '../lib/class-names.ts';
import { descriptionExtensions, linkTarget } from './rich-text-extensions.ts';

/** What the toolbar shows as on, read again whenever the selection or the text changes. */
const activeMarks = ({ editor }: { editor: Editor }) => ({
  bold: editor.isActive('bold'),
  italic: editor.isActive('italic'),
  h2: editor.isActive('heading', { level: 2 }),
  h3: editor.isActive('heading', { level: 3 }),
  bullets: editor.isActive('bulletList'),
  numbers: editor.isActive('orderedList'),
  link: editor.isActive('link'),
});

function ToolButton({ label, on, onClick, children }: { label: string; on: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" aria-label={label} title={label} aria-pressed={on} onClick={onClick}
      className={cx('rounded-md p-1.5 text-slate-700 hover:bg-slate-200', on && 'bg-brand-100 text-brand-800')}>
      {children}
    </button>
  );
}

/** Asks for a link's address; an empty address removes the link. */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation('staff-products');
  const [href, setHref] = useState(() => String(editor.getAttributes('link').href ?? ''));
  const [invalid, setInvalid] = useState(false);
  const id = useId();
  const apply = () => {
    const target = linkTarget(href);
    if (href.trim() && !target) {
      setInvalid(true);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (target) chain.setMark('link', { href: target }).run();
    else chain.unsetMark('link').run();
    onDone();
  };
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 p-2">
      <input type="url" dir="ltr" value={href} onChange={(event) => { setHref(event.target.value); setInvalid(false); }} aria-label={t('linkAddress')}
        placeholder="https://" aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-error` : undefined}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          apply();
        }}
        className={controlClasses(invalid, 'h-9 min-w-0 flex-1')} autoFocus />
      <Button size="sm" onClick={apply}>{t('applyLink')}</Button>
      <Button size="sm" variant="ghost" onClick={onDone}>{t('cancel')}</Button>
      {invalid && <p id={`${id}-error`} className="basis-full text-sm font-medium text-red-700">{t('linkInvalid')}</p>}
    </div>
  );
}

/**
 * Formatted text (bold, italic, headings, lists, links) written as HTML; the server sanitises what it keeps. A new
 * `value` from outside (a reloaded product) replaces the text; the editor's own changes go out through `onChange`.
 */
export function RichTextEditor({ value, onChange, labelledBy, describedBy, invalid }: {
  value: string;
  onChange: (html: string) => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation('staff-products');
  const [linking, setLinking] = useState(false);
  const editor = useEditor({
    extensions: descriptionExtensions,
    content: value,
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
    editorProps: {
      attributes: {
        // Descriptions are mostly English: on an Arabic or Urdu screen each text still reads in its own direction.
        dir: 'auto', role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelledBy, ...(describedBy && { 'aria-describedby': describedBy }),
        class: cx(
          'min-h-40 px-3 py-2 text-sm text-slate-900 focus:outline-none',
          '[&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-3 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:mt-2 [&_h3]:font-bold',
          '[&_ol]:list-decimal [&_ol]:ps-6 [&_p]:my-1.5 [&_ul]:list-disc [&_ul]:ps-6',
        ),
      },
    },
  });
  const marks = useEditorState({ editor, selector: activeMarks });

  useEffect(() => {
    if (!editor || editor.isDestroyed || value === (editor.isEmpty ? '' : editor.getHTML())) return;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor || !marks) return null;
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => command(editor.chain().focus()).run();
  return (
    <div className={cx(
      'overflow-hidden rounded-lg border bg-white shadow-sm focus-within:ring-2',
      invalid ? 'border-red-400 focus-within:ring-red-200' : 'border-slate-300 focus-within:border-brand-500 focus-within:ring-brand-200',
    )}>
      <div role="toolbar" aria-label={t('formatting')} className="flex flex-wrap gap-0.5 border-b border-slate-200 bg-slate-50 p-1">
        <ToolButton label={t('bold')} on={marks.bold} onClick={() => run((chain) => chain.toggleBold())}><Bold aria-hidden="true" className="h-4 w-4" /></ToolButton>
        <ToolButton label={t('italic')} on={marks.italic} onClick={() => run((chain) => chain.toggleItalic())}><Italic aria-hidden="true" className="h-4 w-4" /></ToolButton>
        <ToolButton label={t('heading2')} on={marks.h2} onClick={() => run((chain) => chain.toggleHeading({ level: 2 }))}><Heading2 aria-hidden="true" className="h-4 w-4" /></ToolButton>
        <ToolButton label={t('subheading')} on={marks.h3} onClick={() => run((chain) => chain.toggleHeading({ level: 3 }))}><Heading3 aria-hidden="true" className="h-4 w-4" /></ToolButton>
        <ToolButton label={t('bulletedList')} on={marks.bullets} onClick={() => run((chain) => chain.toggleBulletList())}><List aria-hidden="true" className="h-4 w-4" /></ToolButton>
        <ToolButton label={t('numberedList')} on={marks.numbers} onClick={() => run((chain) => chain.toggleOrderedList())}><ListOrdered aria-hidden="true" className="h-4 w-4" /></ToolButton>
        <ToolButton label={t('link')} on={marks.link || linking} onClick={() => setLinking(!linking)}><Link2 aria-hidden="true" className="h-4 w-4" /></ToolButton>
      </div>
      {linking && <LinkForm editor={editor} onDone={() => setLinking(false)} />}
      <EditorContent editor={editor} />
    </div>
  );
}
