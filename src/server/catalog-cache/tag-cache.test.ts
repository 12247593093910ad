import { describe, expect, it } from 'vitest';
import { createTagCache } from './tag-cache.ts';

const limits = { maxEntries: 100, maxBytes: 10_000 };
const counter = () => {
  let calls = 0;
  return { calls: () => calls, compute: (tags: string[], until?: number) => async () => ({ value: ++calls, tags, until }) };
};

describe('the tag cache', () => {
  it('keeps an answer until one of its tags is dropped', async () => {
    const cache = createTagCache(limits);
    const { compute } = counter();
    expect(await cache.remember('a', compute(['product:1', 'category:1']))).toBe(1);
    expect(await cache.remember('a', compute(['product:1']))).toBe(1);
    cache.drop(['product:2']);
    expect(await cache.remember('a', compute(['product:1']))).toBe(1);
    cache.drop(['category:1']);
    expect(cache.tagsOf('a')).toBeUndefined();
    expect(await cache.remember('a', compute(['product:1']))).toBe(2);
  });

  it('does not keep an answer whose tags were dropped while it was computed, and starts afresh for later callers', async () => {
    const cache = createTagCache(limits);
    let finish!: () => void;
    const slow = cache.remember('a', async () => {
      await new Promise<void>((resolve) => { finish = resolve; });
      return { value: 'before the write', tags: ['product:1'] };
    });
    await Promise.resolve();
    cache.drop(['product:1']);
    const later = cache.remember('a', async () => ({ value: 'after the write', tags: ['product:1'] }));
    finish();
    expect(await slow).toBe('before the write');
    expect(await later).toBe('after the write');
    expect(await cache.remember('a', async () => ({ value: 'again', tags: [] }))).toBe('after the write');
  });

  it('keeps an answer computed while other tags were dropped', async () => {
    const cache = createTagCache(limits);
    const kept = cache.remember('a', async () => ({ value: 1, tags: ['product:1'] }));
    cache.drop(['product:2']);
    await kept;
    expect(cache.tagsOf('a')).toEqual(['product:1']);
  });

  it('forgets an answer at its time, and the least recently used beyond its limits', async () => {
    let now = 1_000;
    const cache = createTagCache({ maxEntries: 2, maxBytes: 10_000 }, () => now);
    const { compute } = counter();
    await cache.remember('timed', compute([], 2_000));
    now = 2_000;
    expect(await cache.remember('timed', compute([]))).toBe(2);
    await cache.remember('b', compute([]));
    await cache.remember('timed', compute([]));
    await cache.remember('c', compute([]));
    expect([cache.tagsOf('timed'), cache.tagsOf('b'), cache.tagsOf('c')]).toEqual([[], undefined, []]);
    const small = createTagCache({ maxEntries: 10, maxBytes: 12 });
    await small.remember('x', async () => ({ value: 'abcdefgh', tags: [] }));
    await small.remember('y', async () => ({ value: 'abcdefgh', tags: [] }));
    expect([small.tagsOf('x'), small.tagsOf('y'), small.bytes]).toEqual([undefined, [], 10]);
  });

  it('forgets everything, running computations included, when told all may have changed', async () => {
    const cache = createTagCache(limits);
    await cache.remember('a', async () => ({ value: 1, tags: [] }));
    const running = cache.remember('b', async () => ({ value: 2, tags: [] }));
    cache.dropAll();
    await running;
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
