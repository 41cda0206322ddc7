import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { count, startAccount } from '../support/account-app';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await startAccount({
    DATABASE_URL: database.url,
    LEAD_EMAIL: 'sales@tracemap.test',
    LEAD_RATE_LIMIT_PER_MINUTE: '2',
  }));
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const post = (leadData: Record<string, string>, address: string) =>
  app.inject({
    method: 'POST',
    url: '/api/account/lead',
    payload: { leadData },
    headers: { 'x-forwarded-for': address },
  });

describe('website leads', () => {
  test('a lead is stored without the trap field and emailed to the team through the outbox', async () => {
    const res = await post(
      { source: 'contact', name: 'Ada', email: 'ada@acme.test', message: 'Hello', website: '' },
      '198.51.100.1',
    );
    expect(res.statusCode).toBe(201);
    const { rows } = await app.db.query('SELECT lead_data FROM account.leads WHERE id = $1', [res.json().id]);
    expect(rows[0].lead_data).toEqual({ source: 'contact', name: 'Ada', email: 'ada@acme.test', message: 'Hello' });
    const mail = await app.db.query(`SELECT template, recipient, data FROM account.outbox WHERE dedupe_key = $1`, [
      `lead:${res.json().id}`,
    ]);
    expect(mail.rows).toEqual([
      {
        template: 'lead',
        recipient: 'sales@tracemap.test',
        data: { fields: { source: 'contact', name: 'Ada', email: 'ada@acme.test', message: 'Hello' } },
      },
    ]);
  });

  test('a filled honeypot gets the same answer, and nothing is stored or sent', async () => {
    const leads = await count(app, 'leads');
    const mails = await count(app, 'outbox');
    const res = await post(
      { source: 'demo', name: 'Bot', email: 'bot@spam.test', website: 'https://spam.test' },
      '198.51.100.2',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await count(app, 'leads')).toBe(leads);
    expect(await count(app, 'outbox')).toBe(mails);
  });

  test('one address gets 429 beyond the per-minute limit; another address is not affected', async () => {
    const data = { source: 'contact', email: 'x@acme.test', message: 'hi' };
    expect((await post(data, '203.0.113.7')).statusCode).toBe(201);
    expect((await post(data, '203.0.113.7')).statusCode).toBe(201);
    const refused = await post(data, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      code: 'over_request_rate_limit',
      message: 'Too many messages from your address. Try again in a minute.',
    });
    expect((await post(data, '203.0.113.8')).statusCode).toBe(201);
  });
});
