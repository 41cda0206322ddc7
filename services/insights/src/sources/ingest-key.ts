import { createHash, randomBytes } from 'node:crypto';

const PREFIX = 'tmk_';

/** A new collector key: 32 random bytes, with a prefix that makes a leaked key recognisable. */
export function newIngestKey(): { key: string; hash: string; prefix: string } {
  const key = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashIngestKey(key), prefix: key.slice(0, PREFIX.length + 6) };
}

/**
 * What is stored and looked up: the key's SHA-256. The key has 256 random bits, so a fast
 * hash is enough (no password stretching), and a lookup by hash leaks nothing by its timing.
 */
export function hashIngestKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
