import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { OutboxEmailSummary, type OutboxEmailAnswer } from '@tracemap/contracts';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import {
  ConfigError,
  MailConfigSchema,
  configLoader,
  defineService,
  peersConfigSchema,
  serviceConfigSchema,
  type OutboxImplementation,
} from '../src';

const TOKEN = 'kit-test-internal-token';
const loadConfig = configLoader(
  serviceConfigSchema(
    Type.Composite([
      MailConfigSchema,
      peersConfigSchema(),
      Type.Object({
        INTERNAL_SERVICE_TOKEN: Type.String({ minLength: 16 }),
        GREETING: Type.String({ minLength: 2, default: 'hello' }),
      }),
    ]),
  ),
  (config) => {
    if (config.GREETING === 'forbidden') throw new ConfigError(['GREETING: may not be "forbidden"']);
  },
);

/** What the kit asks of the outbox, kept in memory: the kit's part (worker, routes) is what is tested. */
function memoryOutbox() {
  // Each email also keeps what it was rendered from, which the routes' contract does not name.
  const emails = new Map<string, OutboxEmailAnswer & { data: Record<string, string> }>();
  const events: string[] = [];
  const implementation: OutboxImplementation = {
    migrate: async () => events.push('migrate'),
    startWorker: () => {
      events.push('outbox started');
      return {
        stop: async () => void events.push('outbox stopped'),
        drain: async () => undefined,
        wake: () => void events.push('outbox woken'),
      };
    },
    search: async () => [...emails.values()],
    stats: async () => {
      const count = (status: string) => [...emails.values()].filter((e) => e.status === status).length;
      return { queued: count('pending'), sent: count('sent'), failed: count('failed'), hourly: [emails.size] };
    },
    get: async (_db, _schema, id) => emails.get(id) ?? null,
    resend: async (_db, _schema, id) => {
      const email = emails.get(id);
      if (!email) return { outcome: 'not_found' };
      if (email.status !== 'failed') return { outcome: 'not_failed' };
      return { outcome: 'queued', id: randomUUID() };
    },
  };
  return { implementation, emails, events };
}

function storedEmail(id: string, status: OutboxEmailAnswer['status']) {
  return {
    id,
    template: 'welcome',
    to: 'someone@example.com',
    status,
    attempts: 1,
    lastError: status === 'failed' ? 'refused' : null,
    createdAt: '2026-01-01T00:00:00.000Z',
    sentAt: status === 'sent' ? '2026-01-01T00:00:01.000Z' : null,
    nextAttemptAt: '2026-01-01T00:00:00.000Z',
    resentAs: null,
    resendOf: null,
    messageId: null,
    subject: 'Welcome',
    text: 'Hello',
    html: '<p>Hello</p>',
    data: { firstName: 'Ada' },
  };
}

let database: TestDatabase;
const env = () => ({
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: database.url,
  LOG_LEVEL: 'silent',
  INTERNAL_SERVICE_TOKEN: TOKEN,
});

