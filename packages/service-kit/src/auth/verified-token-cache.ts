import { BoundedLru } from '../cache/bounded-lru';
import type { AccessClaims, AccessTokenVerifier } from './verify-access-token';

export interface VerifiedTokenCacheOptions {
  ttlMs?: number;
  max?: number;
}

/**
 * Remembers tokens that verified for a short while (30 s by default, never
 * past their `exp`): a signed-in page sends the same token many times a
 * second, and the signature check is most of the cost of a cheap request.
 * Failures are never remembered. Whether the session behind a token is still
 * alive is checked separately, on every request.
 */
export function cacheVerifiedTokens(
  verify: AccessTokenVerifier,
  options: VerifiedTokenCacheOptions = {},
): AccessTokenVerifier {
  const ttlMs = options.ttlMs ?? 30_000;
  if (ttlMs <= 0) return verify;
  const verified = new BoundedLru<AccessClaims>(options.max ?? 5000);
  return async (token: string) => {
    const now = Date.now();
    const known = verified.get(token, now);
    if (known) return { ...known };
    const claims = await verify(token);
    if (typeof claims.exp === 'number')
      verified.set(token, { ...claims }, Math.min(ttlMs, claims.exp * 1000 - now), now);
    return claims;
  };
}
