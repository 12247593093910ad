/** mulberry32: a tiny, fast 32-bit PRNG; good enough for demo data and fully reproducible. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** An independent stream for item `index`, so any item can be generated without the ones before it. */
  static forItem(seed: number, index: number): Random {
    return new Random(Math.imul(seed ^ 0x5bd1e995, 0x01000193) ^ Math.imul(index + 1, 0x9e3779b1));
  }

  float(): number {
    return this.next();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks `count` distinct items, keeping their original order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const indexes = this.shuffle(items.map((_, i) => i)).slice(0, count).sort((a, b) => a - b);
    return indexes.map((i) => items[i]);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }
}
