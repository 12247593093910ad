import { describe, expect, it } from 'vitest';
import { HISTORY_KEY, readHistory, rememberSearch } from './search-history.ts';

describe('local search history', () => {
  it('keeps the most recent first, without duplicates, at most 10', () => {
    for (let i = 1; i <= 12; i++) rememberSearch(`query ${i}`);
    rememberSearch('Query 5');
    const history = readHistory();
    expect(history).toHaveLength(10);
    expect(history[0]).toBe('Query 5');
    expect(history.filter((item) => item.toLowerCase() === 'query 5')).toHaveLength(1);
    expect(history[1]).toBe('query 12');
    expect(JSON.parse(localStorage.getItem(HISTORY_KEY)!)).toEqual(history);
  });

  it('ignores blank searches and unreadable storage', () => {
    localStorage.setItem(HISTORY_KEY, 'not json');
    expect(readHistory()).toEqual([]);
    expect(rememberSearch('   ')).toEqual([]);
  });
});
