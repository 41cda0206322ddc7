import path from 'node:path';
import { SUBSCRIPTION_EVENTS_CHANNEL } from '@tracemap/contracts';
import {
  createNotificationRelay,
  defineService,
  identityProviderAuthentication,
  MemberRoles,
  migrateNotificationRelay,
  NotificationChannel,
  notifyProbe,
  postNotification,
  SecretBox,
  type ServiceContext,
  SubscriptionGate,
} from '@tracemap/service-kit';
import { accessTokenRoutes } from './access-tokens/access-token-routes';
import { chatRoutes } from './assistant/chat-routes';
import { createAssistantModel } from './assistant/model/assistant-model';
import { PreparedPlans } from './assistant/prepared-plans';
import { loadConfig, type InsightsConfig } from './config';
import { DiscoveryPages } from './discovery/discovery-pages';
import { createDiscoveryRuntime, type DiscoverySettings } from './discovery/discovery-runtime';
import { discoveryRoutes } from './discovery/discovery-routes';
import { exampleTrafficRoutes } from './example-traffic/example-traffic-routes';
import { collectorRoutes } from './ingest/collector-routes';
import { ingestRoutes } from './ingest/ingest-routes';
import { mapOverlayRoutes } from './map-overlay/map-overlay-routes';
import { mcpRoutes } from './mcp/mcp-routes';
import { createPeers } from './core/peers';
import { findingsDigestNotification } from './notifications/findings-digest';
import { newFindingsNotification } from './notifications/new-findings-notification';
import { PlanSnapshots } from './core/plan-snapshots';
import type { InsightsDeps } from './deps';
import { createPullRuntime } from './pulls/pull-runtime';
import { pullRoutes } from './pulls/pull-routes';
import { sourceRoutes } from './sources/source-routes';
import { triageRoutes } from './triage/triage-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's wiring, for tests and scripts. */
    insightsService: { deps: InsightsDeps };
  }
}

/** Companies whose prepared plan (lookups and search index) the assistant keeps in memory. */
const PREPARED_PLANS_MAX = 16;

/**
 * The insights service: what a company's apps really send (uploads, a collector, pulls from
 * GA4 and Amplitude), profiled and judged against the company's plan. The plan and the
 * callers' roles come from the company service and are kept until it announces a change.
 */
