import type { FastifyInstance } from 'fastify';
import type { JWTPayload } from 'jose';
import { createTokenKit, TEST_ISSUER, type TokenKit } from '@tracemap/test-kit';
import { createService, loadConfig, StatelessConfigSchema } from '../src';

let app: FastifyInstance;
let tokens: TokenKit;

/** Signs with the service's real key: only the claims differ from a genuine access token. */
async function token(claims: JWTPayload, drop: string[] = []): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload: JWTPayload = {
    iss: TEST_ISSUER,
    aud: 'authenticated',
    sub: 'user-1',
    exp: now + 300,
    iat: now,
    role: 'authenticated',
    session_id: 'session-1',
    email: 'a@example.com',
    ...claims,
  };
  for (const name of drop) delete payload[name];
  return tokens.signClaims(payload);
}

beforeAll(async () => {
  tokens = await createTokenKit();
  app = await createService({
    name: 'claims_test',
    config: loadConfig(StatelessConfigSchema, { PORT: '0', LOG_LEVEL: 'silent' }),
    database: false,
    readiness: async () => undefined,
    authentication: { verifier: tokens.verifier },
  });
  app.get('/me', { preHandler: app.requireUser }, async (request) => ({
    userId: request.auth!.userId,
    sessionId: request.auth!.sessionId,
  }));
  await app.ready();
});

afterAll(async () => app?.close());

const call = (bearer: string) => app.inject({ url: '/me', headers: { authorization: `Bearer ${bearer}` } });

test('a complete access token is accepted', async () => {
  const response = await call(await token({}));
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ userId: 'user-1', sessionId: 'session-1' });
});

test.each([
  ['the anon audience', { aud: 'anon' }, []],
  ['the service_role audience', { aud: 'service_role' }, []],
  ['an audience list without authenticated', { aud: ['anon', 'other'] }, []],
  ['no audience', {}, ['aud']],
  ['no expiry', {}, ['exp']],
  ['no issued-at', {}, ['iat']],
  ['no subject', {}, ['sub']],
  ['an empty subject', { sub: '' }, []],
  ['no session id', {}, ['session_id']],
  ['an empty session id', { session_id: '' }, []],
  ['a numeric session id', { session_id: 7 }, []],
  ['another issuer', { iss: 'http://elsewhere/auth/v1' }, []],
] as Array<[string, JWTPayload, string[]]>)(
  'a token signed with the real key but with %s is refused with 401',
  async (_label, claims, drop) => {
    const response = await call(await token(claims, drop));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401 });
  },
);

test('the verifier itself refuses such tokens, so every caller of it is covered', async () => {
  const verify = app.verifyAccessToken;
  await expect(verify(await token({}))).resolves.toMatchObject({ sub: 'user-1', session_id: 'session-1' });
  await expect(verify(await token({ aud: 'anon' }))).rejects.toThrow();
  await expect(verify(await token({}, ['exp']))).rejects.toThrow();
});
