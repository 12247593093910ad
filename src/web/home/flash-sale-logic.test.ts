import { describe, expect, it } from 'vitest';
import { dealState, formatCountdown, soldPercent, urgencyLabel } from './flash-sale-logic.ts';

describe('formatCountdown', () => {
  it('pads hours, minutes and seconds', () => {
    expect(formatCountdown(((1 * 60 + 2) * 60 + 3) * 1000)).toBe('01:02:03');
    expect(formatCountdown(999)).toBe('00:00:00');
  });

  it('keeps counting hours past a day', () => {
    expect(formatCountdown(50 * 3600 * 1000 + 59_000)).toBe('50:00:59');
  });

  it('reads EXPIRED at or after the end, and for an unreadable end time', () => {
    expect(formatCountdown(0)).toBe('EXPIRED');
    expect(formatCountdown(-5000)).toBe('EXPIRED');
    expect(formatCountdown(Number.NaN)).toBe('EXPIRED');
  });
});

describe('urgency', () => {
  it('labels by share sold', () => {
    expect(urgencyLabel(80)).toBe('almostSoldOut');
    expect(urgencyLabel(95)).toBe('almostSoldOut');
    expect(urgencyLabel(79.9)).toBe('sellingFast');
    expect(urgencyLabel(60)).toBe('sellingFast');
    expect(urgencyLabel(59)).toBe('limitedQuantity');
    expect(urgencyLabel(0)).toBe('limitedQuantity');
  });

  it('computes the sold share safely', () => {
    expect(soldPercent({ soldCount: 30, totalStock: 40 })).toBe(75);
    expect(soldPercent({ soldCount: 50, totalStock: 40 })).toBe(100);
    expect(soldPercent({ soldCount: 0, totalStock: 0 })).toBe(100);
  });
});

describe('dealState', () => {
  const now = Date.parse('2030-01-01T12:00:00Z');
  const later = '2030-01-01T13:00:00Z';
  const earlier = '2030-01-01T11:00:00Z';

  it('is sold out when nothing is left, even if the sale is over', () => {
    expect(dealState({ availableStock: 0, saleEndTime: later }, now)).toBe('sold-out');
    expect(dealState({ availableStock: 0, saleEndTime: earlier }, now)).toBe('sold-out');
  });

  it('has ended after the end time', () => {
    expect(dealState({ availableStock: 3, saleEndTime: earlier }, now)).toBe('ended');
  });

  it('is available otherwise', () => {
    expect(dealState({ availableStock: 3, saleEndTime: later }, now)).toBe('available');
  });
});
