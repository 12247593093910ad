import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { EMBEDDING_DIMENSIONS, EMBEDDING_MODEL } from './encoder.ts';

/**
 * Where product vectors live: `pgvector` when the server has the extension (PGlite always, through
 * @electric-sql/pglite-pgvector), with an HNSW index answering nearest neighbours; otherwise `array`, the same
 * table with a `real[]` column and an in-process index (src/server/search/embeddings/array-index.ts) that each API
 * process loads once and keeps current from `updated_at`. See docs/decisions/0004-search-embeddings.md.
 */
export type VectorMode = 'pgvector' | 'array';

const SEARCH_STRUCTURES_LOCK = 7_270_736_903;

/** What a product means, in words: the text its vector is computed from. One place, for SQL and for the hash. */
export const EMBEDDING_TEXT = sql`concat_ws(' ', coalesce(nullif(p.short_description, ''), p.name), c.name)`;
/** Changes whenever the text or the model changes; unchanged products keep their vector. */
export const CONTENT_HASH = sql`md5(${EMBEDDING_MODEL}::text || ':' || ${EMBEDDING_TEXT})`;

/*
 * The search feature's own derived structures, created idempotently at every start (under an advisory lock, so
 * several API processes may start at once) rather than by a migration: the vector column's type depends on
 * whether the server has pgvector, and a server that gains it later has its column converted on the next start.
 */
export async function ensureSearchStructures(db: Db): Promise<VectorMode> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEARCH_STRUCTURES_LOCK})`);
    // Candidate prefilters of the search query (src/server/search/search.service.ts).
    await tx.execute(sql`create index if not exists products_instrument_type_idx on products (instrument_type)`);
    await tx.execute(sql`create index if not exists products_model_number_lower_idx on products (lower(model_number))`);
    await tx.execute(sql`drop index if exists products_category_name_idx`);
    await tx.execute(sql`create index if not exists products_inactive_idx on products (id) where not is_active`);

    let mode: VectorMode = 'array';
    const [available] = rowsOf<{ available: boolean }>(await tx.execute(
      sql`select exists (select 1 from pg_available_extensions where name = 'vector') as available`));
    if (available?.available) {
      try {
        await tx.transaction(async (inner) => { await inner.execute(sql`create extension if not exists vector`); });
        mode = 'pgvector';
      } catch {
        // Available but not ours to create (no privilege): the array path is as correct, only slower.
      }
    }
    const column = mode === 'pgvector' ? sql.raw(`vector(${EMBEDDING_DIMENSIONS})`) : sql.raw('real[]');
    await tx.execute(sql`create table if not exists product_embeddings (
      product_id integer primary key references products(id) on delete cascade,
      content_hash text not null,
      embedding ${column} not null,
      updated_at timestamptz not null default now())`);
    const [current] = rowsOf<{ type: string }>(await tx.execute(sql`select format_type(atttypid, atttypmod) as type
      from pg_attribute where attrelid = 'product_embeddings'::regclass and attname = 'embedding'`));
    if (mode === 'pgvector' && current.type === 'real[]') {
      await tx.execute(sql`alter table product_embeddings alter column embedding type vector(${sql.raw(String(EMBEDDING_DIMENSIONS))})
        using embedding::vector(${sql.raw(String(EMBEDDING_DIMENSIONS))})`);
    } else if (mode === 'array' && current.type !== 'real[]') {
      // The extension went away (a restore onto a server without it): vectors are recomputed.
      await tx.execute(sql`drop index if exists product_embeddings_hnsw_idx`);
      await tx.execute(sql`delete from product_embeddings`);
      await tx.execute(sql`alter table product_embeddings alter column embedding type real[] using null`);
    }
    if (mode === 'pgvector') {
      await tx.execute(sql`create index if not exists product_embeddings_hnsw_idx on product_embeddings using hnsw (embedding vector_cosine_ops)`);
    }
    await tx.execute(sql`create index if not exists product_embeddings_hash_idx on product_embeddings (content_hash)`);
    await tx.execute(sql`create index if not exists product_embeddings_updated_idx on product_embeddings (updated_at)`);
    // A product's new vector changes which searches find it: every process drops its kept search answers
    // (notify_catalog_change, migration 0023), as for any other catalogue write.
    for (const [operation, rows] of [['insert', 'new table as new_rows'], ['update', 'new table as new_rows old table as old_rows'],
      ['delete', 'old table as old_rows']]) {
      await tx.execute(sql.raw(`create or replace trigger product_embeddings_catalog_${operation} after ${operation} on product_embeddings
        referencing ${rows} for each statement execute function notify_catalog_change('product')`));
    }

    // Products whose text may have changed wait here for the indexer; the content hash decides whether they need
    // the model again.
    await tx.execute(sql`create table if not exists product_embedding_queue (
      product_id integer primary key references products(id) on delete cascade)`);
    await tx.execute(sql.raw(`create or replace function product_embedding_enqueue() returns trigger language plpgsql as $$
      begin
        if tg_table_name = 'products' then
          insert into product_embedding_queue (product_id) values (new.id) on conflict do nothing;
        else
          insert into product_embedding_queue (product_id) select p.id from products p where p.category_id = new.id
            on conflict do nothing;
        end if;
        return null;
      end $$`));
    await tx.execute(sql.raw(`create or replace trigger products_embedding_insert after insert on products
      for each row execute function product_embedding_enqueue()`));
    await tx.execute(sql.raw(`create or replace trigger products_embedding_update after update on products for each row
      when (old.name is distinct from new.name or old.short_description is distinct from new.short_description
        or old.category_id is distinct from new.category_id or (new.is_active and not old.is_active))
      execute function product_embedding_enqueue()`));
    await tx.execute(sql.raw(`create or replace trigger categories_embedding_update after update on categories for each row
      when (old.name is distinct from new.name) execute function product_embedding_enqueue()`));
    return mode;
  });
}

/** The literal of a vector for the column's type. */
export function vectorLiteral(mode: VectorMode, vector: Float32Array): SQL {
  const values = Array.from(vector, (v) => Number(v.toFixed(6))).join(',');
  return mode === 'pgvector' ? sql`${`[${values}]`}::vector` : sql`${`{${values}}`}::real[]`;
}

/** Parses what the driver returns for the column: a pgvector text '[…]', or an array of numbers. */
export function parseVector(value: unknown): Float32Array {
  if (Array.isArray(value)) return Float32Array.from(value as number[]);
  if (value instanceof Float32Array) return value;
  const text = String(value);
  return Float32Array.from(text.slice(1, -1).split(','), Number);
}
