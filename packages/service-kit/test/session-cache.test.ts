import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { createTestDatabase, createTokenKit, type TestDatabase } from '@tracemap/test-kit';
import {
  BaseConfigSchema,
  createService,
  identityProviderAuthentication,
  IdentityProviderConfigSchema,
  loadConfig,
  SESSION_EVENTS_CHANNEL,
} from '../src';

// Sessions found active are kept in memory only while the auth service's
// announcements reach the service; these tests play auth with a real HTTP
// peer that announces on a real PostgreSQL channel.
const TOKEN = 'service-token-0123456789abcdef';
let database: TestDatabase;
let admin: pg.Pool;
let authPeer: FastifyInstance;
let authUrl: string;
const active = new Set<string>();
let statusCalls = 0;
let sign: (sessionId: string) => Promise<string>;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = new pg.Pool({ connectionString: database.url, max: 2 });
  const tokens = await createTokenKit();
  authPeer = Fastify();
  authPeer.get('/auth/v1/.well-known/jwks.json', async () => ({ keys: [tokens.jwk] }));
  authPeer.get('/internal/sessions/:id', async (request) => {
    statusCalls += 1;
    const { id } = request.params as { id: string };
    return {
      active: active.has(id),
      userId: active.has(id) ? 'user-1' : null,
      requiredAal: 'aal1',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    };
  });
  authPeer.post('/internal/session-events/probe', async (request) => {
    await admin.query('SELECT pg_notify($1, $2)', [
      SESSION_EVENTS_CHANNEL,
      `probe:${(request.body as { nonce: string }).nonce}`,
    ]);
    return { sent: true };
  });
  authUrl = await authPeer.listen({ port: 0, host: '127.0.0.1' });
  sign = (sessionId) => tokens.mint({ sub: 'user-1', email: 'a@example.com', sessionId });
});

afterAll(async () => {
  await authPeer?.close();
  await admin?.end();
  await database?.drop();
});

async function startApp() {
  const identity = loadConfig(IdentityProviderConfigSchema, {
    PUBLIC_URL: 'http://localhost:8080',
    AUTH_URL: authUrl,
    INTERNAL_SERVICE_TOKEN: TOKEN,
  });
  const config = loadConfig(BaseConfigSchema, { PORT: '0', DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
  const app = await createService({
    name: 'cache_test',
    config,
    authentication: identityProviderAuthentication({ ...identity, DATABASE_URL: database.url }),
  });
  app.get('/me', { preHandler: app.requireUser }, async (request) => ({ userId: request.auth!.userId }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.sessionCache!.channel!.whenUp(5000);
  return app;
}

/** Ends a session as auth does: the change, then its announcement. */
async function revoke(sessionId: string, announce: boolean) {
  active.delete(sessionId);
  if (announce) await admin.query('SELECT pg_notify($1, $2)', [SESSION_EVENTS_CHANNEL, `session:${sessionId}`]);
}

function heard(app: FastifyInstance, tag: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${tag} not heard within 5 s`)), 5000);
    const listener = (heardTag: string) => {
      if (heardTag !== tag) return;
      clearTimeout(timer);
      app.sessionCache!.cache.off('invalidated', listener);
      resolve();
    };
    app.sessionCache!.cache.on('invalidated', listener);
  });
}

// Real HTTP: each request waits on the network, as in production, so the listener's connection events are seen in between.
async function me(app: FastifyInstance, token: string) {
  const { port } = app.server.address() as { port: number };
  const response = await fetch(`http://127.0.0.1:${port}/me`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  return { statusCode: response.status, json: () => body };
}

test('with the channel up, an active session is answered from memory and refused on the request after its end is announced', async () => {
  const app = await startApp();
  active.add('s-up');
  const token = await sign('s-up');
  expect((await me(app, token)).statusCode).toBe(200);
  const callsAfterFirst = statusCalls;
  expect((await me(app, token)).statusCode).toBe(200);
  expect(statusCalls).toBe(callsAfterFirst);

  const announced = heard(app, 'session:s-up');
  await revoke('s-up', true);
  await announced;
  const refused = await me(app, token);
  expect(refused.statusCode).toBe(401);
  expect(refused.json()).toMatchObject({ code: 'session_expired' });
  await app.close();
});

test('with the channel cut, a revoked session is refused within a second, unannounced; the cache comes back with the channel', async () => {
  const app = await startApp();
  active.add('s-cut');
  const token = await sign('s-cut');
  expect((await me(app, token)).statusCode).toBe(200);

  const channel = app.sessionCache!.channel!;
  const down = new Promise((resolve) => channel.once('down', resolve));
  if (database.isPostgres) await admin.query('SELECT pg_terminate_backend($1)', [channel.backendPid]);
  // The embedded database has one backend for every connection: there the listener is stopped instead.
  else await channel.stop().then(() => channel.start());
  // The announcement is lost with the connection: only the fallback can refuse it.
  await revoke('s-cut', false);
  const deadline = Date.now() + 1000;
  let status = (await me(app, token)).statusCode;
  while (status !== 401 && Date.now() < deadline) status = (await me(app, token)).statusCode;
  expect(status).toBe(401);
  await down;
  expect(app.sessionCache!.cache.live).toBe(false);

  await channel.whenUp(5000);
  active.add('s-back');
  const back = await sign('s-back');
  expect((await me(app, back)).statusCode).toBe(200);
  const calls = statusCalls;
  expect((await me(app, back)).statusCode).toBe(200);
  expect(statusCalls).toBe(calls);
  await app.close();
});

test('concurrent first requests of one session make one check', async () => {
  const app = await startApp();
  active.add('s-many');
  const token = await sign('s-many');
  const before = statusCalls;
  const answers = await Promise.all(Array.from({ length: 20 }, () => me(app, token)));
  expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
  expect(statusCalls - before).toBe(1);
  await app.close();
});
