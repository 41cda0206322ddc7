import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { count, startAccount } from '../support/account-app';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await startAccount({ DATABASE_URL: database.url }));
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('POST /api/support/feedback', () => {
  test('stores the text and answers 201 with its id', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/support/feedback',
      payload: { text: '  Love the maps view  ' },
    });
    expect(res.statusCode).toBe(201);
    const { rows } = await app.db.query('SELECT text, user_id FROM account.feedback WHERE id = $1', [res.json().id]);
    expect(rows).toEqual([{ text: 'Love the maps view', user_id: null }]);
  });

  test.each([
    [{}, 'text required'],
    [{ text: '   ' }, 'text required'],
    [{ text: 'x', rating: 5 }, 'Unknown field: rating'],
    [{ text: 'x'.repeat(10001) }, 'text must NOT have more than 10000 characters'],
  ])('bad input %j → 400 "%s" and nothing stored', async (payload, message) => {
    const before = await count(app, 'feedback');
    const res = await app.inject({ method: 'POST', url: '/api/support/feedback', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: 'validation_failed', message });
    expect(await count(app, 'feedback')).toBe(before);
  });

  test('a non-JSON body is refused with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/support/feedback',
      payload: 'text=hi',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
  });

  test('a replay with the same Idempotency-Key returns the same answer and stores once; another body is refused', async () => {
    const before = await count(app, 'feedback');
    const send = (text: string) =>
      app.inject({
        method: 'POST',
        url: '/api/support/feedback',
        payload: { text },
        headers: { 'idempotency-key': 'fb-1' },
      });
    const first = await send('once');
    const replay = await send('once');
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(await count(app, 'feedback')).toBe(before + 1);
    const other = await send('different');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used with a different request.',
    });
    expect(await count(app, 'feedback')).toBe(before + 1);
  });

  test('an Idempotency-Key may be 255 characters; a longer one is refused with 400 and nothing stored', async () => {
    const send = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/api/support/feedback',
        payload: { text: 'long key' },
        headers: { 'idempotency-key': key },
      });
    const before = await count(app, 'feedback');
    const tooLong = await send('k'.repeat(256));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: 'idempotency-key must NOT have more than 255 characters',
    });
    expect(await count(app, 'feedback')).toBe(before);
    expect((await send('k'.repeat(255))).statusCode).toBe(201);
    expect(await count(app, 'feedback')).toBe(before + 1);
  });
});

describe('POST /api/support/bug-report', () => {
  const report = {
    bugType: 'ui',
    description: 'The map editor freezes when I drop an event',
    bugUrl: 'http://localhost:8080/company/c1/maps/m1',
    submissionUrl: 'http://localhost:8080/company/c1/maps/m1',
    companyId: 'c1',
    mapId: 'm1',
    userAgent: 'Mozilla/5.0',
  };

  test('stores every field of the spec', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/support/bug-report', payload: report });
    expect(res.statusCode).toBe(201);
    const { rows } = await app.db.query('SELECT * FROM account.bug_reports WHERE id = $1', [res.json().id]);
    expect(rows[0]).toMatchObject({
      bug_type: 'ui',
      description: report.description,
      bug_url: report.bugUrl,
      submission_url: report.submissionUrl,
      company_id: 'c1',
      map_id: 'm1',
      user_agent: 'Mozilla/5.0',
      user_id: null,
    });
  });

  test.each(['javascript:alert(document.domain)', 'data:text/html,x', '//evil.example/x'])(
    'a page address that is not http(s) or a same-site path (%s) is refused and nothing is stored',
    async (address) => {
      const before = await count(app, 'bug_reports');
      const res = await app.inject({
        method: 'POST',
        url: '/api/support/bug-report',
        payload: { ...report, bugUrl: address },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'bugUrl must be a web address starting with http:// or https://, or a path starting with /',
      );
      expect(await count(app, 'bug_reports')).toBe(before);
    },
  );

  test('optional fields sent as null are read as not given: 201, stored as empty', async () => {
    const payload = {
      bugType: 'ui',
      description: 'Blank page',
      bugUrl: null,
      submissionUrl: null,
      companyId: null,
      mapId: null,
      userAgent: null,
    };
    const res = await app.inject({ method: 'POST', url: '/api/support/bug-report', payload });
    expect(res.statusCode).toBe(201);
    const { rows } = await app.db.query(
      'SELECT company_id, map_id, bug_url, user_agent FROM account.bug_reports WHERE id = $1',
      [res.json().id],
    );
    expect(rows[0]).toEqual({ company_id: null, map_id: null, bug_url: null, user_agent: null });
  });

  test.each([
    [{ bugType: 'ui' }, 'description required'],
    [{ description: 'x' }, 'bugType required'],
    [{ bugType: 'ui', description: ' \n ' }, 'description required'],
    [{ ...report, severity: 'high' }, 'Unknown field: severity'],
    [{ ...report, companyId: { id: 'c1' } }, 'companyId must be string'],
  ])('bad input %j → 400 "%s" and nothing stored', async (payload, message) => {
    const before = await count(app, 'bug_reports');
    const res = await app.inject({ method: 'POST', url: '/api/support/bug-report', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await count(app, 'bug_reports')).toBe(before);
  });
});

describe('POST /api/account/lead', () => {
  test('stores the lead data as given', async () => {
    const leadData = { email: 'cto@acme.test', company: 'Acme', seats: '12', message: 'Call me <b>please</b>' };
    const res = await app.inject({ method: 'POST', url: '/api/account/lead', payload: { leadData } });
    expect(res.statusCode).toBe(201);
    const { rows } = await app.db.query('SELECT lead_data FROM account.leads WHERE id = $1', [res.json().id]);
    expect(rows[0].lead_data).toEqual(leadData);
  });

  test('a replay whose fields come in another order is the same request: same answer, stored once', async () => {
    const before = await count(app, 'leads');
    const send = (leadData: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/account/lead',
        payload: { leadData },
        headers: { 'idempotency-key': 'lead-order-1' },
      });
    const first = await send({ email: 'cto@order.test', company: 'Order Co' });
    const replay = await send({ company: 'Order Co', email: 'cto@order.test' });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(await count(app, 'leads')).toBe(before + 1);
  });

  test.each([
    [{}, 'leadData required'],
    [{ leadData: {} }, 'leadData must NOT have fewer than 1 properties'],
    [{ leadData: { email: 'a@b.c' }, source: 'x' }, 'Unknown field: source'],
    [{ leadData: { nested: { a: 1 } } }, 'leadData.nested must be string'],
    [{ leadData: 'just text' }, 'leadData must be object'],
  ])('bad input %j → 400 "%s" and nothing stored', async (payload, message) => {
    const before = await count(app, 'leads');
    const res = await app.inject({ method: 'POST', url: '/api/account/lead', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await count(app, 'leads')).toBe(before);
  });
});

describe('unexpected failures', () => {
  test('answer the route’s generic message ending "Try again later." and leak nothing', async () => {
    await app.db.query('ALTER TABLE account.feedback RENAME TO feedback_gone');
    try {
      const res = await app.inject({ method: 'POST', url: '/api/support/feedback', payload: { text: 'hi' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        statusCode: 500,
        code: 'internal_error',
        message: 'Could not send your feedback. Try again later.',
      });
    } finally {
      await app.db.query('ALTER TABLE account.feedback_gone RENAME TO feedback');
    }
  });
});
