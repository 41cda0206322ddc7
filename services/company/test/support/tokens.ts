import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createAccessTokenVerifier, type AccessTokenVerifier } from '@tracemap/service-kit';

export const PUBLIC_URL = 'http://localhost:8080';
export const ISSUER = `${PUBLIC_URL}/auth/v1`;

export interface TokenKit {
  verifier: AccessTokenVerifier;
  mint(claims: { sub: string; email: string; sessionId?: string; role?: string; expiresInSeconds?: number }): Promise<string>;
}

/**
 * A test key pair standing in for auth's signing key: tokens are ES256 with
 * the claims auth issues, and the service verifies their signature for real.
 */
export async function createTokenKit(): Promise<TokenKit> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  const verifier = createAccessTokenVerifier({ keySet: createLocalJWKSet({ keys: [jwk] }), issuer: ISSUER });
  return {
    verifier,
    mint: (claims) => sign(privateKey, claims),
  };
}

async function sign(
  key: CryptoKey,
  claims: { sub: string; email: string; sessionId?: string; role?: string; expiresInSeconds?: number },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: claims.email,
    role: claims.role ?? 'authenticated',
    aal: 'aal1',
    session_id: claims.sessionId ?? randomUUID(),
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'ES256', kid: 'test-key', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(claims.sub)
    .setAudience('authenticated')
    .setIssuedAt(now)
    .setExpirationTime(now + (claims.expiresInSeconds ?? 600))
    .sign(key);
}
