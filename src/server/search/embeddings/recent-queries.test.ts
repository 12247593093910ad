import { describe, expect, it } from 'vitest';
import { RecentQueries } from './recent-queries.ts';

describe('recent queries', () => {
  it('computes a text once while it is kept, and keeps the most recently asked', async () => {
    const computed: string[] = [];
    const recent = new RecentQueries<string>(2);
    const ask = (text: string) => recent.get(text, async () => { computed.push(text); return text.toUpperCase(); });
    expect(await ask('kelly')).toBe('KELLY');
    expect(await ask('mayo')).toBe('MAYO');
    expect(await ask('kelly')).toBe('KELLY');
    // 'mayo' is now the least recently asked: it goes when a third text comes.
    await ask('adson');
    await ask('kelly');
    await ask('mayo');
    expect(computed).toEqual(['kelly', 'mayo', 'adson', 'mayo']);
    expect(recent.size).toBe(2);
  });

  it('shares one computation between askers and forgets a failed one', async () => {
    let calls = 0;
    const recent = new RecentQueries<number>(5);
    let fail = true;
    const ask = () => recent.get('forceps', async () => {
      calls++;
      if (fail) throw new Error('the model is closed');
      return 7;
    });
    const [first, second] = [ask(), ask()];
    await expect(first).rejects.toThrow('closed');
    await expect(second).rejects.toThrow('closed');
    expect(calls).toBe(1);
    fail = false;
    expect(await ask()).toBe(7);
    expect(await ask()).toBe(7);
    expect(calls).toBe(2);
  });
});
