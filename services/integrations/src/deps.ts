import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IntegrationsConfig } from './config';
import type { MemberRoles, SecretBox } from '@tracemap/service-kit';
import type { Peers } from './core/peers';
import type { DeliveryWorker } from './delivery/delivery-worker';
import type { DestinationSyncWorker } from './destinations/runs/sync-worker';
import type { SlackApi } from './slack/slack-api';

/** What use cases need from the outside world, handed in rather than imported. */
export interface IntegrationsDeps {
  db: FastifyInstance['db'];
  config: IntegrationsConfig;
  log: FastifyBaseLogger;
  peers: Peers;
  /** Callers' roles per company, kept while the company service's membership announcements are heard. */
  roles: MemberRoles;
  /** Seals Slack tokens and webhook addresses; null when no key is configured (installs cannot finish). */
  secrets: SecretBox | null;
  slack: SlackApi;
  /** The outbox worker posting notifications to Slack. */
  delivery: DeliveryWorker;
  /** The worker pushing the plan to destinations (queued runs, leases, lastSync, drift). */
  sync: DestinationSyncWorker;
}
