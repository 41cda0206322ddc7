import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createTokenKit, TEST_ISSUER } from '../src';

test('minted tokens carry the claims auth issues and pass the service verifier', async () => {
  const kit = await createTokenKit();
  const token = await kit.mint({ sub: 'user-1', email: 'a@example.com', sessionId: 'session-1' });
  const claims = await kit.verifier(token);
  expect(claims).toMatchObject({
    sub: 'user-1',
    email: 'a@example.com',
    session_id: 'session-1',
    role: 'authenticated',
    aal: 'aal1',
    aud: 'authenticated',
    iss: TEST_ISSUER,
  });
  expect(claims.exp! - claims.iat!).toBe(600);
  expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: 'test-key', typ: 'JWT' });
});

test('defaults and overrides: fresh session ids, issuer, key id, lifetime and extra claims', async () => {
  const kit = await createTokenKit({ issuer: 'http://issuer.test', kid: 'k1' });
  const [a, b] = await Promise.all([
    kit.mint({ sub: 'abcdefghij' }),
    kit.mint({ sub: 'abcdefghij', expiresInSeconds: 5, extra: { aal: 'aal2', amr: [] } }),
  ]);
  expect(decodeJwt(a).session_id).not.toEqual(decodeJwt(b).session_id);
  expect(decodeJwt(a)).toMatchObject({ email: 'abcdefgh@example.test', iss: 'http://issuer.test' });
  expect(decodeJwt(b)).toMatchObject({ aal: 'aal2', amr: [] });
  expect(decodeJwt(b).exp! - decodeJwt(b).iat!).toBe(5);
  expect(kit.jwk).toMatchObject({ kid: 'k1', alg: 'ES256', use: 'sig', kty: 'EC' });
  await expect(kit.verifier(a)).resolves.toMatchObject({ sub: 'abcdefghij' });
});

test('signClaims signs exactly what it is given, so a token missing a claim is refused', async () => {
  const kit = await createTokenKit();
  const token = await kit.signClaims({ sub: 'u', aud: 'authenticated', iss: TEST_ISSUER });
  expect(decodeJwt(token)).toEqual({ sub: 'u', aud: 'authenticated', iss: TEST_ISSUER });
  await expect(kit.verifier(token)).rejects.toThrow();
});
