import { Type } from '@sinclair/typebox';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { AppError, BaseConfigSchema, createService, loadConfig, ConfigError, migrateSchema, createPool } from '../src';

let database: TestDatabase;
let app: FastifyInstance;

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
      schema: { body: Type.Object({ body: Type.String({ minLength: 1 }) }, { additionalProperties: false }) },
      config: { failureMessage: 'Could not save the note. Try again later.' },
    },
    async (request) => {
      const { body } = request.body as { body: string };
      if (body === 'boom') throw new Error('select * from secret_table failed');
      if (body === 'teapot') throw new AppError(418, 'teapot', 'I am a teapot');
      if (body === 'detailed')
        throw new AppError(409, 'conflict', 'Changed meanwhile', undefined, { current: { id: 1 }, code: 'overridden' });
      const { rows } = await app.db.query('INSERT INTO kit_test.notes (body) VALUES ($1) RETURNING id, author', [body]);
      return rows[0];
    },
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

test('health and readiness answer, readiness from the database', async () => {
  expect((await app.inject('/health')).json()).toEqual({ status: 'ok' });
  const ready = await app.inject('/ready');
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ status: 'ready' });
});

test('a request id from the gateway is kept and echoed; one is made when absent', async () => {
  const given = await app.inject({ url: '/health', headers: { 'x-request-id': 'gw-123' } });
  expect(given.headers['x-request-id']).toBe('gw-123');
  const made = await app.inject('/health');
  expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

test('migrations ran, and running them again applies nothing', async () => {
  const created = await app.inject({ method: 'POST', url: '/notes', payload: { body: 'hello' } });
  expect(created.statusCode).toBe(200);
  expect(created.json().author).toBe('someone');
  const pool = createPool({ databaseUrl: database.url, schema: 'kit_test' });
  try {
    expect(await migrateSchema(pool, 'kit_test', path.join(__dirname, 'fixtures/migrations'))).toEqual([]);
  } finally {
    await pool.end();
  }
});

test('unknown fields, missing fields and wrong content type are refused with JSON errors and change nothing', async () => {
  const before = (await app.db.query('SELECT count(*)::int AS n FROM kit_test.notes')).rows[0].n;
  const unknown = await app.inject({ method: 'POST', url: '/notes', payload: { body: 'x', role: 'owner' } });
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json()).toEqual({ statusCode: 400, code: 'validation_failed', message: 'Unknown field: role' });
  const missing = await app.inject({ method: 'POST', url: '/notes', payload: {} });
  expect(missing.json()).toMatchObject({ statusCode: 400, message: 'body required' });
  const wrongType = await app.inject({
    method: 'POST',
    url: '/notes',
    payload: 'body=x',
    headers: { 'content-type': 'text/plain' },
  });
  expect(wrongType.statusCode).toBe(415);
  expect(wrongType.json().statusCode).toBe(415);
  const after = (await app.db.query('SELECT count(*)::int AS n FROM kit_test.notes')).rows[0].n;
  expect(after).toBe(before);
});

test('unexpected failures answer a generic message without internals; typed errors keep theirs', async () => {
  const failed = await app.inject({ method: 'POST', url: '/notes', payload: { body: 'boom' } });
  expect(failed.statusCode).toBe(500);
  expect(failed.json()).toEqual({
    statusCode: 500,
    code: 'internal_error',
    message: 'Could not save the note. Try again later.',
  });
  const typed = await app.inject({ method: 'POST', url: '/notes', payload: { body: 'teapot' } });
  expect(typed.json()).toEqual({ statusCode: 418, code: 'teapot', message: 'I am a teapot' });
  // Details of a typed error travel with it and never replace the three fixed fields.
  const detailed = await app.inject({ method: 'POST', url: '/notes', payload: { body: 'detailed' } });
  expect(detailed.json()).toEqual({
    statusCode: 409,
    code: 'conflict',
    message: 'Changed meanwhile',
    current: { id: 1 },
  });
  const unknownRoute = await app.inject('/nowhere');
  expect(unknownRoute.statusCode).toBe(404);
  expect(unknownRoute.json().code).toBe('not_found');
});

test('configuration is validated with a message naming the variable', () => {
  expect(() => loadConfig(BaseConfigSchema, { PORT: 'eighty', DATABASE_URL: 'postgres://x' })).toThrow(ConfigError);
  expect(() => loadConfig(BaseConfigSchema, { PORT: '80', DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  expect(() => loadConfig(BaseConfigSchema, { DATABASE_URL: 'postgres://x' })).toThrow(/PORT: is required/);
  const ok = loadConfig(BaseConfigSchema, { PORT: '80', DATABASE_URL: 'postgres://x' });
  expect(ok.PORT).toBe(80);
  expect(ok.DB_POOL_MAX).toBe(10);
});
