import path from 'node:path';
import type pg from 'pg';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { OutboxWorker } from '@tracemap/mailer';
import {
  createService,
  identityProviderAuthentication,
  type AccessClaims,
  type AccessTokenVerifier,
  type NotificationChannel,
} from '@tracemap/service-kit';
import { listenForSubscriptionChanges } from './billing/subscription-events';
import { SubscriptionGate } from './billing/subscription-gate';
import { hasPendingTrial, migrateTrialRequests, startTrialWorker, type TrialWorker } from './billing/trial-requests';
import type { CompanyConfig } from './config';
import type { CompanyDeps } from './deps';
import { InfoCache } from './lib/info-cache';
import { MembershipCache } from './lib/membership-cache';
import { listTotals } from './tracking-plan/shared/list-totals';
import { PlanReadCache } from './tracking-plan/shared/plan-read-cache';
import { createPeers, type Peers } from './lib/peers';
import { setUpOutbox } from './plugins/outbox';
import { registerRoutes } from './routes';
import type { SharedCompanyInfo } from './use-cases/get-company-info';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's wiring, for tests and scripts (e.g. draining the outbox). */
    companyService: {
      deps: CompanyDeps;
      outbox: OutboxWorker | null;
      trials: TrialWorker | null;
      /** Billing's change announcements (null while billing is not enforced). */
      subscriptionEvents: NotificationChannel | null;
    };
  }
}

export interface BuildOverrides {
  /** Verify tokens with given keys instead of fetching the auth service's JWKS. */
  verifier?: AccessTokenVerifier;
  /** Replace the per-request session check against auth (e.g. in a benchmark without auth). */
  isSessionActive?: (claims: AccessClaims) => Promise<boolean>;
  pool?: pg.Pool;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(config: CompanyConfig, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const app = await createService({
    name: 'company',
    config,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    pool: overrides.pool,
    logger: overrides.logger,
    authentication: {
      ...identityProviderAuthentication(config),
      ...(overrides.verifier ? { verifier: overrides.verifier } : {}),
      ...(overrides.isSessionActive ? { isSessionActive: overrides.isSessionActive, sessionCache: undefined } : {}),
    },
  });
  const peers: Peers = createPeers(config, app.log);
  const outbox = await setUpOutbox(app, config);
  await migrateTrialRequests(app);
  // Trials are handed to billing only where billing is on; requests queue up meanwhile.
  const trials: TrialWorker | null = config.BILLING_ENFORCED
    ? startTrialWorker({ db: app.db, peers, log: app.log, pollMs: config.TRIAL_WORKER_POLL_MS })
    : null;
  if (trials) app.addHook('preClose', async () => trials.stop());
  const memberships = new MembershipCache(app.db, { databaseUrl: config.DATABASE_URL, ttlMs: config.COMPANY_MEMBERSHIP_CACHE_MS });
  app.addHook('onReady', async () => memberships.start(app.log));
  app.addHook('onClose', async () => memberships.stop());
  const planReads = new PlanReadCache(app.db, {
    databaseUrl: config.DATABASE_URL,
    ttlMs: config.PLAN_READ_CACHE_MS,
    maxItems: config.PLAN_READ_CACHE_ITEMS,
  });
  app.addHook('onReady', async () => planReads.start(app.log));
  app.addHook('onClose', async () => planReads.stop());
  const deps: CompanyDeps = {
    db: app.db,
    config,
    peers,
    infoCache: new InfoCache<SharedCompanyInfo>(config.COMPANY_INFO_CACHE_MS),
    memberships,
    planReads,
    wakeOutbox: () => outbox?.wake(),
    subscriptions: new SubscriptionGate({
      enforced: config.BILLING_ENFORCED,
      ttlMs: config.SUBSCRIPTION_STATUS_CACHE_MS,
      lookup: (companyId, requestId) => peers.subscriptionOrThrow(companyId, requestId),
      pendingTrial: (companyId) => hasPendingTrial(app.db, companyId),
      log: app.log,
    }),
    wakeTrials: () => trials?.wake(),
  };
  // Another replica's plan change: counts in company info and list totals include the plan.
  planReads.onChange((companyId) => {
    deps.infoCache.invalidate(companyId);
    listTotals(deps).invalidate(companyId);
  });
  const changes =
    config.BILLING_ENFORCED && config.SUBSCRIPTION_STATUS_CACHE_MS > 0
      ? listenForSubscriptionChanges({
          db: app.db,
          databaseUrl: config.DATABASE_URL,
          onChange: (companyId) => {
            deps.subscriptions.invalidate(companyId);
            deps.infoCache.invalidate(companyId);
          },
        })
      : null;
  if (changes) {
    app.addHook('onReady', async () => changes.start(app.log));
    app.addHook('onClose', async () => changes.stop());
  }
  app.decorate('companyService', { deps, outbox, trials, subscriptionEvents: changes?.channel ?? null });
  app.decorateRequest('company', null);
  await registerRoutes(app, deps);
  return app;
}
