import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessTokenVerifier } from '@tracemap/service-kit';
import type { AuthConfig } from '../config';
import type { PasswordHasher } from './passwords';
import type { RateLimiter } from './rate-limiter';
import type { RedirectPolicy } from './redirects';
import type { RefreshTokenCodec } from './refresh-tokens';
import type { SigningKeys } from './signing-keys';

/** Everything a use case needs, built once per app (see `app.ts`). */
export interface AuthDeps {
  db: pg.Pool;
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  config: AuthConfig;
  keys: SigningKeys;
  refreshTokens: RefreshTokenCodec;
  passwords: PasswordHasher;
  limiter: RateLimiter;
  redirects: RedirectPolicy;
  issuer: string;
  /** Checks one of our ES256 tokens (signature, exp, iss, aud). */
  verifyToken: AccessTokenVerifier;
  log: FastifyBaseLogger;
  /** Called after a transaction that queued email commits (wakes the outbox worker). */
  onEmailQueued(): void;
}

/** Who is calling, as far as rate limits and session records care. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}
