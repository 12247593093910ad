import { Fragment, type ReactNode } from 'react';

/**
 * A translated sentence with parts marked as tags (`I agree to the <terms>Terms of Service</terms>`), each tag's text
 * given to its render function, so that every language puts a link where its word order needs it. react-i18next's
 * <Trans> does this too, but brings its HTML parser into every page's shell.
 */
export function TaggedText({ text, tags }: { text: string; tags: Record<string, (children: string) => ReactNode> }) {
  const parts = text.split(/<(\w+)>(.*?)<\/\1>/);
  const nodes: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    nodes.push(parts[i]);
    const tag = parts[i + 1];
    if (tag !== undefined) nodes.push(tags[tag]?.(parts[i + 2] ?? '') ?? parts[i + 2]);
  }
  return nodes.map((node, i) => <Fragment key={i}>{node}</Fragment>);
}