export const service = defineService({
  name: 'insights',
  config: loadConfig,
  migrations: path.join(__dirname, '..', 'migrations'),
  authentication: (config) => identityProviderAuthentication(config),
  configure: async (app) => {
    app.decorateRequest('actor', null);
  },
  // New findings gather here in the judging transaction (migration 018's trigger).
  prepare: async (ctx: ServiceContext<InsightsConfig, { discovery: Partial<DiscoverySettings> }>) => {
    await migrateNotificationRelay(ctx.app.db, 'insights');
  },
  deps: (config, ctx: ServiceContext<InsightsConfig, { discovery: Partial<DiscoverySettings> }>): InsightsDeps => {
    const db = ctx.app.db;
    const peers = createPeers({
      company: ctx.peer(config.COMPANY_URL),
      subscription: ctx.peer(config.SUBSCRIPTION_URL),
    });
    const subscriptions = new SubscriptionGate({
      enforced: config.BILLING_ENFORCED,
      ttlMs: config.SUBSCRIPTION_STATUS_CACHE_MS,
      lookup: (companyId, requestId) => peers.subscription(companyId, requestId),
      log: ctx.log,
    });
    const subscriptionEvents = config.BILLING_ENFORCED
      ? new NotificationChannel({
          databaseUrl: config.DATABASE_URL,
          channel: SUBSCRIPTION_EVENTS_CHANNEL,
          applicationName: 'insights_subscription_listener',
          probe: notifyProbe(db, SUBSCRIPTION_EVENTS_CHANNEL),
        })
      : null;
    subscriptionEvents?.on('message', (companyId: string) => subscriptions.invalidate(companyId));
    const base = {
      db,
      config,
      log: ctx.log,
      peers,
      roles: new MemberRoles(db, {
        applicationName: 'insights_membership_listener',
        databaseUrl: config.DATABASE_URL,
        ttlMs: config.COMPANY_MEMBERSHIP_CACHE_MS,
        ask: (companyId, userId, requestId) => peers.memberRole(companyId, userId, requestId),
      }),
      planSnapshots: new PlanSnapshots(db, {
        databaseUrl: config.DATABASE_URL,
        ttlMs: config.PLAN_SNAPSHOT_CACHE_MS,
        maxCompanies: config.PLAN_SNAPSHOT_CACHE_COMPANIES,
        read: (companyId, knownVersion) => peers.planSnapshot(companyId, knownVersion),
      }),
      subscriptions,
      subscriptionEvents,
      pages: new DiscoveryPages(db, { databaseUrl: config.DATABASE_URL, ttlMs: config.DISCOVERY_PAGE_CACHE_MS }),
      secrets: config.INSIGHTS_SECRET_KEY ? new SecretBox(config.INSIGHTS_SECRET_KEY, 'INSIGHTS_SECRET_KEY') : null,
      preparedPlans: new PreparedPlans(PREPARED_PLANS_MAX),
      assistantModel: createAssistantModel(config),
    };
    const discovery = createDiscoveryRuntime(base, ctx.overrides.discovery);
    const notifications = config.INTEGRATIONS_URL
      ? createNotificationRelay({
          pool: db,
          schema: 'insights',
          log: ctx.log,
          compose: (burst) =>
            burst.kind === 'findings_digest' ? findingsDigestNotification(db)(burst) : newFindingsNotification(burst),
          post: postNotification(ctx.peer(config.INTEGRATIONS_URL)),
        })
      : null;
    return { ...base, discovery, notifications, pulls: createPullRuntime(config, { ...base, discovery }) };
  },
  routes: [
    { plugin: sourceRoutes, prefix: '/api/insights' },
    { plugin: ingestRoutes, prefix: '/api/insights' },
    { plugin: discoveryRoutes, prefix: '/api/insights' },
    { plugin: collectorRoutes, prefix: '/api/insights' },
    { plugin: exampleTrafficRoutes, prefix: '/api/insights' },
    { plugin: pullRoutes, prefix: '/api/insights' },
    { plugin: triageRoutes, prefix: '/api/insights' },
    { plugin: mapOverlayRoutes, prefix: '/api/insights' },
    { plugin: chatRoutes, prefix: '/api/insights' },
    { plugin: accessTokenRoutes, prefix: '/api/insights' },
    { plugin: mcpRoutes, prefix: '/api/insights' },
  ],
  workers: [
    {
      name: 'membership-events',
      enabled: (config) => config.COMPANY_MEMBERSHIP_CACHE_MS > 0,
      start: (deps) => deps.roles.start(deps.log),
      stop: (deps) => deps.roles.stop(),
    },
    {
      name: 'plan-events',
      enabled: (config) => config.PLAN_SNAPSHOT_CACHE_MS > 0,
      start: (deps) => deps.planSnapshots.start(deps.log),
      stop: (deps) => deps.planSnapshots.stop(),
    },
    {
      name: 'discovery-changes',
      enabled: (config) => config.DISCOVERY_PAGE_CACHE_MS > 0,
      start: (deps) => deps.pages.start(deps.log),
      stop: (deps) => deps.pages.stop(),
    },
    {
      name: 'subscription-events',
      enabled: (config) => config.BILLING_ENFORCED && config.SUBSCRIPTION_STATUS_CACHE_MS > 0,
      start: (deps) => deps.subscriptionEvents?.start(deps.log),
      stop: (deps) => deps.subscriptionEvents?.stop(),
    },
    {
      // A plan change announced by the company service: the company's findings are judged again.
      name: 'discovery-judgements',
      start: (deps) => {
        const unsubscribe = deps.planSnapshots.onChange((companyId) => deps.discovery.judges.schedule(companyId));
        return {
          stop: async () => {
            unsubscribe();
            await deps.discovery.judges.stop();
          },
        };
      },
    },
    {
      // A plan change announced by the company service: the assistant prepares that company's new plan.
      name: 'assistant-plans',
      start: (deps) => {
        const unsubscribe = deps.planSnapshots.onChange((companyId) =>
          deps.preparedPlans.renew(companyId, () => deps.planSnapshots.get(companyId), deps.log),
        );
        return {
          stop: async () => {
            unsubscribe();
            await deps.preparedPlans.settle();
          },
        };
      },
    },
    {
      // Bursts of new findings, relayed to the integrations service (Slack) where it is configured.
      name: 'notifications',
      enabled: (config) => config.INTEGRATIONS_URL !== undefined,
      start: (deps) => deps.notifications?.start(),
      stop: (deps) => deps.notifications?.stop(),
    },
    {
      // Uploads' runs, off the request path; stopped first, handing a run in progress back at its checkpoint.
      name: 'ingest',
      start: (deps) => deps.discovery.ingest.start(),
      stop: (deps) => deps.discovery.ingest.stop(),
    },
    {
      // GA4 and Amplitude sources pulled every PULL_INTERVAL_MS; stopping also ends pulls asked for on demand.
      name: 'pulls',
      start: (deps) => deps.pulls.scheduler?.start(),
      stop: async (deps) => {
        await deps.pulls.scheduler?.stop();
        await deps.pulls.runner.stop();
      },
    },
  ],
  metrics: (hook, deps) => hook.cache('membership', deps.roles.counts),
  decorate: (app, deps) => app.decorate('insightsService', { deps }),
});
