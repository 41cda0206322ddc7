/**
 * A bounded count of the most frequent values (the space-saving method): when
 * the sketch is full, a new value takes the place of the least counted one and
 * inherits its count plus one. Any value more frequent than 1/capacity of
 * what was offered is guaranteed to be held; counts may be overestimated by at
 * most the count of the value evicted.
 */
export class ValueSketch<K> {
  readonly counts = new Map<K, number>();
  offered = 0;
  evictions = 0;

  constructor(private readonly capacity: number) {}

  add(key: K, count = 1): void {
    this.offered += count;
    const current = this.counts.get(key);
    if (current !== undefined) {
      this.counts.set(key, current + count);
      return;
    }
    if (this.counts.size < this.capacity) {
      this.counts.set(key, count);
      return;
    }
    let minKey: K | undefined;
    let min = Infinity;
    for (const [k, c] of this.counts) {
      if (c < min) {
        min = c;
        minKey = k;
      }
    }
    this.counts.delete(minKey as K);
    this.counts.set(key, min + count);
    this.evictions++;
  }

  /** Counts, most frequent first (ties by key, so the same input always gives the same list). */
  entries(): Array<[K, number]> {
    return [...this.counts].sort((a, b) => b[1] - a[1] || compareKeys(a[0], b[0]));
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
