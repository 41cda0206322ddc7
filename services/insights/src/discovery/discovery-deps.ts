import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { PlanSnapshot } from '@tracemap/contracts';

/** What discovery needs of the service's wiring. */
export interface DiscoveryDeps {
  db: pg.Pool;
  log: FastifyBaseLogger;
  /** The company's plan at its current version, kept by the service and dropped on plan announcements. */
  planSnapshots: { get(companyId: string): Promise<PlanSnapshot> };
}
