import path from 'node:path';
import { mailOutbox } from '@tracemap/mailer';
import {
  defineService,
  identityProviderAuthentication,
  createInternalClient,
  createNotificationRelay,
  migrateNotificationRelay,
  postNotification,
  type NotificationChannel,
  type OutboxHandle,
} from '@tracemap/service-kit';
import { auditTrail } from './core/audit';
import { billingInternalRoutes } from './billing/billing-internal-routes';
import { listenForSubscriptionChanges } from './billing/subscription-events';
import { SubscriptionGate } from './core/subscription-gate';
import { createTrialWorker, hasPendingTrial, migrateTrialRequests } from './billing/trial-requests';
import { loadConfig, type CompanyConfig } from './config';
import type { SharedCompanyInfo } from './core/company-info';
import type { CompanyDeps } from './core/deps';
import { InfoCache } from './core/info-cache';
import { MembershipCache } from './core/membership-cache';
import { OUTBOX_SCHEMA } from './invitations/invitation-email';
import { createPeers } from './core/peers';
import { companyNotification } from './notifications/company-notification';
import { grantToAppRole } from './core/tenant';
import { adminInternalRoutes } from './admin/admin-internal-routes';
import { companyRoutes } from './companies/company-routes';
import { internalRoutes } from './companies/company-internal-routes';
import { lastSyncInternalRoutes } from './companies/last-sync-internal-routes';
import { invitationRoutes } from './invitations/invitation-routes';
import { permissionRoutes } from './members/member-routes';
import { assistantIntakeInternalRoutes } from './tracking-plan/assistant-intake/assistant-intake-routes';
import { discoveryIntakeInternalRoutes } from './tracking-plan/discovery-intake/discovery-intake-routes';
import { mapShareInternalRoutes } from './tracking-plan/maps/share/share-routes';
import { listTotals } from './tracking-plan/shared/list-totals';
import { PlanReadCache } from './tracking-plan/shared/plan-read-cache';
import { planSnapshotInternalRoutes } from './tracking-plan/snapshot/snapshot-routes';
import { trackingPlanRoutes } from './tracking-plan/tracking-plan-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's wiring, for tests and scripts (e.g. draining the outbox or the trial queue). */
    companyService: {
      deps: CompanyDeps;
      outbox: OutboxHandle;
      /** Billing's change announcements (null while billing is not enforced or statuses are not kept). */
      subscriptionEvents: NotificationChannel | null;
    };
  }
}

const hearsSubscriptionChanges = (config: CompanyConfig) =>
  config.BILLING_ENFORCED && config.SUBSCRIPTION_STATUS_CACHE_MS > 0;

