import { Mark, mergeAttributes } from '@tiptap/core';
import { Bold } from '@tiptap/extension-bold';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { Heading } from '@tiptap/extension-heading';
import { Italic } from '@tiptap/extension-italic';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Text } from '@tiptap/extension-text';
import { UndoRedo } from '@tiptap/extensions';

/** Web and mail addresses only: anything else (javascript:, data:) is not a link. */
export function linkTarget(typed: string): string | null {
  const text = typed.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A link as the description keeps it. TipTap's own link extension brings a list of every top-level domain (in many
 * scripts) for typing links in; a link here is always added through the toolbar, so the plain mark is enough.
 */
const Link = Mark.create({
  name: 'link',
  inclusive: false,
  addAttributes: () => ({ href: { default: null } }),
  parseHTML: () => [{ tag: 'a[href]', getAttrs: (element) => (linkTarget(element.getAttribute('href') ?? '') ? null : false) }],
  renderHTML: ({ HTMLAttributes }) => ['a', mergeAttributes(HTMLAttributes, { rel: 'noopener noreferrer nofollow' }), 0],
});

/** What the description may hold: paragraphs, two levels of heading, bold, italic, lists and links. */
export const descriptionExtensions = [
  Document, Paragraph, Text, HardBreak, Bold, Italic, Heading.configure({ levels: [2, 3] }), BulletList, OrderedList, ListItem, ListKeymap,
  UndoRedo, Link,
];
