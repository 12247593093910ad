import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { CONCEPTS, type Concept } from '../concept-map.ts';
import { rowsOf } from '../../db/rows.ts';
import { ArrayVectorIndex, type Neighbour } from './array-index.ts';
import { RecentQueries } from './recent-queries.ts';
import { createEncoder, EMBEDDING_DIMENSIONS, type Encoder } from './encoder.ts';
import { CONTENT_HASH, EMBEDDING_TEXT, ensureSearchStructures, vectorLiteral, type VectorMode } from './vector-store.ts';

/** Products the indexer takes from the queue at a time. */
const CLAIM = 64;
/** Texts sent to the model at once: small, so that a waiting query is never long behind a batch. */
const MODEL_BATCH = 8;
const POLL_MS = 2_000;
/** Product neighbours a query asks for. */
export const NEIGHBOURS = 60;
/** Query texts whose vectors (and concept similarities) are kept: a repeated search needs the model only once. */
const RECENT_QUERIES = 500;

export interface ConceptNeighbour {
  concept: Concept;
  /** Cosine similarity of the query to the concept's closest term. */
  similarity: number;
}

/** What the vectors say about one query. */
export interface VectorLookup {
  neighbours: Neighbour[];
  concepts: ConceptNeighbour[];
}

export type SemanticState = 'off' | 'loading' | 'ready' | 'failed';

export interface SemanticIndex {
  readonly state: SemanticState;
  readonly mode: VectorMode | undefined;
  /** Changes whenever this process's product vectors change: an answer found with the earlier ones is not served again. */
  readonly generation: number;
  /** Longest a search waits for its query's vector before answering without it (tests and benchmarks raise it). */
  queryTimeoutMs: number;
  /** Creates the search structures; starts the model and the indexer in the background when embeddings are on. */
  start(): Promise<void>;
  /** The query's product and concept neighbours; undefined while the model is not ready (search goes on without). */
  lookup(query: string): Promise<VectorLookup | undefined>;
  /** Resolves once every queued product has its vector (for tests and benchmarks). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface SemanticIndexOptions {
  db: Db;
  log: FastifyBaseLogger;
  enabled: boolean;
  /** Longest a search waits for its query's vector before answering without it. */
  queryTimeoutMs?: number;
}

interface QueuedText {
  id: number;
  text: string;
  hash: string;
  stored: string | null;
}

/**
 * The vector half of semantic search: product embeddings kept in the database and computed only when a product's
 * text changes (content hash), concept-map terms embedded once per process, and per query the query's own vector.
 */
