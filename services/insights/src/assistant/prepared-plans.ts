import { preparePlan, type PreparedPlan } from '@tracemap/assistant';
import type { PlanSnapshot } from '@tracemap/contracts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Prepared plans (lookups and the search index) kept per company and plan
 * version. Preparing a large plan costs seconds of CPU, so it happens once per
 * version, never per question; the map is bounded, the least recently asked
 * company's plan leaving first, and a company keeps only its newest version.
 */
export class PreparedPlans {
  private readonly byKey = new Map<string, PreparedPlan>();
  private readonly renewals = new Set<Promise<void>>();

  constructor(private readonly max: number) {}

  get(companyId: string, plan: PlanSnapshot): PreparedPlan {
    const key = `${companyId}\u0000${plan.version}`;
    const known = this.byKey.get(key);
    if (known) {
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      this.byKey.delete(key);
      this.byKey.set(key, known);
      return known;
    }
    this.forget(companyId);
    const prepared = preparePlan(plan);
    this.byKey.set(key, prepared);
    while (this.byKey.size > this.max) {
      const oldest = this.byKey.keys().next().value;
      if (oldest === undefined) break;
      this.byKey.delete(oldest);
    }
    return prepared;
  }

  /** Drops the company's prepared plans (its plan changed). */
  forget(companyId: string): void {
    const prefix = `${companyId}\u0000`;
    for (const key of [...this.byKey.keys()]) if (key.startsWith(prefix)) this.byKey.delete(key);
  }

  /**
   * The company's plan changed: a company someone has been asking about gets its new plan
   * prepared now, off the request path, so the next question does not wait for it.
   */
  renew(companyId: string, load: () => Promise<PlanSnapshot>, log: Pick<FastifyBaseLogger, 'warn'>): void {
    const prefix = `${companyId}\u0000`;
    if (![...this.byKey.keys()].some((key) => key.startsWith(prefix))) return;
    this.forget(companyId);
    const renewal = new Promise<void>((resolve) => setImmediate(resolve))
      .then(load)
      .then((plan) => void this.get(companyId, plan))
      .catch((error: unknown) => log.warn({ err: error, companyId }, 'could not prepare the changed plan'))
      .finally(() => this.renewals.delete(renewal));
    this.renewals.add(renewal);
  }

  /** Waits for renewals under way (on shutdown). */
  async settle(): Promise<void> {
    await Promise.all([...this.renewals]);
  }

  has(companyId: string, version: string): boolean {
    return this.byKey.has(`${companyId}\u0000${version}`);
  }

  get size(): number {
    return this.byKey.size;
  }
}
