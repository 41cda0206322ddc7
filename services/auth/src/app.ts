import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { createAccessTokenVerifier, createService, type AccessTokenVerifier } from '@tracemap/service-kit';
import { migrateOutbox } from '@tracemap/mailer';
import type { AuthConfig } from './config';
import type { AuthDeps } from './lib/deps';
import { createPasswordHasher } from './lib/passwords';
import { createRateLimiter } from './lib/rate-limiter';
import { createRedirectPolicy } from './lib/redirects';
import { loadRefreshTokenCodec } from './lib/refresh-tokens';
import { loadSigningKeys } from './lib/signing-keys';
import { isSessionActive } from './repositories/sessions-repository';
import authApi from './routes/auth-api';
import internalAdminRoutes from './routes/internal-admin-routes';
import internalRoutes from './routes/internal-routes';

export interface AuthAppOverrides {
  pool?: pg.Pool;
  /** Called whenever a committed change queued an email (the server wakes its outbox worker). */
  onEmailQueued?: () => void;
}

export interface AuthApp {
  app: FastifyInstance;
  deps: AuthDeps;
}

/** Builds the auth service (not listening). Tests and `server.ts` both start here. */
export async function buildApp(config: AuthConfig, overrides: AuthAppOverrides = {}): Promise<AuthApp> {
  const issuer = `${config.PUBLIC_URL.replace(/\/$/, '')}/auth/v1`;
  // The verifier needs the keys, which live in the database the service sets up: it is bound once they are loaded.
  let verify: AccessTokenVerifier = async () => {
    throw new Error('signing keys not loaded');
  };
  let pool: pg.Pool | null = null;

  const app = await createService({
    name: 'auth',
    config,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    pool: overrides.pool,
    authentication: {
      verifier: (token) => verify(token),
      // A logged-out or revoked session's access token is refused at once, not when it expires.
      isSessionActive: (claims) => isSessionActive(pool!, claims.session_id ?? '', claims.sub),
    },
  });
  pool = app.db;
  await migrateOutbox(app.db, 'auth');

  const keys = await loadSigningKeys(app.db);
  verify = createAccessTokenVerifier({ keySet: keys.keySet, issuer });
  const deps: AuthDeps = {
    db: app.db,
    transaction: (work) => app.transaction(work),
    config,
    keys,
    refreshTokens: await loadRefreshTokenCodec(app.db),
    passwords: await createPasswordHasher({
      minLength: config.AUTH_PASSWORD_MIN_LENGTH,
      memoryCostKib: config.AUTH_ARGON2_MEMORY_KIB,
      iterations: config.AUTH_ARGON2_ITERATIONS,
    }),
    limiter: createRateLimiter(app.db, config.AUTH_EMAIL_SEND_INTERVAL_SECONDS),
    redirects: createRedirectPolicy(config.PUBLIC_URL, config.AUTH_REDIRECT_ALLOW_LIST),
    issuer,
    verifyToken: (token) => verify(token),
    log: app.log,
    onEmailQueued: overrides.onEmailQueued ?? (() => undefined),
  };

  await app.register(authApi, { prefix: '/auth/v1', deps });
  await app.register(internalRoutes, { deps });
  await app.register(internalAdminRoutes, { deps });
  return { app, deps };
}
