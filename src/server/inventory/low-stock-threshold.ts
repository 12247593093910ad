/** The spec's default low-stock threshold for a new item: the larger of 5 and 10% of its initial stock. */
export function defaultLowStockThreshold(initialStock: number): number {
  return Math.max(5, Math.ceil(Math.max(0, initialStock) * 0.1));
}
