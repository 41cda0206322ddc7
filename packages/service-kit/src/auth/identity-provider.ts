import { Type, type Static } from '@sinclair/typebox';
import { authInternalClient } from '@tracemap/contracts';
import { AppError } from '../errors';
import { createInternalClient } from '../internal-client';
import type { AuthenticationPluginOptions } from '../plugins/authentication';
import { SessionStatusCache } from './session-status-cache';
import type { AccessClaims } from './verify-access-token';

export const MFA_REQUIRED = 'Two-factor authentication is required. Please log in again.';

const HttpUrl = Type.String({ pattern: '^https?://[^\\s]+$' });

/** What a service needs to know to trust access tokens (compose into its config schema). */
export const IdentityProviderConfigSchema = Type.Object({
  /** Site origin as the browser sees it. */
  PUBLIC_URL: HttpUrl,
  /** Base URL of the identity provider (our auth service, or a hosted Supabase project). */
  AUTH_URL: HttpUrl,
  /** Shared secret for service-to-service `/internal/*` calls. */
  INTERNAL_SERVICE_TOKEN: Type.String({ minLength: 16 }),
  /** Signing keys; `${AUTH_URL}/auth/v1/.well-known/jwks.json` by default. */
  AUTH_JWKS_URL: Type.Optional(HttpUrl),
  /** Expected `iss`; `${PUBLIC_URL}/auth/v1` by default (a hosted project: `https://<ref>.supabase.co/auth/v1`). */
  AUTH_ISSUER: Type.Optional(HttpUrl),
  /**
   * Ask the auth service on every request whether the token's session still
   * exists, so logout, "revoke sessions" and password changes act at once.
   * A hosted Supabase project has no such endpoint: turn it off there.
   */
  AUTH_SESSION_CHECK: Type.Boolean({ default: true }),
  AUTH_SESSION_CHECK_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 2000 }),
  /**
   * Keep sessions known to be active in memory for up to this long, dropped
   * as soon as the auth service announces their end. The announcements
   * travel as PostgreSQL notifications; while they cannot be received (see
   * AUTH_EVENTS_DATABASE_URL) every request asks auth as before. 0: always ask.
   */
  AUTH_SESSION_CACHE_TTL_MS: Type.Integer({ minimum: 0, default: 60000 }),
  /** The database the auth service announces on; the service's own DATABASE_URL by default. */
  AUTH_EVENTS_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
});
export type IdentityProviderConfig = Static<typeof IdentityProviderConfigSchema>;

/**
 * Token verification settings every service shares. The session check fails
 * closed but honestly: when the auth service cannot answer, the request gets
 * a 503 to retry, not a 401 that would log the user out. Answers are cached
 * per session only while auth's revocation announcements are being received.
 */
export function identityProviderAuthentication(
  config: IdentityProviderConfig & { DATABASE_URL?: string },
): AuthenticationPluginOptions {
  const options: AuthenticationPluginOptions = {
    jwksUrl: config.AUTH_JWKS_URL ?? new URL('/auth/v1/.well-known/jwks.json', config.AUTH_URL).toString(),
    issuer: config.AUTH_ISSUER ?? `${config.PUBLIC_URL.replace(/\/$/, '')}/auth/v1`,
  };
  if (!config.AUTH_SESSION_CHECK) return options;
  const call = createInternalClient({
    baseUrl: config.AUTH_URL,
    serviceToken: config.INTERNAL_SERVICE_TOKEN,
    timeoutMs: config.AUTH_SESSION_CHECK_TIMEOUT_MS,
  });
  const auth = authInternalClient(call);
  const sessions = new SessionStatusCache({
    fetchStatus: (sessionId) => auth.sessionStatus(sessionId),
    databaseUrl: config.AUTH_EVENTS_DATABASE_URL ?? config.DATABASE_URL,
    probe: async (nonce) => void (await auth.probeSessionEvents(nonce)),
    maxTtlMs: config.AUTH_SESSION_CACHE_TTL_MS,
  });
  options.sessionCache = sessions;
  options.isSessionActive = async (claims: AccessClaims) => {
    if (!claims.session_id) return false;
    try {
      const answer = await sessions.status(claims.session_id, claims.sub);
      const active = answer.active === true && (answer.userId === null || answer.userId === claims.sub);
      // Two-factor users must finish the second step: a password-only token opens nothing.
      if (active && answer.requiredAal === 'aal2' && claims.aal !== 'aal2')
        throw new AppError(401, 'mfa_required', MFA_REQUIRED);
      return active;
    } catch (error) {
      if (error instanceof AppError && error.statusCode >= 500) {
        throw new AppError(503, 'auth_unavailable', 'Sign-in cannot be checked right now. Try again later.', {
          'retry-after': '5',
        });
      }
      throw error;
    }
  };
  return options;
}
