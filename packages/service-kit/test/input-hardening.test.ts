import { Type } from '@sinclair/typebox';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { BaseConfigSchema, StatelessConfigSchema, createService, loadConfig } from '../src';

let database: TestDatabase;
let app: FastifyInstance;

const count = async () => (await app.db.query('SELECT count(*)::int AS n FROM kit_test.notes')).rows[0].n as number;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig(BaseConfigSchema, { PORT: '0', DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
  app = await createService({
    name: 'kit_test',
    config,
    migrationsDir: path.join(__dirname, 'fixtures/migrations'),
    authentication: false,
  });
  app.post(
    '/notes',
    {
      schema: {
        body: Type.Object(
          {
            body: Type.String({ minLength: 1 }),
            author: Type.Optional(Type.String({ maxLength: 100, nameText: true })),
            tags: Type.Optional(Type.Array(Type.String())),
            pinned: Type.Optional(Type.Boolean()),
            meta: Type.Optional(Type.Object({}, { additionalProperties: true })),
          },
          { additionalProperties: false },
        ),
      },
      // A route's own validation message must not hide why a name was refused.
      config: { validationMessage: 'A note needs a body.' },
    },
    async (request) => {
      const { body, author } = request.body as { body: string; author?: string };
      const { rows } = await app.db.query('INSERT INTO kit_test.notes (body, author) VALUES ($1, $2) RETURNING id', [
        body,
        author ?? 'someone',
      ]);
      return rows[0];
    },
  );
  app.get(
    '/search',
    {
      schema: {
        querystring: Type.Object({
          q: Type.Optional(Type.String()),
          limit: Type.Optional(Type.Integer()),
          all: Type.Optional(Type.Boolean()),
        }),
      },
    },
    async (request) => request.query,
  );
  app.get('/free', async (request) => ({ query: request.query }));
  app.delete('/notes', async (request) => ({ deleted: true, body: request.body ?? null }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('text that PostgreSQL cannot store is refused at validation', () => {
  test.each([
    ['a NUL character', { body: 'hello\u0000world' }, 'body'],
    ['a lone high surrogate', { body: 'bad \ud800 text' }, 'body'],
    ['a lone low surrogate', { body: 'bad \udc00' }, 'body'],
    ['a NUL deep in a free-form object', { body: 'ok', meta: { a: [{ b: 'x\u0000' }] } }, 'meta.a.0.b'],
    ['a NUL in an array item', { body: 'ok', tags: ['fine', '\u0000'] }, 'tags.1'],
    ['a NUL in a key', { body: 'ok', meta: { 'k\u0000': 1 } }, 'meta'],
  ])('%s → 400 naming the field, nothing stored', async (_label, payload, field) => {
    const before = await count();
    const response = await app.inject({
      method: 'POST',
      url: '/notes',
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'invalid_text',
      message: `${field} contains a character that is not allowed`,
    });
    expect(await count()).toBe(before);
  });

  test('a well-formed emoji (a surrogate pair) and other scripts pass', async () => {
    const response = await app.inject({ method: 'POST', url: '/notes', payload: { body: 'Grüße 👋 日本 مرحبا' } });
    expect(response.statusCode).toBe(200);
  });

  test('query strings are checked too, on routes with and without a schema', async () => {
    for (const url of ['/search?q=a%00b', '/free?k%00=1', '/free?x=ok&y=%00']) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, code: 'invalid_text' });
    }
  });
});

describe('JSON bodies are checked as bytes before they are parsed', () => {
  const json = { 'content-type': 'application/json' };
  const nested = (depth: number) => `{"body":"x","meta":${'{"a":'.repeat(depth - 1)}1${'}'.repeat(depth)}`;
  const tooDeep = {
    statusCode: 400,
    code: 'body_too_deep',
    message: 'The request body is nested too deeply (more than 64 levels).',
  };

  test.each([
    ['10,000 nested objects', nested(10_000)],
    ['10,000 nested arrays', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
    ['6,000 nested arrays inside a field', `{"body":"x","tags":${'['.repeat(6_000)}${']'.repeat(6_000)}}`],
    ['65 levels', nested(65)],
  ])('%s → 400 body_too_deep, nothing stored', async (_label, payload) => {
    const before = await count();
    const response = await app.inject({ method: 'POST', url: '/notes', payload, headers: json });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(tooDeep);
    expect(await count()).toBe(before);
  });

  test('64 levels pass, and brackets inside strings (escaped quotes too) are not nesting', async () => {
    expect((await app.inject({ method: 'POST', url: '/notes', payload: nested(64), headers: json })).statusCode).toBe(
      200,
    );
    const text = JSON.stringify({ body: `\\"${'['.repeat(500)}"{`, tags: ['{'.repeat(500)] });
    expect((await app.inject({ method: 'POST', url: '/notes', payload: text, headers: json })).statusCode).toBe(200);
  });

  test.each([
    ['a stray 0xFF byte', [0xff]],
    ['a truncated sequence', [0xc3]],
    ['a surrogate encoded as UTF-8', [0xed, 0xa0, 0x80]],
    ['an overlong encoding', [0xc0, 0xaf]],
  ])('%s → 400 invalid_text like a NUL, nothing stored', async (_label, bytes) => {
    const before = await count();
    const payload = Buffer.concat([Buffer.from('{"body":"Ada '), Buffer.from(bytes), Buffer.from('"}')]);
    const response = await app.inject({ method: 'POST', url: '/notes', payload, headers: json });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'invalid_text',
      message: 'body contains a character that is not allowed',
    });
    expect(await count()).toBe(before);
  });

  test('an empty body with the JSON content type is no body, on any method', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/notes', headers: json });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true, body: null });
    const refused = await app.inject({ method: 'POST', url: '/notes', headers: json });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
  });

  test('malformed JSON and a poisoned prototype are still refused', async () => {
    const broken = await app.inject({ method: 'POST', url: '/notes', payload: '{"body":', headers: json });
    expect(broken.statusCode).toBe(400);
    const poisoned = await app.inject({
      method: 'POST',
      url: '/notes',
      payload: '{"body":"x","meta":{"__proto__":{"admin":true}}}',
      headers: json,
    });
    expect(poisoned.statusCode).toBe(400);
  });
});