function declare(outbox: ReturnType<typeof memoryOutbox>, events: string[]) {
  return defineService({
    name: 'kit_test',
    config: loadConfig,
    migrations: path.join(__dirname, 'fixtures/migrations'),
    authentication: () => false,
    outbox: outbox.implementation,
    deps: (config, ctx) => ({ greeting: config.GREETING, db: ctx.app.db, wakeOutbox: () => ctx.outbox?.wake() }),
    routes: [
      async (app, { deps }) => void app.get('/greeting', async () => ({ greeting: deps.greeting })),
      {
        plugin: async (app, { deps }) =>
          void app.get('/greeting', async () => ({ greeting: deps.greeting.toUpperCase() })),
        prefix: '/loud',
      },
    ],
    workers: [
      {
        name: 'sweeper',
        start: () => {
          events.push('sweeper started');
          return { stop: () => void events.push('sweeper stopped') };
        },
      },
      {
        name: 'reconciliation',
        startOn: 'listen',
        start: () => void events.push('reconciliation started'),
        // Runs a query while stopping: the pool must still be open then.
        stop: async (deps) =>
          void events.push(`reconciliation stopped (${(await deps.db.query('SELECT 1 AS one')).rows[0].one})`),
      },
      {
        name: 'only-with-greeting-hi',
        enabled: (config) => config.GREETING === 'hi',
        start: () => undefined,
        stop: () => undefined,
      },
    ],
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

test('workers start with the app, each named in /health and /ready, and stop before the pool closes', async () => {
  const outbox = memoryOutbox();
  const events = outbox.events;
  const service = declare(outbox, events);
  const app = await service.build(service.loadConfig(env()));
  expect(events).toEqual(['migrate']);
  await app.ready();
  expect(events).toEqual(['migrate', 'outbox started', 'sweeper started']);
  const ready = await app.inject('/ready');
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({
    status: 'ready',
    workers: [
      { name: 'outbox', state: 'running' },
      { name: 'sweeper', state: 'running' },
      { name: 'reconciliation', state: 'waiting' },
      { name: 'only-with-greeting-hi', state: 'off' },
    ],
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  expect((await app.inject('/health')).json().workers[2]).toEqual({ name: 'reconciliation', state: 'running' });
  await app.close();
  expect(events.slice(3)).toEqual([
    'reconciliation started',
    'reconciliation stopped (1)',
    'sweeper stopped',
    'outbox stopped',
  ]);
});

test('routes get the deps, with a prefix where declared; depsOf gives them to tests', async () => {
  const outbox = memoryOutbox();
  const service = declare(outbox, outbox.events);
  const app = await service.build(service.loadConfig({ ...env(), GREETING: 'hi', OUTBOX_WORKER: 'false' }));
  try {
    expect((await app.inject('/greeting')).json()).toEqual({ greeting: 'hi' });
    expect((await app.inject('/loud/greeting')).json()).toEqual({ greeting: 'HI' });
    expect(service.depsOf(app).greeting).toBe('hi');
    const workers = (await app.inject('/ready')).json().workers;
    expect(workers).toContainEqual({ name: 'outbox', state: 'off' });
    expect(workers).toContainEqual({ name: 'only-with-greeting-hi', state: 'running' });
    expect(outbox.events).not.toContain('outbox started');
  } finally {
    await app.close();
  }
});

test('the outbox admin routes come with the outbox, behind the service token', async () => {
  const outbox = memoryOutbox();
  const service = declare(outbox, outbox.events);
  const app: FastifyInstance = await service.build(service.loadConfig({ ...env(), OUTBOX_WORKER: 'false' }));
  try {
    const sent = randomUUID();
    const failed = randomUUID();
    outbox.emails.set(sent, storedEmail(sent, 'sent'));
    outbox.emails.set(failed, storedEmail(failed, 'failed'));
    const headers = { 'x-service-token': TOKEN };

    const refused = await app.inject({ url: '/internal/outbox' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      statusCode: 401,
      code: 'invalid_service_token',
      message: 'A valid service token is required.',
    });

    const { data: _rendered, ...asContracted } = storedEmail(sent, 'sent');
    const list = (await app.inject({ url: '/internal/outbox', headers })).json();
    expect(list.emails).toHaveLength(2);
    expect(Object.keys(list.emails[0]).sort()).toEqual(Object.keys(OutboxEmailSummary.properties).sort());
    expect((await app.inject({ url: `/internal/outbox/${sent}`, headers })).json()).toEqual(asContracted);
    expect((await app.inject({ url: '/internal/outbox/stats', headers })).json()).toEqual({
      queued: 0,
      sent: 1,
      failed: 1,
      hourly: [2],
    });
    const missing = await app.inject({ url: `/internal/outbox/${randomUUID()}`, headers });
    expect(missing.json()).toEqual({ statusCode: 404, code: 'email_not_found', message: 'Email not found' });
    const notFailed = await app.inject({ method: 'POST', url: `/internal/outbox/${sent}/resend`, headers });
    expect(notFailed.json()).toEqual({
      statusCode: 409,
      code: 'email_not_failed',
      message: 'Only a failed email can be resent.',
    });
    const badQuery = await app.inject({ url: '/internal/outbox?status=lost', headers });
    expect(badQuery.statusCode).toBe(400);
    const resent = await app.inject({ method: 'POST', url: `/internal/outbox/${failed}/resend`, headers });
    expect(resent.json()).toMatchObject({ outcome: 'queued' });
  } finally {
    await app.close();
  }
});

test("the config loader names the bad variable, and runs the service's own check", () => {
  expect(() => loadConfig({ ...env(), SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL: .*\(got "http:\/\/mail"\)/);
  expect(() => loadConfig({ ...env(), INTERNAL_SERVICE_TOKEN: 'short' })).toThrow(ConfigError);
  expect(() => loadConfig({ ...env(), GREETING: 'forbidden' })).toThrow('GREETING: may not be "forbidden"');
  expect(loadConfig.schema).toBeDefined();
});
