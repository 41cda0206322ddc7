/**
 * A small least-recently-used map whose entries also expire. Map keeps
 * insertion order, so the first key is the least recently used one once a
 * hit re-inserts its key. Entries weigh 1 unless given a weight (e.g. the
 * rows they hold); `max` bounds the total weight. Written here rather than depended on so the kit
 * needs nothing beyond what every service already installs.
 */
export class BoundedLru<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number; weight: number }>();
  private weight = 0;

  constructor(
    private readonly max: number,
    /** Called whenever an entry leaves (evicted, expired, deleted, cleared). */
    private readonly onRemove?: (key: string, value: V) => void,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= now) {
      this.weight -= entry.weight;
      this.onRemove?.(key, entry.value);
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number, now = Date.now(), weight = 1): void {
    if (ttlMs <= 0) return;
    this.delete(key);
    this.entries.set(key, { value, expiresAt: now + ttlMs, weight });
    this.weight += weight;
    while (this.weight > this.max && this.entries.size > 0) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
    this.onRemove?.(key, entry.value);
  }

  clear(): void {
    const removed = [...this.entries];
    this.entries.clear();
    this.weight = 0;
    for (const [key, entry] of removed) this.onRemove?.(key, entry.value);
  }
}
