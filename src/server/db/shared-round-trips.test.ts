import { describe, expect, it } from 'vitest';
import { sharedRoundTrips } from './client.ts';

/** A round trip that waits to be let through, noting when it was sent. */
function gatedRoundTrips() {
  const sent: number[] = [];
  const gates: (() => void)[] = [];
  const roundTrip = () => new Promise<void>((resolve) => {
    sent.push(sent.length + 1);
    gates.push(resolve);
  });
  return { sent, roundTrip, release: () => gates.shift()?.() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sharedRoundTrips', () => {
  it('serves every caller by one round trip sent after they asked, and never more than one at a time', async () => {
    const { sent, roundTrip, release } = gatedRoundTrips();
    const caughtUp = sharedRoundTrips(roundTrip);
    const done: string[] = [];
    const first = caughtUp().then(() => done.push('first'));
    await settle();
    expect(sent).toEqual([1]);
    // Asked while the first round trip is on its way: that one was sent before they asked, so they wait for the next.
    const second = caughtUp().then(() => done.push('second'));
    const third = caughtUp().then(() => done.push('third'));
    await settle();
    expect(sent).toEqual([1]);
    release();
    await first;
    await settle();
    expect(done).toEqual(['first']);
    expect(sent).toEqual([1, 2]);
    release();
    await Promise.all([second, third]);
    expect(done).toEqual(['first', 'second', 'third']);
    expect(sent).toEqual([1, 2]);
  });

  it('goes on after a round trip fails, and tells its callers', async () => {
    let fail = true;
    const caughtUp = sharedRoundTrips(async () => {
      if (fail) throw new Error('connection lost');
    });
    await expect(caughtUp()).rejects.toThrow('connection lost');
    fail = false;
    await expect(caughtUp()).resolves.toBeUndefined();
  });
});
