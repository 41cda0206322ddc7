import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type {
  MemberRoles,
  NotificationChannel,
  NotificationRelay,
  SecretBox,
  SubscriptionGate,
} from '@tracemap/service-kit';
import type { InsightsConfig } from './config';
import type { AssistantModel } from './assistant/model/assistant-model';
import type { PreparedPlans } from './assistant/prepared-plans';
import type { Peers } from './core/peers';
import type { PlanSnapshots } from './core/plan-snapshots';
import type { DiscoveryPages } from './discovery/discovery-pages';
import type { DiscoveryRuntime } from './discovery/discovery-runtime';
import type { PullRuntime } from './pulls/pull-runtime';

/** What use cases need from the outside world, handed in rather than imported. */
export interface InsightsDeps {
  db: FastifyInstance['db'];
  config: InsightsConfig;
  log: FastifyBaseLogger;
  peers: Peers;
  /** Callers' roles per company, kept while the company service's membership announcements are heard. */
  roles: MemberRoles;
  /** Each company's plan snapshot, kept until the company announces a plan change. */
  planSnapshots: PlanSnapshots;
  /** 402 for writes of a company without a running subscription. */
  subscriptions: SubscriptionGate;
  /** Billing's announcements of subscription changes (null while billing is not enforced). */
  subscriptionEvents: NotificationChannel | null;
  /** Encrypts source credentials; null when no key is configured (such sources cannot be created). */
  secrets: SecretBox | null;
  /** List pages of findings and plan against reality, kept until the database announces a change. */
  pages: DiscoveryPages;
  /** The ingest worker (uploads' runs) and the findings' judgements, with discovery's settings. */
  discovery: DiscoveryRuntime;
  /** Bursts of new findings relayed to the integrations service; null where it is not configured. */
  notifications: NotificationRelay | null;
  /** GA4 and Amplitude pulls, on demand and on the schedule. */
  pulls: PullRuntime;
  /** The assistant's prepared plans, per company and plan version. */
  preparedPlans: PreparedPlans;
  /** The assistant's language model as configured (none: offline answers only), its timeout and daily token cap. */
  assistantModel: AssistantModel;
}
