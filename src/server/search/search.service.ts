import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { MatchType, SearchResponse, SearchResult, searchBody } from '#contracts/search';
import { centsToNumber } from '#contracts/money';
import { executePrepared, type Db } from '../db/client.ts';
import { escapeHtml, fragmentOf, highlight, queryWords } from './highlights.ts';
import { rowsOf } from '../db/rows.ts';
import type { SemanticIndex } from './embeddings/semantic-index.ts';
import { semanticTargets } from './semantic.ts';
import { productRestricted } from '../licences/restricted-product.ts';
import type { CategoryTranslations } from '../db/schema/catalog.ts';
import { categoryNameTranslations } from '../catalog/category-translations.ts';
import { compactModelNumber, variantLabel } from '../catalog/variants.ts';
import { variantHighlight, type ResultVariant } from './variant-highlights.ts';
import { descriptionText } from '../staff-products/description-html.ts';
import { FUZZY_THRESHOLD } from '../db/session-settings.ts';

type SearchInput = z.infer<typeof searchBody>;

export interface SearchOutcome {
  answer: SearchResponse;
  /** False when the query's meaning was asked for and came too late: the answer is sent but not kept. */
  complete: boolean;
}

/** The query as searched and answered: trimmed, its runs of spaces made one. */
export const searchText = (query: string) => query.trim().replace(/\s+/g, ' ');

/**
 * Candidates scored in full: when more match (a broad word like "forceps" matches thousands), those with the
 * most and strongest signals by index membership alone are kept, ties by id.
 */
export const POOL = 400;
/** The exact score of a name holding the query (or of a model number): such a result is never a spelling guess. */
const NAMED = 0.9;

interface Row {
  id: number;
  slug: string;
  name: string;
  brand: string;
  model_number: string;
  /** The variant whose catalogue number is the query, if one is. */
  variant_id: number | null;
  variant_model_number: string | null;
  variant_options: Record<string, string> | null;
  description: string;
  price_cents: number;
  category_name: string;
  category_translations: CategoryTranslations;
  category_slug: string;
  instrument_type: string;
  image: string | null;
  exact_score: number;
  text_score: number;
  fuzzy_score: number;
  semantic_score: number;
  relevance: number;
  total: number;
  licence_required: boolean;
  /** Its active variants in their order, and its option names in theirs (empty: the variant's own order). */
  variants: ResultVariant[];
  option_order: string[];
}

/** Words that say nothing about which products: "ENT instruments" names a category as "ENT" does. */
const GENERIC_WORDS = new Set(['instrument', 'instruments', 'equipment', 'tools', 'tool', 'supplies', 'products', 'items', 'devices']);

