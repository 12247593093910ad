import { describe, expect, it } from 'vitest';
import { sandboxConsignments } from './sandbox-consignments.ts';

const HOUR = 60 * 60_000;

function clocked() {
  let now = new Date('2026-11-30T08:00:00Z');
  const consignments = sandboxConsignments<string>({ trackingNumber: (n) => `T${n}`, stageMs: HOUR, now: () => now });
  return { consignments, pass: (ms: number) => { now = new Date(now.getTime() + ms); } };
}

describe('a sandbox consignment', () => {
  it('moves one stage an hour by itself, each stage keeping the time it was reached', () => {
    const { consignments, pass } = clocked();
    consignments.book('parcel');
    pass(2.5 * HOUR);
    expect(consignments.find('T1')?.checkpoints.map(({ stage, at }) => `${stage} ${at.toISOString().slice(11, 16)}`))
      .toEqual(['booked 08:00', 'picked_up 09:00', 'in_transit 10:00']);
    pass(10 * HOUR);
    expect(consignments.find('T1')?.checkpoints.map(({ stage }) => stage)).toEqual(['booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered']);
  });

  it('moves on at once when advanced, and never past delivered nor once cancelled', () => {
    const { consignments, pass } = clocked();
    consignments.book('parcel');
    pass(60_000);
    expect(consignments.advance('T1')?.checkpoints.at(-1)).toEqual({ stage: 'picked_up', at: new Date('2026-11-30T08:01:00Z') });
    for (let step = 0; step < 6; step++) consignments.advance('T1');
    expect(consignments.find('T1')?.checkpoints).toHaveLength(5);

    consignments.book('another').cancelled = true;
    pass(5 * HOUR);
    expect(consignments.advance('T2')?.checkpoints.map(({ stage }) => stage)).toEqual(['booked']);
    expect(consignments.find('T3')).toBeUndefined();
  });
});
