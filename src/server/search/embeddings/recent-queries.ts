/**
 * What the most recently asked query texts mean (their vectors and what follows from them), at most `limit` of them:
 * a text asked again moves to the newest end, the least recently asked goes first. Values are promises, so a text
 * asked again while its vector is being computed waits for the same computation; a failed one is forgotten.
 */
export class RecentQueries<V> {
  private readonly entries = new Map<string, Promise<V>>();

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(text: string, compute: () => Promise<V>): Promise<V> {
    let value = this.entries.get(text);
    if (value) {
      this.entries.delete(text);
    } else {
      const computed = compute();
      computed.catch(() => { if (this.entries.get(text) === computed) this.entries.delete(text); });
      value = computed;
    }
    this.entries.set(text, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
