import { describe, expect, it } from 'vitest';
import { runAfter, shopDay } from '#contracts/standing-orders';

describe('run dates', () => {
  it('move a week on, or a calendar month on keeping the first run\'s day, clamped to the month\'s end', () => {
    expect(runAfter('2026-12-29', 'weekly', 29)).toBe('2027-01-05');
    expect(runAfter('2027-01-31', 'monthly', 31)).toBe('2027-02-28');
    expect(runAfter('2027-02-28', 'monthly', 31)).toBe('2027-03-31');
    expect(runAfter('2028-01-30', 'monthly', 30)).toBe('2028-02-29');
    expect(runAfter('2026-12-15', 'monthly', 15)).toBe('2027-01-15');
  });

  it('count days in the shop\'s time zone (Asia/Karachi, five hours ahead of UTC)', () => {
    expect(shopDay(new Date('2026-11-30T18:59:00Z'))).toBe('2026-11-30');
    expect(shopDay(new Date('2026-11-30T19:00:00Z'))).toBe('2026-12-01');
  });
});
