import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX } from '@tracemap/contracts';

/** A new token: 32 random bytes after a prefix that makes a leaked token recognisable. */
export function newAccessTokenSecret(): { secret: string; hash: string; prefix: string } {
  const secret = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashAccessToken(secret), prefix: secret.slice(0, ACCESS_TOKEN_PREFIX.length + 6) };
}

// Tokens are made by newAccessTokenSecret; anything far from that shape is not looked up at all.
const TOKEN_SHAPE = new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{20,100}$`);

export const looksLikeAccessToken = (value: string): boolean => TOKEN_SHAPE.test(value);

/**
 * What is stored and looked up: the SHA-256 of the token. It holds 256 random bits, so a fast
 * hash is enough (no password stretching), and a lookup by hash leaks nothing by its timing.
 */
export function hashAccessToken(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
