import { describe, expect, it } from 'vitest';
import { presetOf, presetRange } from './sales-reports.api.ts';

describe('the report presets', () => {
  const now = new Date('2026-03-01T23:30:00Z');

  it('cover whole UTC days up to today, and the whole month before this one', () => {
    expect(presetRange('last7', now)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetRange('last30', now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange('thisMonth', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('lastMonth', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', new Date('2028-03-15T00:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('name a range that one of them covers today, and none for days of one\'s own', () => {
    expect(presetOf({ from: '2026-02-01', to: '2026-02-28' }, now)).toBe('lastMonth');
    expect(presetOf({ from: '2026-02-02', to: '2026-02-28' }, now)).toBeNull();
  });
});
