import path from 'node:path';
import { defineService, identityProviderAuthentication } from '@tracemap/service-kit';
import { mailOutbox } from '@tracemap/mailer';
import { createAuthApi } from './clients/auth-api';
import { createCompanyApi } from './clients/company-api';
import { adminEmails, loadConfig } from './config';
import type { AccountDeps } from './deps';
import { routes } from './routes';
import { createSyncCache } from './profile/sync-cache';

/** The account service: profiles, product admins, support messages and the account half of auth flows. */
export const service = defineService({
  name: 'account',
  config: loadConfig,
  migrations: path.join(__dirname, '..', 'migrations'),
  authentication: (config) => identityProviderAuthentication(config),
  outbox: mailOutbox,
  deps: (config, ctx): AccountDeps => {
    const peers = {
      auth: ctx.peer(config.AUTH_URL),
      company: ctx.peer(config.COMPANY_URL),
      subscription: config.SUBSCRIPTION_URL ? ctx.peer(config.SUBSCRIPTION_URL) : null,
    };
    return {
      config,
      pool: ctx.app.db,
      peers,
      authApi: createAuthApi({
        authUrl: config.AUTH_URL,
        publicKey: config.AUTH_PUBLIC_KEY,
        timeoutMs: config.INTERNAL_TIMEOUT_MS,
        internal: peers.auth,
      }),
      companyApi: createCompanyApi(peers.company),
      syncCache: createSyncCache({ ttlMs: config.SYNC_CACHE_MS, staleMs: config.SYNC_STALE_MS }),
      admins: adminEmails(config),
      log: ctx.log,
      outbox: ctx.outbox!,
    };
  },
  routes,
});
