import { createHash, randomBytes } from 'node:crypto';
import { MAP_SHARE_TOKEN_PATTERN } from '@tracemap/contracts';

const TOKEN_SHAPE = new RegExp(MAP_SHARE_TOKEN_PATTERN);

/** 256 random bits from the system CSPRNG, base64url: unguessable, and safe in a URL as it is. */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token; null for text that cannot be one of ours (it then matches nothing). */
export function shareTokenHash(token: string): Buffer | null {
  if (!TOKEN_SHAPE.test(token)) return null;
  return createHash('sha256').update(token, 'utf8').digest();
}
