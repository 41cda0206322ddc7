/**
 * A bounded count of the most frequent values (the space-saving method): when
 * the sketch is full, a new value takes the place of the least counted one and
 * inherits its count plus one. Any value more frequent than 1/capacity of
 * what was offered is guaranteed to be held; counts may be overestimated by at
 * most the count of the value evicted.
 */
export class ValueSketch<K> {
  /** Where each held value sits in `keys` and `counts`. */
  private readonly slots = new Map<K, number>();
  // Parallel arrays rather than a map of counts: finding the least counted value is a scan of
  // plain numbers, run for nearly every value of a column of ids.
  private readonly keys: K[] = [];
  private readonly counts: number[] = [];
  offered = 0;
  /** Values that took a held value's place, counted with their weight as `offered` is. */
  evictions = 0;

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.keys.length;
  }

  add(key: K, count = 1): void {
    this.offered += count;
    const slot = this.slots.get(key);
    if (slot !== undefined) {
      this.counts[slot] += count;
      return;
    }
    if (this.keys.length < this.capacity) {
      this.slots.set(key, this.keys.length);
      this.keys.push(key);
      this.counts.push(count);
      return;
    }
    const counts = this.counts;
    let least = 0;
    for (let i = 1; i < counts.length; i++) if (counts[i] < counts[least]) least = i;
    this.slots.delete(this.keys[least]);
    this.slots.set(key, least);
    this.keys[least] = key;
    counts[least] += count;
    this.evictions += count;
  }

  /** Counts the value only if it is held (offered either way); true when it was. */
  bump(key: K, count = 1): boolean {
    this.offered += count;
    const slot = this.slots.get(key);
    if (slot === undefined) return false;
    this.counts[slot] += count;
    return true;
  }

  /** Counts, most frequent first (ties by key, so the same input always gives the same list). */
  entries(): Array<[K, number]> {
    return this.keys
      .map((key, i): [K, number] => [key, this.counts[i]])
      .sort((a, b) => b[1] - a[1] || compareKeys(a[0], b[0]));
  }
}

export function compareKeys(a: unknown, b: unknown): number {
  const ta = typeof a;
  const tb = typeof b;
  if (ta !== tb) return ta < tb ? -1 : 1;
  if (ta === 'number') return (a as number) - (b as number);
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/**
 * Two sketches' counts added and cut back to the capacity, as the sum of two
 * space-saving sketches is: values both hold are exact sums, the rest keep
 * their own (over)estimate.
 */
export function mergeCounted<T>(
  a: readonly T[],
  b: readonly T[],
  keyOf: (item: T) => unknown,
  countOf: (item: T) => number,
  withCount: (item: T, count: number) => T,
  capacity: number,
): T[] {
  const merged = new Map<unknown, T>();
  for (const item of a) merged.set(keyOf(item), item);
  for (const item of b) {
    const key = keyOf(item);
    const existing = merged.get(key);
    merged.set(key, existing ? withCount(existing, countOf(existing) + countOf(item)) : item);
  }
  return [...merged.values()]
    .sort((x, y) => countOf(y) - countOf(x) || compareKeys(keyOf(x), keyOf(y)))
    .slice(0, capacity);
}
