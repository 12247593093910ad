/** Every catalogue answer that aggregates over products or categories (lists, filters, categories, sales). */
export const CATALOGUE = 'catalogue';
export const productTag = (id: number) => `product:${id}`;
/** The category's own row and the set of products in it. */
export const categoryTag = (id: number) => `category:${id}`;

/** Asked for on a catalogue read, answers with the tags of what the answer shows (space-separated). */
export const CATALOG_TAGS_HEADER = 'x-catalog-tags';

/** The channel migration 0023's triggers notify on every catalogue write. */
export const CATALOG_CHANNEL = 'catalog_changes';

/**
 * The tags a notification drops: the products and categories it names and the aggregates, or 'all' (too many to
 * name, or a payload this version cannot read, so nothing stale survives it).
 */
export function tagsOfChange(payload: string): string[] | 'all' {
  try {
    const change = JSON.parse(payload) as { all?: boolean; p?: unknown; c?: unknown };
    if (change.all || !Array.isArray(change.p) || !Array.isArray(change.c)) return 'all';
    return [CATALOGUE, ...change.p.map((id) => productTag(Number(id))), ...change.c.map((id) => categoryTag(Number(id)))];
  } catch {
    return 'all';
  }
}
