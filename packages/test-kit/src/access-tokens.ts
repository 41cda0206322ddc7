import { randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { createAccessTokenVerifier, type AccessTokenVerifier } from '@tracemap/service-kit';

export const TEST_PUBLIC_URL = 'http://localhost:8080';
export const TEST_ISSUER = `${TEST_PUBLIC_URL}/auth/v1`;

export interface MintClaims {
  sub: string;
  email?: string;
  sessionId?: string;
  role?: string;
  aal?: string;
  expiresInSeconds?: number;
  /** Further claims, added to (or replacing) the ones auth issues. */
  extra?: JWTPayload;
}

export interface TokenKit {
  /** The public key as auth publishes it in its key set. */
  jwk: JWK & { kid: string };
  /** Verifies with the public key and the test issuer, as a service would. */
  verifier: AccessTokenVerifier;
  /** An access token with the claims auth issues. */
  mint(claims: MintClaims): Promise<string>;
  /** Exactly these claims, signed with the test key: for tokens that must be wrong on purpose. */
  signClaims(claims: JWTPayload): Promise<string>;
}

export interface TokenKitOptions {
  issuer?: string;
  kid?: string;
}

/**
 * A key pair standing in for auth's signing key: tokens are ES256 with the claims auth issues,
 * so the code under test verifies their signature for real.
 */
export async function createTokenKit(options: TokenKitOptions = {}): Promise<TokenKit> {
  const issuer = options.issuer ?? TEST_ISSUER;
  const kid = options.kid ?? 'test-key';
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  return {
    jwk,
    verifier: createAccessTokenVerifier({ keySet: createLocalJWKSet({ keys: [jwk] }), issuer }),
    mint: (claims) => mintAccessToken(privateKey, kid, issuer, claims),
    signClaims: (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey),
  };
}

function mintAccessToken(key: CryptoKey, kid: string, issuer: string, claims: MintClaims): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: claims.email ?? `${claims.sub.slice(0, 8)}@example.test`,
    role: claims.role ?? 'authenticated',
    aal: claims.aal ?? 'aal1',
    session_id: claims.sessionId ?? randomUUID(),
    is_anonymous: false,
    ...claims.extra,
  })
    .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(claims.sub)
    .setAudience('authenticated')
    .setIssuedAt(now)
    .setExpirationTime(now + (claims.expiresInSeconds ?? 600))
    .sign(key);
}