/** The query without generic words, and its singular and plural, for matching category names and slugs. */
function categoryNames(lower: string): string[] {
  const core = lower.split(' ').filter((w) => !GENERIC_WORDS.has(w)).join(' ') || lower;
  return [...new Set([core, core.replace(/s$/, ''), `${core}s`, core.replace(/ /g, '-')])];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const pgArray = (values: Iterable<string | number>) => `{${[...values].map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
const weightArray = (values: Iterable<number>) => `{${[...values].map((w) => w.toFixed(4)).join(',')}}`;

/*
 * Ranking. Five signals per product, each 0–1:
 *   E exact     = 1.00 model number equals the query
 *                 0.92 name starts with the query phrase, 0.90 name contains it
 *                 0.80 brand equals the query; category name or slug equals it, less generic words
 *                      ("ENT instruments", "dental instruments"), singular or plural
 *   T full text = 0.50 + 0.35 · min(1, 2 · ts_rank(document, query, 32))  when the weighted tsvector matches
 *   F fuzzy     = 0.30 + 0.60 · word_similarity(query, lower(name))     when that similarity ≥ FUZZY_THRESHOLD
 *   C concept   = concept weight of the product's instrument type (0.55–0.85) or category (0.45–0.65), for concepts
 *                 the query names in words or is close to in meaning (src/server/search/semantic.ts)
 *   V vector    = 0–0.5 from the cosine of the product's embedding to the query's, for the nearest NEIGHBOURS
 * S semantic = max(C, V); relevance = 1.0 for a model-number match, otherwise
 * min(0.99, max(E,T,F,S) + 0.05 · (E+T+F+C+V − max)), so agreeing signals lift a result a little without
 * outranking a stronger single signal. matchType is the strongest signal: E or T → exact, F → fuzzy, S → semantic; a
 * name that holds every word of the query (E 0.90, whatever the punctuation and order) is always exact.
 * Order: relevance, then name, then id.
 *
 * A catalogue number matches as typed or without its hyphens and spaces ('ss12345' finds SS-12345).
 *
 * Incidental mentions. A product whose only signal is the query's words in its description, features or specifications
 * (weights C and D of the document: "autoclavable", "reusable through autoclave cycles") is left out, and not counted,
 * when other products are named so: by model number, name (E, or its stemmed words), brand, category or concept.
 * "autoclave" finds the autoclaves and sterilization supplies, not every instrument that can be autoclaved. When
 * nothing is named so ("carbide", "stainless steel"), those mentions are results, after the products whose own type,
 * category or option values (weight B) match.
 *
 * Only candidates are scored, each set found through an index: the model number (lower(model_number) and its compact
 * form), the name (search_names: each distinct name once, its pg_trgm GIN index serving both `like '%…%'` and `<%`,
 * with the ids of the products that have it), brand, the tsvector (`@@`, GIN), the
 * target instrument types (btree), the nearest product vectors (pgvector HNSW or the in-process index), and products
 * of a matched or target category. A category adds every product to the total but only its first maxResults by name
 * to the candidates: a product whose only signal is its category scores exactly that category's weight, ties are
 * broken by name, so none after those can reach the page. Of the candidates, at most POOL are scored in full, chosen
 * by the signals their indexes already tell (exact tier, full-text and trigram membership, concept and vector
 * weights). Whether a name holds the query's words is asked of the names' stemmed words (GIN); whether a product's
 * own words (its document's A and B weights) hold them, of its stored heading (GIN). Everything a name or a document
 * is made of is prepared when products are written (migration 0048), none of it per request.
 */
export async function searchProducts(db: Db, input: SearchInput, semantic?: SemanticIndex): Promise<SearchOutcome> {
  const text = searchText(input.query);
  const lower = text.toLowerCase();
  const vectors = input.includeSemanticSearch ? await semantic?.lookup(text) : undefined;
  // The model is loaded but the query's vector was not ready in time: this answer lacks what the next one will have.
  const complete = !(input.includeSemanticSearch && semantic?.state === 'ready' && !vectors);
  const targets = input.includeSemanticSearch ? semanticTargets(text, vectors) : undefined;
  const contains = `%${escapeLike(lower)}%`;
  const prefix = `${escapeLike(lower)}%`;
  const limit = input.maxResults;
  const compact = compactModelNumber(text);
  const nameWords = lower.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

  const tsquery = sql`websearch_to_tsquery('english', ${text})`;
  const query = sql`
    with type_targets as materialized (
      select * from unnest(${pgArray(targets?.types.keys() ?? [])}::text[], ${weightArray(targets?.types.values() ?? [])}::float8[]) as t(slug, weight)),
    category_targets as materialized (
      select c.id, t.weight
      from unnest(${pgArray(targets?.categories.keys() ?? [])}::text[], ${weightArray(targets?.categories.values() ?? [])}::float8[]) as t(slug, weight)
      join categories c on c.slug = t.slug),
    vector_targets as materialized (
      select * from unnest(${pgArray(targets?.products.keys() ?? [])}::int[], ${weightArray(targets?.products.values() ?? [])}::float8[]) as v(id, weight)),
    named_categories as materialized (
      select c.id from categories c where lower(c.name) = any(${pgArray(categoryNames(lower))}::text[]) or c.slug = any(${pgArray(categoryNames(lower))}::text[])),
    whole_categories as materialized (
      select w.id, max(w.exact) as exact, max(w.concept) as concept from (
        select id, 0.0 as exact, weight as concept from category_targets union all select id, 0.80, 0.0 from named_categories) w
      group by w.id),
    -- The variant whose catalogue number is the query, per product; both sides are indexed (lower, and the compact form).
    model_variants as materialized (
      select distinct on (pv.product_id) pv.product_id, pv.id, pv.model_number, pv.options
      from product_variants pv
      where (lower(pv.model_number) = ${lower} or regexp_replace(lower(pv.model_number), '[^a-z0-9]', '', 'g') = ${compact || null}) and pv.is_active
      order by pv.product_id, pv.position, pv.id),
    -- Names holding the query or spelt like it, each distinct name matched and scored once.
    names as materialized (
      select m.*, m.similarity >= ${FUZZY_THRESHOLD}::float8 as fuzzy from (
        select n.name, n.product_ids, n.lowered like ${contains} as holds, n.lowered like ${prefix} as starts,
          word_similarity(${lower}, n.lowered) as similarity
        from search_names n where n.lowered like ${contains} or ${lower} <% n.lowered) m),
    hits as (
      select m.product_id as id, 1.0 as exact, false as text, false as fuzzy, 0.0 as concept, 0.0 as vector from model_variants m
      union all select unnest(n.product_ids), case when n.starts then 0.92 when n.holds then 0.90 else 0.0 end, false, n.fuzzy, 0.0, 0.0
        from names n
      union all select p.id, 0.80, false, false, 0.0, 0.0 from products p where lower(p.brand) = ${lower}
      union all select d.product_id, 0.0, true, false, 0.0, 0.0 from product_search_documents d where d.document @@ ${tsquery}
      union all select p.id, 0.0, false, false, t.weight, 0.0 from products p join type_targets t on t.slug = p.instrument_type
      union all select v.id, 0.0, false, false, 0.0, v.weight from vector_targets v
      union all select first.id, w.exact, false, false, w.concept, 0.0 from whole_categories w cross join lateral (
        select p.id from products p where p.category_id = w.id and p.is_active order by p.name, p.id limit ${limit}) first),
    found as materialized (
      select h.id, max(h.exact) as exact, bool_or(h.text) as text, bool_or(h.fuzzy) as fuzzy, max(h.concept) as concept,
        max(h.vector) as vector
      from hits h where h.id not in (select p.id from products p where not p.is_active)
      group by h.id),
    -- Whether some product is named by the query; each test runs only when the ones before it found none.
    named as materialized (
      select exists (select 1 from found f where f.exact > 0 or f.concept > 0)
        or exists (select 1 from whole_categories)
        or exists (select 1 from search_names n cross join unnest(n.product_ids) i join products p on p.id = i where n.stems @@ ${tsquery} and p.is_active) as yes),
    candidates as materialized (
      select f.* from found f
      where f.exact > 0 or f.fuzzy or f.concept > 0 or not f.text or not (select yes from named)
        or f.id in (select p.id from products p join whole_categories w on w.id = p.category_id)
        or f.id in (select d.product_id from product_search_documents d where d.heading @@ ${tsquery})),
    total as (
      select count(*)::int as n from (
        select id from candidates union select p.id from products p join whole_categories w on w.id = p.category_id where p.is_active) every),
    pool as materialized (
      select k.* from candidates k
      order by k.exact + 0.85 * k.text::int + 0.9 * k.fuzzy::int + k.concept + k.vector desc, k.id
      limit ${POOL}),
    signals as materialized (
      select p.id, p.slug, p.name, p.brand, p.model_number, p.description, p.price_cents, p.instrument_type,
        c.name as category_name, c.translations as category_translations, c.slug as category_slug, mv.id as variant_id,
        mv.model_number as variant_model_number, mv.options as variant_options,
        case
          when mv.id is not null then 1.0
          when sn.lowered like ${prefix} then 0.92
          when sn.lowered like ${contains} then 0.90
          when ${nameWords.length > 0} and ${pgArray(nameWords)}::text[] <@ sn.words then 0.90
          when lower(p.brand) = ${lower} or c.id in (select id from named_categories) then 0.80
          else 0 end::float8 as exact_score,
        case when k.text then 0.5 + 0.35 * least(1, 2 * (
          select ts_rank(d.document, ${tsquery}, 32) from product_search_documents d where d.product_id = p.id)) else 0 end::float8 as text_score,
        case when k.fuzzy then 0.3 + 0.6 * n.similarity else 0 end::float8 as fuzzy_score,
        greatest(coalesce(tt.weight, 0), coalesce(ct.weight, 0))::float8 as concept_score,
        coalesce(vt.weight, 0)::float8 as vector_score
      from pool k
      join products p on p.id = k.id
      join categories c on c.id = p.category_id
      join search_names sn on sn.name = p.name
      left join names n on n.name = sn.name
      left join model_variants mv on mv.product_id = p.id
      left join type_targets tt on tt.slug = p.instrument_type
      left join category_targets ct on ct.id = p.category_id
      left join vector_targets vt on vt.id = p.id
    ),
    scored as materialized (
      select s.*, greatest(s.concept_score, s.vector_score) as semantic_score,
        greatest(s.exact_score, s.text_score, s.fuzzy_score, s.concept_score, s.vector_score) as best,
        s.exact_score + s.text_score + s.fuzzy_score + s.concept_score + s.vector_score as total_signal
      from signals s
    ),
    page as (
      select sc.*, (case when sc.exact_score = 1.0 then 1.0 else least(0.99, sc.best + 0.05 * (sc.total_signal - sc.best)) end)::float8 as relevance
      from scored sc
      order by relevance desc, sc.name asc, sc.id asc
      limit ${limit})
    select pg.id, pg.slug, pg.name, pg.brand, pg.model_number, pg.description, pg.price_cents, pg.category_name, pg.category_translations, pg.category_slug, pg.instrument_type,
      pg.variant_id, pg.variant_model_number, pg.variant_options,
      pg.exact_score, pg.text_score, pg.fuzzy_score, pg.semantic_score, pg.relevance,
      (select pi.url from product_images pi where pi.product_id = pg.id order by pi.position limit 1) as image,
      (select n from total) as total,
      -- The visitor's view, as in the catalogue; the route adjusts it for a viewer who may buy restricted products.
      (select ${productRestricted} from products join categories on categories.id = products.category_id where products.id = pg.id) as licence_required,
      (select coalesce(json_agg(json_build_object('model_number', v.model_number, 'options', v.options) order by v.position, v.id), '[]')
        from product_variants v where v.product_id = pg.id and v.is_active) as variants,
      (select coalesce(array_agg(o.name order by o.position), '{}') from product_options o where o.product_id = pg.id) as option_order
    from page pg
    order by pg.relevance desc, pg.name asc, pg.id asc`;

  if (process.env.SEARCH_EXPLAIN) console.log(rowsOf<Record<string, string>>(await db.execute(sql`explain analyze ${query}`)).map((r) => Object.values(r)[0]).join('\n'));
  // Its text never varies with the query: prepared once per connection, each search is one round trip without a parse.
  const rows = rowsOf<Row>(await executePrepared(db, query, 'search'));

  const terms = queryWords(text);
  const results = rows.map((row): SearchResult => {
    const matchType = matchTypeOf(row);
    const name = highlight(row.name, terms).html;
    const highlights = [name];
    const optionOrder = row.option_order.length ? row.option_order : undefined;
    if (row.variant_id !== null) {
      const label = variantLabel(row.variant_options ?? {}, optionOrder);
      highlights.push([`<mark>${escapeHtml(row.variant_model_number ?? '')}</mark>`, ...(label ? [escapeHtml(label)] : [])].join(' · '));
    } else {
      const namedVariant = variantHighlight(row.variants, row.option_order, terms);
      if (namedVariant) highlights.push(namedVariant);
    }
    const description = fragmentOf(descriptionText(row.description), terms);
    if (description) highlights.push(description);
    if (matchType === 'semantic') {
      const concept = targets?.conceptOf(row.instrument_type, row.category_slug);
      if (concept) highlights.push(escapeHtml(`${concept.label} · ${row.category_name}`));
    }
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      brand: row.brand,
      modelNumber: row.variant_model_number ?? row.model_number,
      variantId: row.variant_id === null ? null : Number(row.variant_id),
      category: row.category_name,
      category_translations: categoryNameTranslations(row.category_translations),
      price: centsToNumber(row.price_cents),
      image: row.image ?? '',
      relevanceScore: Math.round(Number(row.relevance) * 1000) / 1000,
      matchType,
      highlights,
      licence_required: row.licence_required,
    };
  });
  return { answer: { results, query: text, total: rows.length ? Number(rows[0].total) : 0 }, complete };
}

/** Fuzzy ('Similar spelling') only when spelling is what found it: a model number or a name holding the query is exact. */
function matchTypeOf(row: Row): MatchType {
  if (Number(row.exact_score) >= NAMED) return 'exact';
  const exact = Math.max(Number(row.exact_score), Number(row.text_score));
  const fuzzy = Number(row.fuzzy_score);
  const semantic = Number(row.semantic_score);
  if (exact >= fuzzy && exact >= semantic) return 'exact';
  return fuzzy >= semantic ? 'fuzzy' : 'semantic';
}
