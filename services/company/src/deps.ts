import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { SubscriptionChanges } from './billing/subscription-events';
import type { SubscriptionGate } from './billing/subscription-gate';
import type { TrialWorker } from './billing/trial-requests';
import type { CompanyConfig } from './config';
import type { InfoCache } from './lib/info-cache';
import type { MembershipCache } from './lib/membership-cache';
import type { Peers } from './lib/peers';
import type { PlanReadCache } from './tracking-plan/shared/plan-read-cache';
import type { SharedCompanyInfo } from './use-cases/get-company-info';

/** What use cases need from the outside world, handed in rather than imported. */
export interface CompanyDeps {
  db: pg.Pool;
  config: CompanyConfig;
  log: FastifyBaseLogger;
  peers: Peers;
  infoCache: InfoCache<SharedCompanyInfo>;
  /** Callers' roles per company, emptied by every removal and role change. */
  memberships: MembershipCache;
  /** Plan reads kept per company, emptied by every change to its plan (announced by the database). */
  planReads: PlanReadCache;
  /** Asks the outbox worker to look for new emails now rather than at its next poll. */
  wakeOutbox(): void;
  /** Whether a company may edit its plan (its subscription runs). */
  subscriptions: SubscriptionGate;
  /** Billing's change announcements, heard by the `subscription-events` worker where statuses are kept. */
  subscriptionEvents: SubscriptionChanges;
  /** Hands queued trial requests to billing (the `trials` worker runs it where billing is enforced). */
  trials: TrialWorker;
  /** Asks the trial worker to hand new trial requests to billing now. */
  wakeTrials(): void;
}
