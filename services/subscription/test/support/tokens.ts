import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createAccessTokenVerifier, type AccessTokenVerifier } from '@tracemap/service-kit';

export const PUBLIC_URL = 'http://localhost:8080';
const ISSUER = `${PUBLIC_URL}/auth/v1`;

export interface TokenKit {
  verifier: AccessTokenVerifier;
  mint(userId: string): Promise<string>;
}

/** A test key pair standing in for auth's signing key; the service verifies signatures for real. */
export async function createTokenKit(): Promise<TokenKit> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  return {
    verifier: createAccessTokenVerifier({ keySet: createLocalJWKSet({ keys: [jwk] }), issuer: ISSUER }),
    async mint(userId) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ email: `${userId.slice(0, 8)}@example.test`, role: 'authenticated', aal: 'aal1', session_id: randomUUID(), is_anonymous: false })
        .setProtectedHeader({ alg: 'ES256', kid: 'test-key', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(userId)
        .setAudience('authenticated')
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(privateKey);
    },
  };
}
