/**
 * Rendered SVGs are deterministic, so they are kept; the cap stops arbitrary slugs from growing
 * the map without bound (oldest entries go first, Map keeps insertion order).
 */
export class SvgCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly capacity = 2000) {}

  get(key: string, render: () => string): string {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const svg = render();
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, svg);
    return svg;
  }
}
