import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { migrateOutbox, startOutboxWorker, type OutboxWorker } from '@tracemap/mailer';
import { createService, identityProviderAuthentication, type AccessTokenVerifier } from '@tracemap/service-kit';
import type { SubscriptionConfig } from './config';
import type { SubscriptionDeps } from './deps';
import { OUTBOX_SCHEMA } from './lib/outbox';
import { createPeers } from './lib/peers';
import { loadPlans, PlanCatalog } from './plans';
import { createProvider } from './providers/create-provider';
import { startReconciliation } from './use-cases/reconcile-subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's wiring, for routes, tests and scripts (e.g. draining the outbox). */
    subscriptionService: { deps: SubscriptionDeps; config: SubscriptionConfig; outbox: OutboxWorker | null };
  }
}

export interface BuildOverrides {
  logger?: FastifyServerOptions['logger'];
  /** Verify tokens with given keys instead of fetching the auth service's JWKS. */
  verifier?: AccessTokenVerifier;
  /** Test seam: see SubscriptionDeps.beforeWebhookCommit. */
  beforeWebhookCommit?: SubscriptionDeps['beforeWebhookCommit'];
}

export async function buildApp(config: SubscriptionConfig, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  // Refuses the sandbox in production before anything starts.
  const provider = createProvider(config);
  const plans = new PlanCatalog(loadPlans(config.BILLING_PLANS));
  const app = await createService({
    name: 'subscription',
    config,
    logger: overrides.logger,
    migrationsDir: path.join(__dirname, '../migrations'),
    routesDir: path.join(__dirname, 'routes'),
    authentication: { ...identityProviderAuthentication(config), ...(overrides.verifier ? { verifier: overrides.verifier } : {}) },
    pluginOptions: { config },
  });
  await migrateOutbox(app.db, OUTBOX_SCHEMA);
  const outbox = config.OUTBOX_WORKER
    ? startOutboxWorker({ pool: app.db, schema: OUTBOX_SCHEMA, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: app.log })
    : null;
  // preClose: the worker must stop before the database plugin ends the pool.
  if (outbox) app.addHook('preClose', async () => outbox.stop());

  const deps: SubscriptionDeps = {
    db: app.db,
    config,
    provider,
    plans,
    peers: createPeers(config, app.log),
    log: app.log,
    wakeOutbox: () => outbox?.wake(),
    beforeWebhookCommit: overrides.beforeWebhookCommit,
  };
  app.decorate('subscriptionService', { deps, config, outbox });

  // The sandbox answers inside this service: with a free port chosen at listen time the
  // SDK is pointed at the port actually bound.
  app.addHook('onListen', async () => {
    if (provider.kind === 'sandbox' && !config.STRIPE_API_BASE && config.PORT === 0) deps.provider = createProvider(config, app);
  });

  if (config.RECONCILE_INTERVAL_MS > 0) {
    let reconciliation: { stop(): void } | null = null;
    app.addHook('onListen', async () => {
      reconciliation = startReconciliation(deps, config.RECONCILE_INTERVAL_MS);
    });
    app.addHook('preClose', async () => reconciliation?.stop());
  }
  return app;
}
