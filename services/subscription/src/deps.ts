import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SubscriptionConfig } from './config';
import type { Peers } from './lib/peers';
import type { PlanCatalog } from './plans';
import type { BillingProvider } from './providers/billing-provider';

/** What use cases need from the outside world, handed in rather than imported. */
export interface SubscriptionDeps {
  db: FastifyInstance['db'];
  config: SubscriptionConfig;
  provider: BillingProvider;
  plans: PlanCatalog;
  peers: Peers;
  log: FastifyBaseLogger;
  /** Asks the outbox worker to deliver now rather than at its next poll. */
  wakeOutbox(): void;
  /**
   * Test seam between reading the provider and committing a webhook's changes: a test makes
   * it fail to play a process dying mid-webhook. Never set in production.
   */
  beforeWebhookCommit?: (eventId: string) => Promise<void>;
}
