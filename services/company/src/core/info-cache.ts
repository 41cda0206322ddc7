import { LRUCache } from 'lru-cache';

/**
 * Per-company cache of the shared part of company info (spec: 2 s). The
 * promise is stored, so concurrent requests share one load; a change
 * invalidates the entry, and a load that started before the change is not
 * stored again. Each replica keeps its own, so the TTL bounds staleness
 * across replicas.
 */
// lru-cache stores only non-nullish values.
export class InfoCache<T extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, Promise<T>> | null;

  constructor(ttlMs: number, max = 5000) {
    this.entries = ttlMs > 0 ? new LRUCache<string, Promise<T>>({ max, ttl: ttlMs }) : null;
  }

  /** `keep` decides whether a loaded value may be served to the next callers (a fallback may not). */
  get(companyId: string, load: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    if (!this.entries) return load();
    const hit = this.entries.get(companyId);
    if (hit) return hit;
    const loading = load();
    this.entries.set(companyId, loading);
    const forget = () => {
      if (this.entries!.get(companyId) === loading) this.entries!.delete(companyId);
    };
    loading.then((value) => {
      if (!keep(value)) forget();
    }, forget);
    return loading;
  }

  invalidate(companyId: string): void {
    this.entries?.delete(companyId);
  }
}