/** The company service: companies, members, invitations and the tracking plan. */
export const service = defineService({
  name: 'company',
  config: loadConfig,
  migrations: path.join(__dirname, '..', 'migrations'),
  authentication: (config) => identityProviderAuthentication(config),
  outbox: mailOutbox,
  openApi: { description: 'Companies, members, invitations and the tracking plan (attributes, events, views, maps).' },
  configure: async (app) => {
    app.decorateRequest('company', null);
  },
  // Emails and trial requests are queued inside tenant transactions, as the app role.
  prepare: async (ctx) => {
    await grantToAppRole(ctx.app.db, `${OUTBOX_SCHEMA}.outbox`);
    await migrateTrialRequests(ctx.app.db);
    // Plan changes gather here in the writing transaction (migration 010's trigger).
    await migrateNotificationRelay(ctx.app.db, 'company');
  },
  deps: (config, ctx): CompanyDeps => {
    const db = ctx.app.db;
    const peers = createPeers(
      {
        auth: ctx.peer(config.AUTH_URL),
        account: ctx.peer(config.ACCOUNT_URL),
        subscription: ctx.peer(config.SUBSCRIPTION_URL),
        authAdmin: createInternalClient({ baseUrl: config.AUTH_URL, timeoutMs: config.INTERNAL_TIMEOUT_MS }),
      },
      config.AUTH_SERVICE_ROLE_KEY,
      ctx.log,
    );
    const infoCache = new InfoCache<SharedCompanyInfo>(config.COMPANY_INFO_CACHE_MS);
    const subscriptions = new SubscriptionGate({
      enforced: config.BILLING_ENFORCED,
      ttlMs: config.SUBSCRIPTION_STATUS_CACHE_MS,
      lookup: (companyId, requestId) => peers.subscriptionOrThrow(companyId, requestId),
      pendingTrial: (companyId) => hasPendingTrial(db, companyId),
      log: ctx.log,
    });
    return {
      db,
      config,
      log: ctx.log,
      peers,
      infoCache,
      memberships: new MembershipCache(db, {
        databaseUrl: config.DATABASE_URL,
        ttlMs: config.COMPANY_MEMBERSHIP_CACHE_MS,
      }),
      planReads: new PlanReadCache(db, {
        databaseUrl: config.DATABASE_URL,
        ttlMs: config.PLAN_READ_CACHE_MS,
        maxItems: config.PLAN_READ_CACHE_ITEMS,
      }),
      wakeOutbox: () => ctx.outbox?.wake(),
      subscriptions,
      subscriptionEvents: listenForSubscriptionChanges({
        db,
        databaseUrl: config.DATABASE_URL,
        onChange: (companyId) => {
          subscriptions.invalidate(companyId);
          infoCache.invalidate(companyId);
        },
      }),
      trials: createTrialWorker({ db, peers, log: ctx.log, pollMs: config.TRIAL_WORKER_POLL_MS }),
      notifications: config.INTEGRATIONS_URL
        ? createNotificationRelay({
            pool: db,
            schema: 'company',
            log: ctx.log,
            compose: companyNotification,
            post: postNotification(ctx.peer(config.INTEGRATIONS_URL)),
          })
        : null,
    };
  },
  routes: [
    // First, so its hook is on every route.
    auditTrail,
    { plugin: companyRoutes, prefix: '/api/company' },
    { plugin: invitationRoutes, prefix: '/api/company' },
    { plugin: permissionRoutes, prefix: '/api/company' },
    { plugin: trackingPlanRoutes, prefix: '/api/company' },
    { plugin: internalRoutes, prefix: '/internal' },
    { plugin: mapShareInternalRoutes, prefix: '/internal' },
    { plugin: adminInternalRoutes, prefix: '/internal' },
    { plugin: billingInternalRoutes, prefix: '/internal' },
    { plugin: planSnapshotInternalRoutes, prefix: '/internal' },
    { plugin: discoveryIntakeInternalRoutes, prefix: '/internal' },
    { plugin: assistantIntakeInternalRoutes, prefix: '/internal' },
    { plugin: lastSyncInternalRoutes, prefix: '/internal' },
  ],
  workers: [
    {
      // Another replica's plan change: counts in company info and list totals include the plan.
      // Its membership changes: company info lists the members with their roles.
      // Listening before the channels start, so no announcement goes unheard.
      name: 'info-cache',
      enabled: (config) => config.PLAN_READ_CACHE_MS > 0 && config.COMPANY_INFO_CACHE_MS > 0,
      start: (deps) => {
        const stopPlan = deps.planReads.onChange((companyId) => {
          deps.infoCache.invalidate(companyId);
          listTotals(deps).invalidate(companyId);
        });
        const stopMembers = deps.memberships.onChange((companyId) => deps.infoCache.invalidate(companyId));
        return {
          stop: () => {
            stopPlan();
            stopMembers();
          },
        };
      },
    },
    {
      name: 'plan-read-cache',
      enabled: (config) => config.PLAN_READ_CACHE_MS > 0,
      start: (deps) => deps.planReads.start(deps.log),
      stop: (deps) => deps.planReads.stop(),
    },
    {
      name: 'membership-cache',
      enabled: (config) => config.COMPANY_MEMBERSHIP_CACHE_MS > 0,
      start: (deps) => deps.memberships.start(deps.log),
      stop: (deps) => deps.memberships.stop(),
    },
    {
      name: 'subscription-events',
      enabled: hearsSubscriptionChanges,
      start: (deps) => deps.subscriptionEvents.start(deps.log),
      stop: (deps) => deps.subscriptionEvents.stop(),
    },
    {
      // Bursts of plan changes, relayed to the integrations service (Slack) where it is configured.
      name: 'notifications',
      enabled: (config) => config.INTEGRATIONS_URL !== undefined,
      start: (deps) => deps.notifications?.start(),
      stop: (deps) => deps.notifications?.stop(),
    },
    {
      // Trials are handed to billing only where billing is on; requests queue up meanwhile.
      name: 'trials',
      enabled: (config) => config.BILLING_ENFORCED,
      start: (deps) => deps.trials.start(),
      stop: (deps) => deps.trials.stop(),
    },
  ],
  metrics: (hook, deps) => hook.cache('membership', deps.memberships.counts),
  decorate: (app, deps) =>
    app.decorate('companyService', {
      deps,
      outbox: app.outbox,
      subscriptionEvents: hearsSubscriptionChanges(deps.config) ? deps.subscriptionEvents.channel : null,
    }),
});
