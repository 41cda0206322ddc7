import path from 'node:path';
import { mailOutbox } from '@tracemap/mailer';
import { isSandboxEnabled, migrateBillingSandbox } from '@tracemap/billing-sandbox';
import { defineService, identityProviderAuthentication, type OutboxHandle } from '@tracemap/service-kit';
import { loadConfig, type SubscriptionConfig } from './config';
import type { SubscriptionDeps } from './deps';
import { createPeers } from './lib/peers';
import { loadPlans, PlanCatalog } from './plans';
import { createProvider } from './providers/create-provider';
import billingRoutes from './routes/billing';
import internalRoutes from './routes/internal/company-subscription';
import sandboxProvider, { SANDBOX_SCHEMA } from './routes/sandbox-provider';
import webhookRoutes from './routes/webhooks';
import { startReconciliation } from './use-cases/reconcile-subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's wiring, for tests and scripts. */
    subscriptionService: { deps: SubscriptionDeps; config: SubscriptionConfig; outbox: OutboxHandle };
  }
}

/** The subscription service: billing state per company, the provider's webhooks, billing emails. */
export const service = defineService<
  SubscriptionConfig,
  SubscriptionDeps,
  { beforeWebhookCommit: SubscriptionDeps['beforeWebhookCommit'] }
>({
  name: 'subscription',
  config: loadConfig,
  migrations: path.join(__dirname, '../migrations'),
  authentication: (config) => identityProviderAuthentication(config),
  outbox: mailOutbox,
  // The sandbox keeps its tables, with their own migration history, in this service's schema.
  prepare: async (ctx) => {
    if (isSandboxEnabled(ctx.config)) await migrateBillingSandbox(ctx.app.db, SANDBOX_SCHEMA);
  },
  deps: (config, ctx) => ({
    db: ctx.app.db,
    config,
    // Refuses the sandbox in production before the service listens.
    provider: createProvider(config),
    plans: new PlanCatalog(loadPlans(config.BILLING_PLANS)),
    peers: createPeers({ company: ctx.peer(config.COMPANY_URL), account: ctx.peer(config.ACCOUNT_URL) }, ctx.log),
    log: ctx.log,
    wakeOutbox: () => ctx.outbox?.wake(),
    beforeWebhookCommit: ctx.overrides.beforeWebhookCommit,
  }),
  // The sandbox first: it is not encapsulated, and the provider it answers for is used by the others.
  routes: [sandboxProvider, billingRoutes, internalRoutes, webhookRoutes],
  workers: [
    {
      name: 'reconciliation',
      enabled: (config) => config.RECONCILE_INTERVAL_MS > 0,
      // Only when listening: tests driving the app by inject reconcile by hand.
      startOn: 'listen',
      start: (deps) => startReconciliation(deps, deps.config.RECONCILE_INTERVAL_MS),
    },
  ],
  decorate: (app, deps) => app.decorate('subscriptionService', { deps, config: deps.config, outbox: app.outbox }),
});

export type BuildOverrides = NonNullable<Parameters<typeof service.build>[1]>;
