/** An answer to keep, with the tags of what it shows and, for answers that change with the clock, until when it holds. */
export interface Fresh<T> {
  value: T;
  tags: readonly string[];
  /** Epoch milliseconds from which the answer may differ though nothing was written (a sale starts, a day turns). */
  until?: number;
}

export interface TagCacheLimits {
  maxEntries: number;
  /** Sum of the answers' JSON lengths. */
  maxBytes: number;
}

export interface TagCache {
  /** The kept answer for `key`, or the one `compute` gives, kept unless something it shows changed meanwhile. */
  remember<T>(key: string, compute: () => Promise<Fresh<T>>): Promise<T>;
  /** Forgets every answer carrying one of these tags. */
  drop(tags: Iterable<string>): void;
  dropAll(): void;
  /** The tags of the answer kept for `key`, if one is. */
  tagsOf(key: string): readonly string[] | undefined;
  readonly size: number;
  readonly bytes: number;
}

interface Entry {
  value: unknown;
  tags: readonly string[];
  until: number;
  bytes: number;
}

/** What was dropped while an answer was being computed: it is kept only if it shows none of it. */
interface Computation {
  dropped: Set<string>;
  all: boolean;
  promise: Promise<unknown>;
}

/**
 * Answers kept by key, least recently used first out, each dropped when one of its tags is. A computation running
 * while its tags are dropped still answers its own callers but is not kept, and callers arriving after the drop start
 * a new one: an answer read before a write is never served after it.
 */
export function createTagCache(limits: TagCacheLimits, now: () => number = Date.now): TagCache {
  // A Map iterates in insertion order: re-inserting on each hit keeps the least recently used first.
  const entries = new Map<string, Entry>();
  const keysByTag = new Map<string, Set<string>>();
  const computing = new Map<string, Computation>();
  const running = new Set<Computation>();
  let bytes = 0;

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = keysByTag.get(tag)!;
      keys.delete(key);
      if (keys.size === 0) keysByTag.delete(tag);
    }
  }

  function keep(key: string, entry: Entry): void {
    forget(key);
    if (entry.bytes > limits.maxBytes) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const tag of entry.tags) {
      let keys = keysByTag.get(tag);
      if (!keys) keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (entries.size > limits.maxEntries || bytes > limits.maxBytes) forget(entries.keys().next().value!);
  }

  function start<T>(key: string, compute: () => Promise<Fresh<T>>): Computation {
    const computation: Computation = { dropped: new Set(), all: false, promise: Promise.resolve() };
    running.add(computation);
    computing.set(key, computation);
    computation.promise = compute().then((fresh) => {
      const until = fresh.until ?? Infinity;
      const stale = computation.all || fresh.tags.some((tag) => computation.dropped.has(tag));
      if (!stale && until > now()) {
        keep(key, { value: fresh.value, tags: [...new Set(fresh.tags)], until, bytes: JSON.stringify(fresh.value ?? null).length });
      }
      return fresh.value;
    }).finally(() => {
      running.delete(computation);
      if (computing.get(key) === computation) computing.delete(key);
    });
    return computation;
  }

  return {
    remember<T>(key: string, compute: () => Promise<Fresh<T>>): Promise<T> {
      const entry = entries.get(key);
      if (entry && entry.until > now()) {
        entries.delete(key);
        entries.set(key, entry);
        return Promise.resolve(entry.value as T);
      }
      if (entry) forget(key);
      return (computing.get(key) ?? start(key, compute)).promise as Promise<T>;
    },
    drop(tags) {
      const dropped = [...tags];
      for (const tag of dropped) for (const key of [...keysByTag.get(tag) ?? []]) forget(key);
      for (const computation of running) for (const tag of dropped) computation.dropped.add(tag);
      // Which tags a running computation will carry is known only once it ends: later callers start afresh.
      computing.clear();
    },
    dropAll() {
      entries.clear();
      keysByTag.clear();
      bytes = 0;
      for (const computation of running) computation.all = true;
      computing.clear();
    },
    tagsOf: (key) => entries.get(key)?.tags,
    get size() { return entries.size; },
    get bytes() { return bytes; },
  };
}
