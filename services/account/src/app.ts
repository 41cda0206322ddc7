import path from 'node:path';
import { createPool, createService, identityProviderAuthentication } from '@tracemap/service-kit';
import { migrateOutbox } from '@tracemap/mailer';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type pg from 'pg';
import { createAuthApi } from './clients/auth-api';
import { createCompanyApi } from './clients/company-api';
import { adminEmails, type AccountConfig } from './config';
import type { AccountDeps } from './deps';
import { createOutboxHandle, type OutboxHandle } from './outbox';
import { routes } from './routes';
import { createSyncCache } from './sync-cache';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxHandle;
  }
}

export interface BuildOverrides {
  pool?: pg.Pool;
  logger?: FastifyServerOptions['logger'];
}

/** The account service: profiles, product admins, support messages and the account half of auth flows. */
export async function buildApp(config: AccountConfig, overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const pool =
    overrides.pool ??
    createPool({
      databaseUrl: config.DATABASE_URL,
      schema: 'account',
      max: config.DB_POOL_MAX,
      connectionTimeoutMs: config.DB_CONNECTION_TIMEOUT_MS,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    });
  const authApi = createAuthApi({
    authUrl: config.AUTH_URL,
    publicKey: config.AUTH_PUBLIC_KEY,
    serviceToken: config.INTERNAL_SERVICE_TOKEN,
    timeoutMs: config.INTERNAL_TIMEOUT_MS,
  });
  const app = await createService({
    name: 'account',
    config,
    pool,
    logger: overrides.logger,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    authentication: identityProviderAuthentication(config),
  });
  await migrateOutbox(pool, 'account');

  const outbox = createOutboxHandle(pool, config, app.log);
  app.decorate('outbox', outbox);
  // Before the pool closes (onClose), so the last round can still write its result.
  app.addHook('preClose', async () => outbox.stop());

  const deps: AccountDeps = {
    config,
    pool,
    authApi,
    companyApi: createCompanyApi({ companyUrl: config.COMPANY_URL, serviceToken: config.INTERNAL_SERVICE_TOKEN, timeoutMs: config.INTERNAL_TIMEOUT_MS }),
    syncCache: createSyncCache({ ttlMs: config.SYNC_CACHE_MS, staleMs: config.SYNC_STALE_MS }),
    admins: adminEmails(config),
    log: app.log,
    outbox,
  };
  for (const route of routes) await app.register(route, { deps });
  return app;
}
