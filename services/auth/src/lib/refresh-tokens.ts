import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { ensureServerSecret } from '../repositories/server-secrets-repository';
import { sha256 } from './crypto';

export interface RefreshTokenCodec {
  /** The token string handed to the client for the refresh-token row `id`. */
  tokenFor(id: string): string;
  /** What is stored and looked up: never the token itself. */
  digest(token: string): string;
}

/**
 * Refresh tokens are derived from their row id with a server secret: only
 * their digest is stored, yet the currently active token of a session can
 * be handed out again when a client retries with its parent (it missed the
 * previous answer), as GoTrue does.
 */
export async function loadRefreshTokenCodec(pool: pg.Pool): Promise<RefreshTokenCodec> {
  const secret = Buffer.from(
    await ensureServerSecret(pool, 'refresh_token_hmac', randomBytes(32).toString('base64')),
    'base64',
  );
  return {
    tokenFor: (id) => createHmac('sha256', secret).update(id).digest('base64url'),
    digest: (token) => sha256(token),
  };
}
