import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

export interface AccessClaims extends JWTPayload {
  sub: string;
  exp: number;
  iat: number;
  email?: string;
  role?: string;
  aal?: string;
  session_id: string;
  is_anonymous?: boolean;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
}

export type AccessTokenVerifier = (token: string) => Promise<AccessClaims>;

export interface VerifierOptions {
  jwksUrl?: string;
  /** A key set supplied directly instead of fetched (the auth service's own keys). */
  keySet?: JWTVerifyGetKey;
  issuer?: string;
}

/** The claims without which a token is not a user's access token. */
const REQUIRED_CLAIMS = ['aud', 'exp', 'iat', 'sub', 'session_id'];

function requireText(payload: JWTPayload, claim: 'sub' | 'session_id') {
  const value = payload[claim];
  if (typeof value !== 'string' || value.length === 0) {
    throw new errors.JWTClaimValidationFailed(
      `"${claim}" claim must be a non-empty string`,
      payload,
      claim,
      'check_failed',
    );
  }
}

/**
 * Verifies a user's access token, the one verifier of the gateway and every
 * service: ES256 only (no `none`, no HS/ES confusion), our issuer, audience
 * `authenticated` (the public anon and service-role tokens are not users),
 * and `exp`, `iat`, `sub` and `session_id` present — a token without an
 * expiry would never die, one without a session could not be revoked. The
 * remote key set is cached for ten minutes, as the identity provider
 * advertises.
 */
export function createAccessTokenVerifier(options: VerifierOptions): AccessTokenVerifier {
  const keySet =
    options.keySet ??
    createRemoteJWKSet(new URL(options.jwksUrl ?? 'http://127.0.0.1/auth/v1/.well-known/jwks.json'), {
      cacheMaxAge: 10 * 60 * 1000,
      cooldownDuration: 30 * 1000,
      timeoutDuration: 5000,
    });
  return async (token: string) => {
    const { payload } = await jwtVerify(token, keySet, {
      algorithms: ['ES256'],
      issuer: options.issuer,
      audience: 'authenticated',
      requiredClaims: REQUIRED_CLAIMS,
    });
    requireText(payload, 'sub');
    requireText(payload, 'session_id');
    return payload as AccessClaims;
  };
}

/** jose's codes for a token that is simply not acceptable (as opposed to keys being unreachable). */
const REJECTED =
  /^ERR_(JWT|JWS|JWK|JOSE_ALG_NOT_ALLOWED|JOSE_NOT_SUPPORTED|JWKS_NO_MATCHING_KEY|JWKS_MULTIPLE_MATCHING_KEYS)/;

/** True when verification failed because of the token; false when the signing keys could not be fetched. */
export function isTokenRejection(error: unknown): boolean {
  return REJECTED.test(String((error as { code?: string })?.code ?? ''));
}
