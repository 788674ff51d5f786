/**
 * A small LRU of report results, bounded by an estimate of the memory they hold rather than by their number
 * (one result may be a few hundred bytes or several megabytes). Keys include the roll-ups' change time, and
 * the owner clears it when that time moves, so an entry is never older than the figures it came from; each
 * instance keeps its own (nothing shared is needed).
 */
export class LruCache<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private used = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.map.get(key);
    if (entry === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(value);
    // A value over the whole budget would only push everything else out.
    if (bytes > this.budgetBytes) return;
    this.map.set(key, { value, bytes });
    this.used += bytes;
    for (const oldest of this.map.keys()) {
      if (this.used <= this.budgetBytes) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.map.clear();
    this.used = 0;
  }

  get size(): number {
    return this.map.size;
  }

  /** The estimated bytes the entries hold. */
  get bytes(): number {
    return this.used;
  }

  private delete(key: string): void {
    const entry = this.map.get(key);
    if (entry === undefined) return;
    this.map.delete(key);
    this.used -= entry.bytes;
  }
}
