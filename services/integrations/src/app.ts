import path from 'node:path';
import { defineService, identityProviderAuthentication, MemberRoles, SecretBox } from '@tracemap/service-kit';
import { loadConfig } from './config';
import { createPeers } from './core/peers';
import type { IntegrationsDeps } from './deps';
import { DeliveryWorker } from './delivery/delivery-worker';
import { destinationRoutes } from './destinations/routes/destination-routes';
import { readLastSyncBacklog, readRunBacklog } from './destinations/runs/read-run-backlog';
import { DestinationSyncWorker } from './destinations/runs/sync-worker';
import { readDeliveryBacklog } from './delivery/read-delivery-backlog';
import { eventRoutes } from './events/event-routes';
import { notificationInternalRoutes } from './notifications/notification-routes';
import { SlackApi } from './slack/slack-api';
import { slackRoutes } from './slack/slack-routes';
import { subscriptionRoutes } from './subscriptions/subscription-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's wiring, for tests and scripts. */
    integrationsService: { deps: IntegrationsDeps };
  }
}

/**
 * The integrations service: the company's Slack installation (tokens sealed at rest), the
 * notifications producers hand in, and the outbox that posts them to the channels that
 * subscribed. Callers' roles come from the company service.
 */
export const service = defineService({
  name: 'integrations',
  config: loadConfig,
  migrations: path.join(__dirname, '..', 'migrations'),
  authentication: (config) => identityProviderAuthentication(config),
  openApi: {
    description:
      'Slack: the install flow, the installation, per-channel subscriptions and Slack events. Destinations: the plan pushed to Segment, Amplitude, mParticle and RudderStack, previewed first, run by a worker.',
  },
  configure: async (app) => {
    app.decorateRequest('actor', null);
  },
  deps: (config, ctx): IntegrationsDeps => {
    const db = ctx.app.db;
    const peers = createPeers({ company: ctx.peer(config.COMPANY_URL) });
    const base = {
      db,
      config,
      log: ctx.log,
      peers,
      roles: new MemberRoles(db, {
        applicationName: 'integrations_membership_listener',
        databaseUrl: config.DATABASE_URL,
        ttlMs: config.COMPANY_MEMBERSHIP_CACHE_MS,
        ask: (companyId, userId, requestId) => peers.memberRole(companyId, userId, requestId),
      }),
      secrets: config.INTEGRATIONS_SECRET_KEY
        ? new SecretBox(config.INTEGRATIONS_SECRET_KEY, 'INTEGRATIONS_SECRET_KEY')
        : null,
      slack: new SlackApi(config),
    };
    return { ...base, delivery: new DeliveryWorker(base), sync: new DestinationSyncWorker(base) };
  },
  routes: [
    { plugin: slackRoutes, prefix: '/api/integrations' },
    { plugin: subscriptionRoutes, prefix: '/api/integrations' },
    { plugin: eventRoutes, prefix: '/api/integrations' },
    { plugin: destinationRoutes, prefix: '/api/integrations' },
    { plugin: notificationInternalRoutes, prefix: '/internal' },
  ],
  workers: [
    {
      name: 'membership-events',
      enabled: (config) => config.COMPANY_MEMBERSHIP_CACHE_MS > 0,
      start: (deps) => deps.roles.start(deps.log),
      stop: (deps) => deps.roles.stop(),
    },
    {
      // The outbox to Slack; stopping lets the round in progress settle its messages.
      name: 'slack-delivery',
      enabled: (config) => config.SLACK_DELIVERY_WORKER,
      start: (deps) => deps.delivery.start(),
      stop: (deps) => deps.delivery.stop(),
    },
    {
      // Pushes to destinations; stopping hands runs in progress back to the queue.
      name: 'destination-sync',
      enabled: (config) => config.DESTINATION_SYNC_WORKER,
      start: (deps) => deps.sync.start(),
      stop: (deps) => deps.sync.stop(),
    },
  ],
  metrics: (hook, deps) => {
    hook.cache('membership', deps.roles.counts);
    hook.outbox('slack', () => readDeliveryBacklog(deps));
    hook.outbox('destination_runs', () => readRunBacklog(deps));
    hook.outbox('last_sync', () => readLastSyncBacklog(deps));
  },
  decorate: (app, deps) => app.decorate('integrationsService', { deps }),
});
