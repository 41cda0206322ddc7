import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { InternalClient } from '@tracemap/service-kit';
import type { AuthApi } from './clients/auth-api';
import type { CompanyApi } from './clients/company-api';
import type { AccountConfig } from './config';
import type { SyncCache } from './profile/sync-cache';

/** What use cases need; built once by the service declaration in app.ts and handed to the routes. */
export interface AccountDeps {
  config: AccountConfig;
  pool: pg.Pool;
  /** The other services' internal routes, one client each (the kit's, with the service token and timeout). */
  peers: { auth: InternalClient; company: InternalClient; subscription: InternalClient | null };
  authApi: AuthApi;
  companyApi: CompanyApi;
  syncCache: SyncCache;
  admins: Set<string>;
  log: FastifyBaseLogger;
  /** Asks the outbox worker to deliver now rather than at its next poll. */
  outbox: { wake(): void };
}
