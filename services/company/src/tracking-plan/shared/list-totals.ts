import { LRUCache } from 'lru-cache';
import type { CompanyDeps } from '../../core/deps';

/**
 * List totals per company and filter, kept briefly so paging and re-reading a
 * list costs one page, not a count of every matching row each time. Every
 * plan change made through this process moves the company to a new
 * generation, so its totals are never stale here; other replicas move on when
 * the database announces the change (PlanReadCache.onChange). A count that started before a
 * change is stored under the old generation, where nobody looks any more.
 */
export class ListTotals {
  private readonly totals: LRUCache<string, number> | null;
  private readonly generations = new Map<string, number>();

  constructor(ttlMs: number, max = 20_000) {
    this.totals = ttlMs > 0 ? new LRUCache<string, number>({ max, ttl: ttlMs }) : null;
  }

  /** The key under which a total counted from now on is stored. */
  key(companyId: string, filters: string): string {
    return `${companyId}:${this.generations.get(companyId) ?? 0}:${filters}`;
  }

  get(key: string): number | undefined {
    return this.totals?.get(key);
  }

  set(key: string, total: number): void {
    this.totals?.set(key, total);
  }

  invalidate(companyId: string): void {
    this.generations.set(companyId, (this.generations.get(companyId) ?? 0) + 1);
  }
}

const perApp = new WeakMap<CompanyDeps, ListTotals>();

/** One cache per app instance (tests and scripts build several in one process). */
export function listTotals(deps: CompanyDeps): ListTotals {
  let totals = perApp.get(deps);
  if (!totals) {
    totals = new ListTotals(deps.config.COMPANY_INFO_CACHE_MS);
    perApp.set(deps, totals);
  }
  return totals;
}
