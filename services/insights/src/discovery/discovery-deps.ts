import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { PlanSnapshot } from '@tracemap/contracts';
import type { DiscoveryPages } from './discovery-pages';

/** What discovery needs of the service's wiring. */
export interface DiscoveryDeps {
  db: pg.Pool;
  log: FastifyBaseLogger;
  /** The company's plan at its current version, kept by the service and dropped on plan announcements. */
  planSnapshots: { get(companyId: string): Promise<PlanSnapshot> };
  /** List pages kept in memory; a writer drops the company's once its change is committed (absent: nothing kept). */
  pages?: Pick<DiscoveryPages, 'changed' | 'page'>;
}
