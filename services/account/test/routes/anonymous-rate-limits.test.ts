import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { count, startAccount } from '../support/account-app';

// Defaults apply here (no limit set): feedback and bug reports allow 10 per address per minute.
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await startAccount({ DATABASE_URL: database.url, ANALYTICS_RATE_LIMIT_PER_MINUTE: '3' }));
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const post = (url: string, payload: object, address: string) =>
  app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': `${address}, 10.0.0.1` } });

const outboxCount = async (kind: string) =>
  (await app.db.query(`SELECT count(*)::int AS n FROM account.outbox WHERE dedupe_key LIKE $1`, [`${kind}:%`])).rows[0]
    .n;

function expectRateLimited(res: Awaited<ReturnType<typeof post>>, message: string) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ statusCode: 429, code: 'over_request_rate_limit', message });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('per-address limits on anonymous writes', () => {
  test('the 11th feedback from one address in a minute gets 429 with Retry-After and is neither stored nor emailed; another address still gets 201', async () => {
    for (let i = 0; i < 10; i++)
      expect((await post('/api/support/feedback', { text: `note ${i}` }, '203.0.113.20')).statusCode).toBe(201);
    const stored = await count(app, 'feedback');
    const emailed = await outboxCount('feedback');
    expectRateLimited(
      await post('/api/support/feedback', { text: 'one too many' }, '203.0.113.20'),
      'Too many messages from your address. Try again in a minute.',
    );
    expect(await count(app, 'feedback')).toBe(stored);
    expect(await outboxCount('feedback')).toBe(emailed);
    expect((await post('/api/support/feedback', { text: 'from elsewhere' }, '203.0.113.21')).statusCode).toBe(201);
  });

  test('bug reports have their own per-address limit of 10 a minute', async () => {
    const report = { bugType: 'ui', description: 'The button does nothing' };
    for (let i = 0; i < 10; i++)
      expect((await post('/api/support/bug-report', report, '203.0.113.30')).statusCode).toBe(201);
    const stored = await count(app, 'bug_reports');
    expectRateLimited(
      await post('/api/support/bug-report', report, '203.0.113.30'),
      'Too many messages from your address. Try again in a minute.',
    );
    expect(await count(app, 'bug_reports')).toBe(stored);
    expect((await post('/api/support/bug-report', report, '203.0.113.31')).statusCode).toBe(201);
  });

  test('leads beyond 5 a minute from one address get 429 with Retry-After', async () => {
    const leadData = { source: 'demo', email: 'ada@acme.test' };
    for (let i = 0; i < 5; i++)
      expect((await post('/api/account/lead', { leadData }, '203.0.113.40')).statusCode).toBe(201);
    const stored = await count(app, 'leads');
    expectRateLimited(
      await post('/api/account/lead', { leadData }, '203.0.113.40'),
      'Too many messages from your address. Try again in a minute.',
    );
    expect(await count(app, 'leads')).toBe(stored);
  });

  test('analytics batches beyond their limit get 429 with Retry-After', async () => {
    const batch = {
      deviceId: 'device-rate-0001',
      sessionId: 'session-rate-0001',
      bucket: 1,
      experiments: [],
      events: [{ kind: 'page_view', name: 'page_view', occurredAt: '2026-11-23T10:00:00.000Z', path: '/pricing' }],
    };
    for (let i = 0; i < 3; i++)
      expect((await post('/api/analytics/events', batch, '203.0.113.50')).statusCode).toBe(202);
    expectRateLimited(
      await post('/api/analytics/events', batch, '203.0.113.50'),
      'Too many analytics requests. Try again in a minute.',
    );
    const { rows } = await app.db.query(
      `SELECT count(*)::int AS n FROM analytics.events WHERE session_id = 'session-rate-0001'`,
    );
    expect(rows[0].n).toBe(3);
  });

  test('invalid input does not use up the allowance', async () => {
    for (let i = 0; i < 12; i++)
      expect((await post('/api/support/feedback', { text: '' }, '203.0.113.60')).statusCode).toBe(400);
    expect((await post('/api/support/feedback', { text: 'valid at last' }, '203.0.113.60')).statusCode).toBe(201);
  });
});
