/**
 * A cache key for a read: its path and its parsed query (defaults applied by the contract) in name order, absent
 * parameters left out, so `?page=1&ordering=name` and `?ordering=name` share one answer.
 */
export function requestKey(path: string, query: object = {}): string {
  const present = Object.entries(query).filter(([, value]) => value !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return present.length === 0 ? path : `${path}?${JSON.stringify(present)}`;
}