describe('names refuse control and direction-override characters', () => {
  test.each([
    ['a tab', 'Ada\tLovelace'],
    ['a newline', 'Ada\nSubject: spam'],
    ['a DEL', 'Ada\u007f'],
    ['a C1 control', 'Ada\u0085'],
    ['a right-to-left override', 'Ada\u202Egnp.exe'],
    ['a left-to-right embedding', '\u202AAda'],
    ['a first-strong isolate', 'Ada\u2068x\u2069'],
    ['a pop directional formatting', 'Ada\u202C'],
  ])('%s in a name → 400 with its own message even when the route has one', async (_label, author) => {
    const before = await count();
    const response = await app.inject({ method: 'POST', url: '/notes', payload: { body: 'x', author } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'validation_failed',
      message: 'author contains characters that are not allowed in a name',
    });
    expect(await count()).toBe(before);
  });

  test('ordinary names, accents and right-to-left scripts pass', async () => {
    for (const author of ["Zoë O'Brien-Łukasz", 'محمد', 'José María']) {
      const response = await app.inject({ method: 'POST', url: '/notes', payload: { body: 'x', author } });
      expect(response.statusCode).toBe(200);
    }
  });

  test('other routes keep their own validation message', async () => {
    const response = await app.inject({ method: 'POST', url: '/notes', payload: { body: '' } });
    expect(response.json()).toEqual({ statusCode: 400, code: 'validation_failed', message: 'A note needs a body.' });
  });
});

describe('bodies are not coerced; query strings still are', () => {
  test.each([
    ['an array for a string', { body: ['x'] }],
    ['a number for a string', { body: 5 }],
    ['a string for a boolean', { body: 'x', pinned: 'false' }],
    ['a number for a boolean', { body: 'x', pinned: 0 }],
    ['null for a string', { body: null }],
    ['a bare string for an array', { body: 'x', tags: 'one' }],
  ])('%s → 400, nothing stored', async (_label, payload) => {
    const before = await count();
    const response = await app.inject({ method: 'POST', url: '/notes', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect(await count()).toBe(before);
  });

  test('query numbers and booleans arrive as strings and are converted', async () => {
    const response = await app.inject('/search?q=abc&limit=10&all=true');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ q: 'abc', limit: 10, all: true });
    expect((await app.inject('/search?limit=ten')).statusCode).toBe(400);
  });
});

describe('malformed percent escapes', () => {
  // %ED%A0%80 is a lone surrogate written as UTF-8 bytes: not valid UTF-8 either.
  test.each(['/free?x=%FF', '/free?x=%E0%A4%A', '/free?%zz=1', '/search?q=%C3', '/free?x=%ED%A0%80', '/free%FF?x=1'])(
    '%s → 400 JSON, not 500',
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        code: 'malformed_url',
        message: 'The address contains a malformed percent escape.',
      });
    },
  );
});

describe('response headers', () => {
  test('JSON answers, errors and 404s are never sniffed nor cached', async () => {
    const ok = await app.inject({ method: 'POST', url: '/notes', payload: { body: 'headers' } });
    const bad = await app.inject({ method: 'POST', url: '/notes', payload: {} });
    const missing = await app.inject('/nowhere');
    const health = await app.inject('/health');
    for (const response of [ok, bad, missing, health]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  test('a route that chooses its own caching keeps it', async () => {
    const scoped = await createService({
      name: 'kit_cache',
      config: loadConfig(StatelessConfigSchema, { PORT: '0', LOG_LEVEL: 'silent' }),
      database: false,
      readiness: async () => undefined,
      authentication: false,
    });
    scoped.get('/manifest', async (_request, reply) => reply.header('cache-control', 'no-cache').send({ v: 1 }));
    try {
      const response = await scoped.inject('/manifest');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await scoped.close();
    }
  });
});
