import Fastify, { type FastifyInstance } from 'fastify';
import { createTestDatabase, createTokenKit, type TestDatabase } from '@tracemap/test-kit';
import {
  BaseConfigSchema,
  createService,
  identityProviderAuthentication,
  loadConfig,
  IdentityProviderConfigSchema,
} from '../src';

const TOKEN = 'service-token-0123456789abcdef';
let database: TestDatabase;
let authPeer: FastifyInstance;
let activeSessions: Set<string>;
let mfaSessions: Set<string>;
let sign: (sessionId: string, aal?: string) => Promise<string>;
let authUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const tokens = await createTokenKit();
  activeSessions = new Set();
  mfaSessions = new Set();
  authPeer = Fastify();
  authPeer.get('/auth/v1/.well-known/jwks.json', async () => ({ keys: [tokens.jwk] }));
  authPeer.get('/internal/sessions/:id', async (request, reply) => {
    if (request.headers['x-service-token'] !== TOKEN) return reply.code(401).send({});
    const { id } = request.params as { id: string };
    return {
      active: activeSessions.has(id),
      userId: activeSessions.has(id) ? 'user-1' : null,
      requiredAal: mfaSessions.has(id) ? 'aal2' : 'aal1',
      expiresAt: null,
    };
  });
  authUrl = await authPeer.listen({ port: 0, host: '127.0.0.1' });
  sign = (sessionId, aal = 'aal1') => tokens.mint({ sub: 'user-1', email: 'a@example.com', sessionId, aal });
});

afterAll(async () => {
  await authPeer?.close();
  await database?.drop();
});

async function appAgainst(url: string) {
  const identity = loadConfig(IdentityProviderConfigSchema, {
    PUBLIC_URL: 'http://localhost:8080',
    AUTH_URL: url,
    INTERNAL_SERVICE_TOKEN: TOKEN,
  });
  const config = loadConfig(BaseConfigSchema, { PORT: '0', DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
  const app = await createService({
    name: 'idp_test',
    config,
    authentication: identityProviderAuthentication(identity),
  });
  app.get('/me', { preHandler: app.requireUser }, async (request) => ({ userId: request.auth!.userId }));
  await app.ready();
  return app;
}

test('a valid token of a live session passes; a revoked session is refused at once', async () => {
  const app = await appAgainst(authUrl);
  activeSessions.add('s1');
  const token = await sign('s1');
  expect((await app.inject({ url: '/me', headers: { authorization: `Bearer ${token}` } })).json()).toEqual({
    userId: 'user-1',
  });
  activeSessions.delete('s1');
  const refused = await app.inject({ url: '/me', headers: { authorization: `Bearer ${token}` } });
  expect(refused.statusCode).toBe(401);
  expect(refused.json().message).toBe('Your session has expired. Please log in again.');
  await app.close();
});

test('when the identity provider cannot be reached, callers get a 503 to retry, not a 401 that logs them out', async () => {
  activeSessions.add('s2');
  const token = await sign('s2');
  // Keys are fetched from the live peer, then the session check goes to a dead address.
  const live = await appAgainst(authUrl);
  expect((await live.inject({ url: '/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
  await live.close();
  const dead = await appAgainst('http://127.0.0.1:9');
  const response = await dead.inject({ url: '/me', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ code: 'auth_unavailable' });
  expect(response.headers['retry-after']).toBe('5');
  await dead.close();
});

test('a user with a second factor gets nothing with a password-only (aal1) token', async () => {
  const app = await appAgainst(authUrl);
  activeSessions.add('s3');
  mfaSessions.add('s3');
  const passwordOnly = await app.inject({
    url: '/me',
    headers: { authorization: `Bearer ${await sign('s3', 'aal1')}` },
  });
  expect(passwordOnly.statusCode).toBe(401);
  expect(passwordOnly.json()).toEqual({
    statusCode: 401,
    code: 'mfa_required',
    message: 'Two-factor authentication is required. Please log in again.',
  });
  const withSecondFactor = await app.inject({
    url: '/me',
    headers: { authorization: `Bearer ${await sign('s3', 'aal2')}` },
  });
  expect(withSecondFactor.statusCode).toBe(200);
  await app.close();
});
