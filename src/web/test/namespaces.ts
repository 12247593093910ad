import type { MockInstance } from 'vitest';
import { SHELL_NAMESPACES } from '../i18n/i18n.ts';

/**
 * The namespaces that components below a page asked for without the page asking first (shell namespaces aside), from a
 * spy on `i18n.hasLoadedNamespace`. In the browser such a namespace loads only when its component first renders, and
 * the layout's Suspense blanks the whole page meanwhile, dropping what is being typed: a page asks for every
 * namespace it can show. `pageNamespace` is the first one the page's own `useTranslation` names.
 */
export function askedLater(asked: MockInstance<(namespace: string) => boolean>, pageNamespace: string): string[] {
  const namespaces = asked.mock.calls.map(([namespace]) => namespace);
  // react-i18next asks for a hook's namespaces one after another.
  const withPage = new Set<string>();
  for (const namespace of namespaces.slice(namespaces.indexOf(pageNamespace))) {
    if (withPage.has(namespace)) break;
    withPage.add(namespace);
  }
  const shell = new Set<string>(SHELL_NAMESPACES);
  return [...new Set(namespaces)].filter((namespace) => !shell.has(namespace) && !withPage.has(namespace));
}
