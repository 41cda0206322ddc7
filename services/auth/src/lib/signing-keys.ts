import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { insertActiveSigningKey, listSigningKeys } from '../repositories/signing-keys-repository';

export interface SigningKeys {
  kid: string;
  /** Public keys of every key still kept, for `/.well-known/jwks.json`. */
  jwks: { keys: JWK[] };
  keySet: JWTVerifyGetKey;
  sign(payload: JWTPayload): Promise<string>;
}

/**
 * Loads the ES256 signing key from the `auth` schema, creating it on the
 * very first start, so that restarts (and replicas) keep issued tokens valid.
 */
export async function loadSigningKeys(pool: pg.Pool): Promise<SigningKeys> {
  let rows = await listSigningKeys(pool);
  if (!rows.some((r) => r.active)) {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = randomUUID();
    const meta = { kid, alg: 'ES256', use: 'sig' };
    await insertActiveSigningKey(
      pool,
      kid,
      { ...(await exportJWK(privateKey)), ...meta },
      {
        ...(await exportJWK(publicKey)),
        ...meta,
        key_ops: ['verify'],
      },
    );
    rows = await listSigningKeys(pool);
  }
  const active = rows.find((r) => r.active)!;
  const privateKey = await importJWK(active.private_jwk, 'ES256');
  const jwks = { keys: rows.map((r) => r.public_jwk) };
  return {
    kid: active.kid,
    jwks,
    keySet: createLocalJWKSet(jwks as { keys: JWK[] }),
    sign: (payload) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: active.kid, typ: 'JWT' }).sign(privateKey),
  };
}
