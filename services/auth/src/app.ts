import path from 'node:path';
import { mailOutbox } from '@tracemap/mailer';
import { createAccessTokenVerifier, defineService, type ServiceDefinition } from '@tracemap/service-kit';
import { loadConfig, type AuthConfig } from './config';
import { internalDatabaseUnavailable } from './lib/database-unavailable';
import type { AuthDeps } from './lib/deps';
import { createPasswordHasher } from './lib/passwords';
import { createRateLimiter } from './lib/rate-limiter';
import { createRedirectPolicy } from './lib/redirects';
import { loadRefreshTokenCodec } from './lib/refresh-tokens';
import { loadSigningKeys } from './lib/signing-keys';
import { isSessionActive } from './repositories/sessions-repository';
import { routes } from './routes/index';
import { startRateLimitSweeper } from './use-cases/sweep-rate-limits';

/** The auth service: Supabase-Auth-compatible identity, sessions and tokens, and auth's emails. */
export const service: ServiceDefinition<AuthConfig, AuthDeps> = defineService<AuthConfig, AuthDeps>({
  name: 'auth',
  config: loadConfig,
  migrations: path.join(__dirname, '..', 'migrations'),
  authentication: (_config, ctx) => ({
    // The signing keys live in the database this service sets up: tokens are checked against them once deps are built.
    verifier: (token) => service.depsOf(ctx.app).verifyToken(token),
    // A logged-out or revoked session's access token is refused at once, not when it expires.
    isSessionActive: (claims) => isSessionActive(ctx.app.db, claims.session_id ?? '', claims.sub),
  }),
  outbox: mailOutbox,
  // Under the prefix the gateway routes to auth, beside the API it describes.
  openApi: {
    title: 'Tracemap auth API',
    description: 'Supabase-Auth-compatible identity: sign-up, sign-in, sessions, users, factors.',
    path: '/auth/v1/openapi.json',
  },
  // Routes outside /auth/v1 (internal and the outbox's) answer in the platform's shape; a lost database is a 503 there too.
  translateError: internalDatabaseUnavailable,
  deps: async (config, ctx) => {
    const issuer = `${config.PUBLIC_URL.replace(/\/$/, '')}/auth/v1`;
    const keys = await loadSigningKeys(ctx.app.db);
    const verify = createAccessTokenVerifier({ keySet: keys.keySet, issuer });
    return {
      db: ctx.app.db,
      transaction: (work) => ctx.app.transaction(work),
      config,
      keys,
      refreshTokens: await loadRefreshTokenCodec(ctx.app.db),
      passwords: await createPasswordHasher({
        minLength: config.AUTH_PASSWORD_MIN_LENGTH,
        memoryCostKib: config.AUTH_ARGON2_MEMORY_KIB,
        iterations: config.AUTH_ARGON2_ITERATIONS,
      }),
      limiter: createRateLimiter(ctx.app.db, config.AUTH_EMAIL_SEND_INTERVAL_SECONDS),
      redirects: createRedirectPolicy(config.PUBLIC_URL, config.AUTH_REDIRECT_ALLOW_LIST),
      issuer,
      verifyToken: verify,
      log: ctx.log,
      onEmailQueued: () => ctx.outbox?.wake(),
    };
  },
  routes,
  workers: [
    // Only when listening: tests driving the app by inject have no use for it.
    { name: 'rate-limit-sweeper', startOn: 'listen', start: (deps) => startRateLimitSweeper(deps) },
  ],
});
