import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { EMBEDDING_DIMENSIONS } from './encoder.ts';
import { parseVector } from './vector-store.ts';

export interface Neighbour {
  id: number;
  /** Cosine similarity, -1 to 1. */
  similarity: number;
}

const PAGE = 2_000;
/** How often a query checks the table for rows other processes wrote. */
const CHECK_EVERY_MS = 5_000;
/** Rows are re-read from a little before the last seen update, as a transaction may commit after a later one. */
const OVERLAP = '30 seconds';

/**
 * Nearest neighbours without pgvector: every product vector in one Float32Array, scanned with dot products (the
 * vectors are unit length). 50,000 products are 100 MB and about 30 ms a query on this machine's CPU. It loads
 * the table once, applies this process's writes directly, and picks up other processes' writes (and deletions,
 * by a changed row count) at most every CHECK_EVERY_MS.
 */
export class ArrayVectorIndex {
  private ids: number[] = [];
  private data = new Float32Array(EMBEDDING_DIMENSIONS * 1024);
  private rowOf = new Map<number, number>();
  private seenUntil: string | null = null;
  private checkedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  get size(): number {
    return this.ids.length;
  }

  upsert(id: number, vector: Float32Array): void {
    let row = this.rowOf.get(id);
    if (row === undefined) {
      row = this.ids.length;
      if ((row + 1) * EMBEDDING_DIMENSIONS > this.data.length) {
        const grown = new Float32Array(this.data.length * 2);
        grown.set(this.data);
        this.data = grown;
      }
      this.ids.push(id);
      this.rowOf.set(id, row);
    }
    this.data.set(vector, row * EMBEDDING_DIMENSIONS);
  }

  async nearest(query: Float32Array, k: number): Promise<Neighbour[]> {
    await this.refresh();
    const n = this.ids.length;
    const top: Neighbour[] = [];
    let floor = -Infinity;
    for (let row = 0; row < n; row++) {
      const base = row * EMBEDDING_DIMENSIONS;
      let dot = 0;
      for (let i = 0; i < EMBEDDING_DIMENSIONS; i++) dot += this.data[base + i] * query[i];
      if (top.length < k || dot > floor) {
        top.push({ id: this.ids[row], similarity: dot });
        if (top.length > k) {
          top.sort((a, b) => b.similarity - a.similarity);
          top.length = k;
        }
        floor = top.length < k ? -Infinity : Math.min(...top.map((t) => t.similarity));
      }
    }
    return top.sort((a, b) => b.similarity - a.similarity || a.id - b.id);
  }

  /** Loads what other processes wrote since the last look; reloads everything when rows went away. */
  refresh(force = false): Promise<void> {
    if (!force && Date.now() - this.checkedAt < CHECK_EVERY_MS) return this.loading ?? Promise.resolve();
    this.checkedAt = Date.now();
    this.loading ??= this.load().finally(() => { this.loading = undefined; });
    return this.loading;
  }

  private async load(): Promise<void> {
    const [stats] = rowsOf<{ n: number; latest: string | null }>(await this.db.execute(
      sql`select count(*)::int as n, max(updated_at)::text as latest from product_embeddings`));
    if (stats.latest !== null && stats.latest !== this.seenUntil) {
      const since = this.seenUntil;
      let after = 0;
      for (;;) {
        const rows = rowsOf<{ id: number; embedding: unknown }>(await this.db.execute(sql`
          select product_id as id, embedding from product_embeddings
          where product_id > ${after} ${since ? sql`and updated_at > ${since}::timestamptz - ${OVERLAP}::interval` : sql``}
          order by product_id limit ${PAGE}`));
        for (const row of rows) this.upsert(Number(row.id), parseVector(row.embedding));
        if (rows.length < PAGE) break;
        after = Number(rows.at(-1)!.id);
      }
      this.seenUntil = stats.latest;
    }
    if (Number(stats.n) !== this.ids.length) {
      // Rows were deleted (products removed): start again from the table.
      this.ids = [];
      this.rowOf.clear();
      this.seenUntil = null;
      this.checkedAt = 0;
      if (Number(stats.n) > 0) await this.load();
    }
  }
}
