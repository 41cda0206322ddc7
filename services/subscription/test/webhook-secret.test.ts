import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { ConfigError } from '@tracemap/service-kit';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { service } from '../src/app';
import { loadConfig } from '../src/config';

// The sandbox's signing secret used to be a fixed value in the code, so anyone could sign a
// "subscription canceled" event for any company. These tests use that old value on purpose.
const PUBLISHED = 'whsec_tracemap_sandbox';
const PUBLISHED_API_KEY = 'sk_test_tracemap_sandbox';
const TOKEN = 'internal-token-for-tests-0123456789';
const base = {
  PORT: '0',
  LOG_LEVEL: 'silent',
  DATABASE_URL: 'postgres://127.0.0.1/unused',
  PUBLIC_URL: 'http://localhost:8080',
  AUTH_URL: 'http://127.0.0.1:9',
  INTERNAL_SERVICE_TOKEN: TOKEN,
};
const production = {
  ...base,
  NODE_ENV: 'production',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_of_the_real_endpoint_0123',
};
const signer = new Stripe('sk_test_unused', { telemetry: false });

describe('a service started with the defaults', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await service.build(
      loadConfig({
        ...base,
        DATABASE_URL: database.url,
        RECONCILE_INTERVAL_MS: '0',
        OUTBOX_WORKER: 'false',
        SANDBOX_WEBHOOK_WORKER: 'false',
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  test('refuses a cancellation signed with the formerly built-in sandbox secret and records nothing', async () => {
    const companyId = randomUUID();
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'sub_forged', object: 'subscription', customer: 'cus_forged', metadata: { companyId } } },
    });
    const response = await app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: PUBLISHED }),
      },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'invalid_signature',
      message: 'The event signature is not valid or too old.',
    });
    const written = await app.db.query(
      `SELECT (SELECT count(*) FROM subscription.processed_events)::int AS events, (SELECT count(*) FROM subscription.outbox)::int AS emails, (SELECT count(*) FROM subscription.subscriptions)::int AS subscriptions`,
    );
    expect(written.rows[0]).toEqual({ events: 0, emails: 0, subscriptions: 0 });
  });

  test('the sandbox API refuses the formerly built-in key and creates nothing', async () => {
    const before = await app.db.query(`SELECT count(*)::int AS n FROM sandbox_objects`);
    const response = await app.inject({
      method: 'POST',
      url: '/v1/customers',
      headers: { authorization: `Bearer ${PUBLISHED_API_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=forged%40example.com',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ type: 'invalid_request_error' });
    const after = await app.db.query(`SELECT count(*)::int AS n FROM sandbox_objects`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

test('without a configured sandbox API key each start makes its own, never the old built-in one', () => {
  const first = loadConfig(base).SANDBOX_SECRET_KEY;
  const second = loadConfig(base).SANDBOX_SECRET_KEY;
  expect(first).toMatch(/^sk_test_[\w-]{40,}$/);
  expect(second).not.toBe(first);
  expect([first, second]).not.toContain(PUBLISHED_API_KEY);
});

test('the old built-in sandbox API key is refused with a clear message', () => {
  const read = () => loadConfig({ ...base, SANDBOX_SECRET_KEY: PUBLISHED_API_KEY });
  expect(read).toThrow(ConfigError);
  expect(read).toThrow(
    "SANDBOX_SECRET_KEY: is the sandbox's former built-in API key, which is public and lets anyone call the sandbox; set a key of your own",
  );
});

test('without a configured sandbox secret each start makes its own, never the old built-in one', () => {
  const first = loadConfig(base).SANDBOX_WEBHOOK_SECRET;
  const second = loadConfig(base).SANDBOX_WEBHOOK_SECRET;
  expect(first).toMatch(/^whsec_[\w-]{40,}$/);
  expect(second).not.toBe(first);
  expect([first, second]).not.toContain(PUBLISHED);
});

test('the old built-in secret is refused with a clear message in production', () => {
  expect(() => loadConfig(production)).not.toThrow();
  for (const name of ['STRIPE_WEBHOOK_SECRET', 'SANDBOX_WEBHOOK_SECRET']) {
    const read = () => loadConfig({ ...production, [name]: PUBLISHED });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(
      `${name}: is the sandbox's former built-in secret, which is public and lets anyone sign webhooks; set a secret of your own`,
    );
  }
});

test('production without a webhook secret does not start', () => {
  const { STRIPE_WEBHOOK_SECRET: _omitted, ...withoutSecret } = production;
  expect(() => loadConfig(withoutSecret)).toThrow(
    "STRIPE_WEBHOOK_SECRET: is required when NODE_ENV=production (the signing secret of the provider's webhook endpoint)",
  );
});