export function createSemanticIndex(options: SemanticIndexOptions): SemanticIndex {
  const { db, log } = options;
  let queryTimeoutMs = options.queryTimeoutMs ?? 400;
  let state: SemanticState = options.enabled ? 'loading' : 'off';
  let failure: unknown;
  let mode: VectorMode | undefined;
  let generation = 0;
  let encoder: Encoder | undefined;
  let arrayIndex: ArrayVectorIndex | undefined;
  let conceptTerms: { concept: Concept; vector: Float32Array }[] = [];
  let closed = false;
  let wake: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  const idleWaiters: (() => void)[] = [];
  const recentQueries = new RecentQueries<{ vector: Float32Array; concepts: ConceptNeighbour[] }>(RECENT_QUERIES);

  async function processBatch(): Promise<number> {
    const claimed = rowsOf<{ id: number }>(await db.execute(sql`
      delete from product_embedding_queue where product_id in (
        select product_id from product_embedding_queue order by product_id limit ${CLAIM} for update skip locked)
      returning product_id as id`)).map((r) => Number(r.id));
    if (claimed.length === 0) return 0;
    const ids = `{${claimed.join(',')}}`;
    const rows = rowsOf<QueuedText>(await db.execute(sql`
      select p.id, ${EMBEDDING_TEXT} as text, ${CONTENT_HASH} as hash, e.content_hash as stored
      from products p join categories c on c.id = p.category_id
      left join product_embeddings e on e.product_id = p.id
      where p.id = any(${ids}::int[])`));
    const stale = rows.filter((r) => r.hash !== r.stored);
    if (stale.length === 0) return claimed.length;

    // The same text elsewhere already has its vector: copy it inside the database.
    const copied = rowsOf<{ id: number }>(await db.execute(sql`
      insert into product_embeddings (product_id, content_hash, embedding, updated_at)
      select x.id, x.hash, (select e.embedding from product_embeddings e where e.content_hash = x.hash limit 1), now()
      from unnest(${`{${stale.map((r) => r.id).join(',')}}`}::int[], ${`{${stale.map((r) => r.hash).join(',')}}`}::text[]) as x(id, hash)
      where exists (select 1 from product_embeddings e where e.content_hash = x.hash)
      on conflict (product_id) do update set content_hash = excluded.content_hash, embedding = excluded.embedding, updated_at = now()
      returning product_id as id`)).map((r) => Number(r.id));
    const done = new Set(copied);
    const missing = stale.filter((r) => !done.has(r.id));
    const byHash = new Map<string, QueuedText[]>();
    for (const row of missing) byHash.set(row.hash, [...(byHash.get(row.hash) ?? []), row]);
    const distinct = [...byHash.values()].map((group) => group[0]);
    for (let i = 0; i < distinct.length && !closed; i += MODEL_BATCH) {
      const chunk = distinct.slice(i, i + MODEL_BATCH);
      const vectors = await encoder!.embedBatch(chunk.map((r) => r.text));
      const values = chunk.flatMap((row, j) => byHash.get(row.hash)!.map((same) =>
        sql`(${same.id}, ${same.hash}, ${vectorLiteral(mode!, vectors[j])}, now())`));
      await db.execute(sql`insert into product_embeddings (product_id, content_hash, embedding, updated_at)
        values ${sql.join(values, sql`, `)}
        on conflict (product_id) do update set content_hash = excluded.content_hash, embedding = excluded.embedding, updated_at = now()`);
      chunk.forEach((row, j) => { for (const same of byHash.get(row.hash)!) arrayIndex?.upsert(same.id, vectors[j]); });
    }
    if (arrayIndex && copied.length) await arrayIndex.refresh(true);
    generation++;
    return claimed.length;
  }

  async function run(): Promise<void> {
    while (!closed) {
      let processed = 0;
      try {
        processed = await processBatch();
      } catch (error) {
        if (closed) return;
        log.error({ err: error }, 'search embeddings: indexing failed; retrying');
        await sleep(POLL_MS);
        continue;
      }
      if (processed > 0) continue;
      for (const resolve of idleWaiters.splice(0)) resolve();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        timer.unref();
        wake = () => { clearTimeout(timer); resolve(); };
      });
      wake = undefined;
    }
  }

  async function embedConceptTerms(): Promise<void> {
    const terms = CONCEPTS.flatMap((concept) => concept.terms.map((term) => ({ concept, term })));
    const vectors: Float32Array[] = [];
    for (let i = 0; i < terms.length && !closed; i += 16) {
      vectors.push(...await encoder!.embedBatch(terms.slice(i, i + 16).map((t) => t.term)));
    }
    conceptTerms = terms.map((t, i) => ({ concept: t.concept, vector: vectors[i] }));
  }

  async function startVectors(): Promise<void> {
    const started = performance.now();
    encoder = createEncoder();
    await encoder.ready;
    if (mode === 'array') {
      arrayIndex = new ArrayVectorIndex(db);
      await arrayIndex.refresh(true);
    }
    await embedConceptTerms();
    // Products added or changed while no process was indexing (the first seed among them).
    await db.execute(sql`insert into product_embedding_queue (product_id)
      select p.id from products p join categories c on c.id = p.category_id
      left join product_embeddings e on e.product_id = p.id
      where e.content_hash is distinct from ${CONTENT_HASH}
      on conflict do nothing`);
    if (closed) return;
    state = 'ready';
    log.info({ mode, ms: Math.round(performance.now() - started) }, 'search embeddings ready; indexing changed products in the background');
    loop = run();
  }

  const dot = (a: Float32Array, b: Float32Array) => {
    let sum = 0;
    for (let i = 0; i < EMBEDDING_DIMENSIONS; i++) sum += a[i] * b[i];
    return sum;
  };

  async function nearestProducts(vector: Float32Array): Promise<Neighbour[]> {
    if (arrayIndex) return arrayIndex.nearest(vector, NEIGHBOURS);
    return db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('hnsw.ef_search', ${String(Math.max(100, NEIGHBOURS))}, true)`);
      const literal = vectorLiteral('pgvector', vector);
      const rows = rowsOf<{ id: number; similarity: number }>(await tx.execute(sql`
        select product_id as id, (1 - (embedding <=> ${literal}))::float8 as similarity
        from product_embeddings order by embedding <=> ${literal} limit ${NEIGHBOURS}`));
      return rows.map((r) => ({ id: Number(r.id), similarity: Number(r.similarity) }));
    });
  }

  return {
    get state() { return state; },
    get mode() { return mode; },
    get generation() { return generation; },
    get queryTimeoutMs() { return queryTimeoutMs; },
    set queryTimeoutMs(ms: number) { queryTimeoutMs = ms; },
    async start() {
      mode = await ensureSearchStructures(db);
      if (state === 'off') return;
      // In the background: search answers without vectors until the model is loaded.
      startVectors().catch((error) => {
        if (closed) return;
        state = 'failed';
        failure = error;
        log.error({ err: error }, 'search embeddings unavailable; search goes on with the concept map alone');
      });
    },
    async lookup(query) {
      if (state !== 'ready' || !encoder) return undefined;
      const text = query.toLowerCase();
      const meaning = recentQueries.get(text, async () => {
        const vector = await encoder!.embedQuery(text);
        const best = new Map<Concept, number>();
        for (const term of conceptTerms) {
          const similarity = dot(vector, term.vector);
          if (similarity > (best.get(term.concept) ?? -1)) best.set(term.concept, similarity);
        }
        const concepts = [...best].map(([concept, similarity]) => ({ concept, similarity })).sort((a, b) => b.similarity - a.similarity);
        return { vector, concepts };
      });
      // A search waits at most queryTimeoutMs; the vector is kept for the next one all the same.
      const stop = new AbortController();
      const timeout = sleep(queryTimeoutMs, undefined, { signal: stop.signal, ref: false }).catch(() => undefined);
      const found = await Promise.race([meaning, timeout]).catch(() => undefined).finally(() => stop.abort());
      if (!found) return undefined;
      return { neighbours: await nearestProducts(found.vector), concepts: found.concepts };
    },
    async flush() {
      if (state === 'off') return;
      if (state === 'failed') throw new Error('search embeddings failed to load', { cause: failure });
      while (state === 'loading') {
        await sleep(50);
        if ((state as SemanticState) === 'failed') throw new Error('search embeddings failed to load', { cause: failure });
      }
      const idle = new Promise<void>((resolve) => idleWaiters.push(resolve));
      wake?.();
      await idle;
    },
    async close() {
      closed = true;
      wake?.();
      for (const resolve of idleWaiters.splice(0)) resolve();
      await encoder?.close();
      await loop?.catch(() => {});
    },
  };
}
