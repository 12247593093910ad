/** PGlite answers `execute` with { rows }, postgres.js with the row array itself. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
