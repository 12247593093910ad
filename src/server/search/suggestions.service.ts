import { sql } from 'drizzle-orm';
import { MAX_SUGGESTIONS, type Suggestion, type SuggestionType } from '#contracts/search';
import { executePrepared, type Db } from '../db/client.ts';
import { searchText } from './search.service.ts';
import { conceptsStartingWith, matchConcepts } from './concept-map.ts';
import { rowsOf } from '../db/rows.ts';
import type { CategoryTranslations } from '../db/schema/catalog.ts';
import { categoryNameTranslations } from '../catalog/category-translations.ts';

const RECENT_LIMIT = 3;

interface Row {
  type: Exclude<SuggestionType, 'intent'>;
  key: string;
  text: string;
  /** A category's stored translations; null for the others. */
  translations: CategoryTranslations | null;
  confidence: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/*
 * Confidence, 0–1:
 *   recent   0.97 starts with the typed text, 0.75 contains it (the user's own searches, newest first)
 *   category 0.95 name or slug starts with it, 0.80 a later word of the name does
 *   intent   0.60 + 0.30 · share of the query a concept term covers; 0.70 when a term starts with the typed text
 *   product  0.90 name starts with it, else 0.35 + 0.55 · word_similarity
 * Ranked by confidence; one suggestion per distinct text; at most MAX_SUGGESTIONS (rankSuggestions).
 */

/** The text as suggestions match it: the query as searched, in lowercase. */
export const typedText = (query: string) => searchText(query).toLowerCase();

const suggestionOf = (row: Row): Suggestion => ({
  id: `${row.type}-${row.key}`,
  text: row.text,
  text_translations: categoryNameTranslations(row.translations),
  type: row.type,
  confidence: Math.min(1, Math.round(Number(row.confidence) * 100) / 100),
});

/** What anyone typing `typed` may be offered, unranked: categories, product names and concepts. */
export async function catalogueSuggestions(db: Db, typed: string): Promise<Suggestion[]> {
  const prefix = `${escapeLike(typed)}%`;
  const contains = `%${escapeLike(typed)}%`;
  const wordPrefix = `% ${escapeLike(typed)}%`;

  const rows = rowsOf<Row>(await executePrepared(db, sql`
      (select 'category' as type, c.slug as key, c.name as text, c.translations,
         (case when lower(c.name) like ${prefix} or c.slug like ${prefix} then 0.95 else 0.80 end)::float8 as confidence
       from categories c
       where lower(c.name) like ${prefix} or c.slug like ${prefix} or lower(c.name) like ${wordPrefix})
      union all
      (select 'product' as type, n.key, n.name as text, null::jsonb, n.confidence
       from (
         select n.name, (select min(p.id) from products p where p.id = any(n.product_ids) and p.is_active)::text as key, n.confidence
         from (
           select n.name, n.product_ids,
             (case when n.lowered like ${prefix} then 0.90 else 0.35 + 0.55 * word_similarity(${typed}, n.lowered) end)::float8 as confidence
           from search_names n
           where n.lowered like ${contains} or ${typed} <% n.lowered
           order by confidence desc, n.name
           offset 0) n) n
       -- A name only inactive products have is no suggestion; the best are looked at first, until there are enough.
       where n.key is not null
       limit ${MAX_SUGGESTIONS})`, 'catalogue_suggestions'));

  const intents = new Map<string, number>();
  for (const { concept, coverage } of matchConcepts(typed)) intents.set(concept.label, 0.6 + 0.3 * coverage);
  for (const concept of conceptsStartingWith(typed)) intents.set(concept.label, Math.max(intents.get(concept.label) ?? 0, 0.7));

  return [
    ...rows.map(suggestionOf),
    ...[...intents].map(([label, confidence]) => ({
      id: `intent-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
      text: label,
      text_translations: {},
      type: 'intent' as const,
      confidence: Math.round(confidence * 100) / 100,
    })),
  ];
}

/** The user's own latest searches that hold `typed`. */
export async function recentSuggestions(db: Db, typed: string, userId: string): Promise<Suggestion[]> {
  const prefix = `${escapeLike(typed)}%`;
  const contains = `%${escapeLike(typed)}%`;
  const rows = rowsOf<Row>(await executePrepared(db, sql`
      select 'recent' as type, r.id::text as key, r.query as text, null::jsonb as translations,
         (case when lower(r.query) like ${prefix} then 0.97 else 0.75 end)::float8 as confidence
       from (select distinct on (lower(h.query)) h.id, h.query, h.created_at
             from search_history h
             where h.user_id = ${userId}::uuid and lower(h.query) like ${contains}
             order by lower(h.query), h.created_at desc) r
       order by r.created_at desc
       limit ${RECENT_LIMIT}`, 'recent_suggestions'));
  return rows.map(suggestionOf);
}

/** The best first, one per distinct text, at most MAX_SUGGESTIONS. */
export function rankSuggestions(candidates: Suggestion[]): Suggestion[] {
  const seen = new Set<string>();
  return [...candidates]
    .sort((a, b) => b.confidence - a.confidence)
    .filter((s) => {
      const key = s.text.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_SUGGESTIONS);
}
