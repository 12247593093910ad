export const HISTORY_KEY = 'searchHistory';
export const HISTORY_LIMIT = 10;

export function readHistory(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string').slice(0, HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Most recent first, without duplicates (case-insensitive), at most HISTORY_LIMIT; answers the new list. */
export function rememberSearch(query: string): string[] {
  const text = query.trim();
  if (!text) return readHistory();
  const next = [text, ...readHistory().filter((item) => item.toLowerCase() !== text.toLowerCase())].slice(0, HISTORY_LIMIT);
  try {
    localStorage.setItem(HISTORY_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the search still runs, only the history is not kept.
  }
  return next;
}
