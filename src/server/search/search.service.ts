import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MatchType, SearchResponse, SearchResult, searchBody } from '#contracts/search';
import type { Db } from '../db/client.ts';
import { centsToNumber } from '../lib/money.ts';
import { escapeHtml, fragmentOf, highlight, queryWords } from './highlights.ts';
import { rowsOf } from './rows.ts';
import { semanticTargets } from './semantic.ts';

type SearchInput = z.infer<typeof searchBody>;

/** Lowest pg_trgm word_similarity of the query to a product name that still counts as a fuzzy match. */
export const FUZZY_THRESHOLD = 0.3;

interface Row {
  id: number;
  slug: string;
  name: string;
  description: string;
  price_cents: number;
  category_name: string;
  category_slug: string;
  instrument_type: string;
  image: string | null;
  exact_score: number;
  text_score: number;
  fuzzy_score: number;
  semantic_score: number;
  relevance: number;
  total: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const csv = (values: Iterable<string>) => [...values].join(',');
const weights = (map: Map<string, number>) => [...map.values()].map((w) => w.toFixed(3)).join(',');

/*
 * Ranking. Four signals per product, each 0–1:
 *   E exact     = 1.00 model number equals the query
 *                 0.92 name starts with the query phrase, 0.90 name contains it
 *                 0.80 brand, category name or category slug equals the query
 *   T full text = 0.50 + 0.35 · min(1, 2 · ts_rank(document, query, 32))  when the weighted tsvector matches
 *   F fuzzy     = 0.30 + 0.60 · word_similarity(query, lower(name))     when that similarity ≥ FUZZY_THRESHOLD
 *   S semantic  = concept weight of the product's instrument type (0.55–0.85) or category (0.45–0.65)
 * relevance = 1.0 for a model-number match, otherwise min(0.99, max(E,T,F,S) + 0.05 · (E+T+F+S − max)),
 * so agreeing signals lift a result a little without outranking a stronger single signal.
 * matchType is the strongest signal: E or T → exact, F → fuzzy, S → semantic.
 * Order: relevance, then name.
 */
export async function searchProducts(db: Db, input: SearchInput): Promise<SearchResponse> {
  const text = input.query.trim().replace(/\s+/g, ' ');
  const lower = text.toLowerCase();
  const targets = input.includeSemanticSearch ? semanticTargets(text) : undefined;
  const typeSlugs = csv(targets?.types.keys() ?? []);
  const typeWeights = targets ? weights(targets.types) : '';
  const categorySlugs = csv(targets?.categories.keys() ?? []);
  const categoryWeights = targets ? weights(targets.categories) : '';

  const query = sql`
    with q as (select ${lower}::text as text, websearch_to_tsquery('english', ${text}) as tsq),
    type_targets as (
      select * from unnest(string_to_array(${typeSlugs}, ','), string_to_array(${typeWeights}, ',')::float8[]) as t(slug, weight)),
    category_targets as (
      select * from unnest(string_to_array(${categorySlugs}, ','), string_to_array(${categoryWeights}, ',')::float8[]) as t(slug, weight)),
    signals as (
      select p.id, p.slug, p.name, p.description, p.price_cents, p.instrument_type,
        c.name as category_name, c.slug as category_slug,
        case
          when lower(p.model_number) = q.text then 1.0
          when lower(p.name) like ${`${escapeLike(lower)}%`} then 0.92
          when lower(p.name) like ${`%${escapeLike(lower)}%`} then 0.90
          when lower(p.brand) = q.text or lower(c.name) = q.text or c.slug = q.text then 0.80
          else 0 end::float8 as exact_score,
        case when d.document @@ q.tsq then 0.5 + 0.35 * least(1, 2 * ts_rank(d.document, q.tsq, 32)) else 0 end::float8 as text_score,
        case when q.text <% lower(p.name) then 0.3 + 0.6 * word_similarity(q.text, lower(p.name)) else 0 end::float8 as fuzzy_score,
        greatest(coalesce(tt.weight, 0), coalesce(ct.weight, 0))::float8 as semantic_score
      from products p
      join categories c on c.id = p.category_id
      left join product_search_documents d on d.product_id = p.id
      left join type_targets tt on tt.slug = p.instrument_type
      left join category_targets ct on ct.slug = c.slug
      cross join q
      where p.is_active and (
        lower(p.model_number) = q.text or lower(p.name) like ${`%${escapeLike(lower)}%`}
        or lower(p.brand) = q.text or lower(c.name) = q.text or c.slug = q.text
        or q.text <% lower(p.name) or d.document @@ q.tsq or tt.slug is not null or ct.slug is not null)
    ),
    scored as (
      select s.*, greatest(s.exact_score, s.text_score, s.fuzzy_score, s.semantic_score) as best,
        s.exact_score + s.text_score + s.fuzzy_score + s.semantic_score as total_signal
      from signals s
    )
    select sc.id, sc.slug, sc.name, sc.description, sc.price_cents, sc.category_name, sc.category_slug, sc.instrument_type,
      sc.exact_score, sc.text_score, sc.fuzzy_score, sc.semantic_score,
      (case when sc.exact_score = 1.0 then 1.0 else least(0.99, sc.best + 0.05 * (sc.total_signal - sc.best)) end)::float8 as relevance,
      (select pi.url from product_images pi where pi.product_id = sc.id order by pi.position limit 1) as image,
      (count(*) over ())::int as total
    from scored sc
    order by relevance desc, sc.name asc, sc.id asc
    limit ${input.maxResults}`;

  const rows = await db.transaction(async (tx) => {
    // Scoped to this transaction: the `<%` operator (which the trigram index serves) uses this threshold.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`);
    return rowsOf<Row>(await tx.execute(query));
  });

  const terms = queryWords(text);
  const results = rows.map((row): SearchResult => {
    const matchType = matchTypeOf(row);
    const name = highlight(row.name, terms).html;
    const highlights = [name];
    const description = fragmentOf(row.description, terms);
    if (description) highlights.push(description);
    if (matchType === 'semantic') {
      const concept = targets?.conceptOf(row.instrument_type, row.category_slug);
      if (concept) highlights.push(escapeHtml(`${concept.label} · ${row.category_name}`));
    }
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      category: row.category_name,
      price: centsToNumber(row.price_cents),
      image: row.image ?? '',
      relevanceScore: Math.round(Number(row.relevance) * 1000) / 1000,
      matchType,
      highlights,
    };
  });
  return { results, query: text, total: rows.length ? Number(rows[0].total) : 0 };
}

function matchTypeOf(row: Row): MatchType {
  const exact = Math.max(Number(row.exact_score), Number(row.text_score));
  const fuzzy = Number(row.fuzzy_score);
  const semantic = Number(row.semantic_score);
  if (exact >= fuzzy && exact >= semantic) return 'exact';
  return fuzzy >= semantic ? 'fuzzy' : 'semantic';
}
