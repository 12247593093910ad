import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** How long views wait in memory before they are written together. */
export const VIEW_FLUSH_MS = 1_000;

export interface ViewCounter {
  /** Counts one detail view of the product. */
  record(productId: number): void;
  /** Writes the views counted so far (live stock reads them; every view counted before it returns is written). */
  flush(): Promise<void>;
}

/**
 * Product detail views per UTC day, counted in memory and written at most once a second as one upsert: a visitor's
 * read of a product page is not a database write of its own. A process that stops writes what it counted (`flush`
 * on close); one that dies loses at most a second of views, which are a demand signal, not a record.
 */
export function createViewCounter(db: Db, flushMs = VIEW_FLUSH_MS): ViewCounter {
  let counted = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(views: Map<number, number>): Promise<void> {
    // A product deleted meanwhile is left out (its views went with it), so the rest are still written.
    const ids = `{${[...views.keys()].join(',')}}`;
    const counts = `{${[...views.values()].join(',')}}`;
    await db.execute(sql`insert into product_views (product_id, day, views)
      select viewed.id, (now() at time zone 'utc')::date, viewed.views
      from unnest(${ids}::int[], ${counts}::int[]) as viewed(id, views) join products on products.id = viewed.id
      on conflict (product_id, day) do update set views = product_views.views + excluded.views`);
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (counted.size > 0) {
      const views = counted;
      counted = new Map();
      writing = writing.then(() => write(views));
    }
    return writing;
  }

  return {
    record(productId) {
      counted.set(productId, (counted.get(productId) ?? 0) + 1);
      timer ??= setTimeout(() => void flush(), flushMs).unref();
    },
    flush,
  };
}
