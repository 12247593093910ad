import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { cached } from './ttl-cache.ts';

describe('cached', () => {
  it('keeps a value per database for the given time, and forgets failures', async () => {
    const [a, b] = [{}, {}] as Db[];
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cached(a, 'k', 1_000, compute, 0)).toBe(1);
    expect(await cached(a, 'k', 1_000, compute, 999)).toBe(1);
    expect(await cached(b, 'k', 1_000, compute, 999)).toBe(2);
    expect(await cached(a, 'k', 1_000, compute, 1_000)).toBe(3);
    await expect(cached(a, 'bad', 1_000, () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await cached(a, 'bad', 1_000, compute, 1)).toBe(4);
  });
});
