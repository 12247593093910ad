import { variantLabel } from '../catalog/variants.ts';
import { highlight } from './highlights.ts';

/** An active variant of a search result, as the search query reads it. */
export interface ResultVariant {
  model_number: string;
  options: Record<string, string>;
}

const marksIn = (html: string) => html.split('<mark>').length - 1;

/**
 * Of a product's variants (in their order), the one whose option values the query names most, as a highlight such as
 * 'MZ-18C · <mark>18</mark> <mark>cm</mark> · <mark>Curved</mark>'; undefined when the query names none.
 */
export function variantHighlight(variants: readonly ResultVariant[], optionOrder: readonly string[], terms: string[]): string | undefined {
  if (terms.length === 0) return undefined;
  let best: { html: string; marks: number } | undefined;
  for (const variant of variants) {
    const label = variantLabel(variant.options, optionOrder.length ? optionOrder : undefined);
    if (!label) continue;
    const named = highlight(label, terms);
    if (!named.marked) continue;
    const marks = marksIn(named.html);
    if (!best || marks > best.marks) best = { html: `${highlight(variant.model_number, terms).html} · ${named.html}`, marks };
  }
  return best?.html;
}
