import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { service } from '../src/app';
import { loadConfig } from '../src/config';

const TOKEN = 'internal-token-for-tests-0123456789';
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await service.build(
    loadConfig({
      PORT: '0',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:8080',
      AUTH_URL: 'http://127.0.0.1:9',
      INTERNAL_SERVICE_TOKEN: TOKEN,
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

test('a company without billing data has no subscription', async () => {
  const response = await app.inject({
    url: `/internal/companies/${randomUUID()}/subscription`,
    headers: { 'x-service-token': TOKEN },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ subscription: null });
});

test('a stored subscription is reported in the product shape', async () => {
  const companyId = randomUUID();
  await app.db.query(
    `INSERT INTO subscription.subscriptions (company_id, status, card_expiration_month, card_expiration_year) VALUES ($1, 'past_due', 4, 2027)`,
    [companyId],
  );
  const response = await app.inject({
    url: `/internal/companies/${companyId}/subscription`,
    headers: { 'x-service-token': TOKEN },
  });
  expect(response.json()).toEqual({
    subscription: {
      status: 'past_due',
      priceId: null,
      planName: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      trialEnd: null,
      cardExpirationMonth: 4,
      cardExpirationYear: 2027,
    },
  });
});

test('internal routes refuse callers without the service token, and bad ids', async () => {
  const id = randomUUID();
  expect((await app.inject(`/internal/companies/${id}/subscription`)).statusCode).toBe(401);
  expect(
    (await app.inject({ url: `/internal/companies/${id}/subscription`, headers: { 'x-service-token': 'wrong' } }))
      .statusCode,
  ).toBe(401);
  const bad = await app.inject({
    url: '/internal/companies/not-a-uuid/subscription',
    headers: { 'x-service-token': TOKEN },
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().code).toBe('validation_failed');
});

test('the admin overview gets companies per subscription status, for service callers only', async () => {
  const insert = (status: string) =>
    app.db.query(`INSERT INTO subscription.subscriptions (company_id, status) VALUES ($1, $2)`, [randomUUID(), status]);
  const before = (
    await app.inject({ url: '/internal/subscriptions/stats', headers: { 'x-service-token': TOKEN } })
  ).json().byStatus;
  await insert('active');
  await insert('active');
  await insert('trialing');
  const response = await app.inject({ url: '/internal/subscriptions/stats', headers: { 'x-service-token': TOKEN } });
  expect(response.statusCode).toBe(200);
  const byStatus = response.json().byStatus;
  expect(byStatus.active).toBe((before.active ?? 0) + 2);
  expect(byStatus.trialing).toBe((before.trialing ?? 0) + 1);
  expect((await app.inject('/internal/subscriptions/stats')).statusCode).toBe(401);
});
