import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { isDatabaseUnavailable } from '../src/lib/database-unavailable';
import { startDatabaseProxy, type DatabaseProxy } from './database-proxy';
import { INTERNAL_TOKEN, newEmail, startAuth, STRONG_PASSWORD, type RunningAuth } from './helpers';

// The service reaches its database through a relay the test can cut, so the database goes
// away and comes back under a running service as it does when PostgreSQL restarts.
let database: TestDatabase;
let proxy: DatabaseProxy;
let auth: RunningAuth;
const email = newEmail('outage');

beforeAll(async () => {
  database = await createTestDatabase();
  proxy = await startDatabaseProxy(database.url);
  auth = await startAuth({ DATABASE_URL: proxy.url }, database);
  const { error } = await auth.admin().auth.admin.createUser({ email, password: STRONG_PASSWORD, email_confirm: true });
  if (error) throw error;
});
afterAll(async () => {
  await auth?.stop();
  await proxy?.close();
  await database?.drop();
});

const signIn = () =>
  fetch(`${auth.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'x' },
    body: JSON.stringify({ email, password: STRONG_PASSWORD }),
  });

async function expectUnavailable() {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const response = await signIn();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.headers.get('x-supabase-api-version')).toBeTruthy();
    const message = 'The service is temporarily unavailable. Try again in a moment.';
    expect(await response.json()).toEqual({
      code: 'service_unavailable',
      error_code: 'service_unavailable',
      msg: message,
      message,
    });
  }
  // supabase-js takes a 503 as worth retrying, not as wrong credentials.
  const { error } = await auth.client().auth.signInWithPassword({ email, password: STRONG_PASSWORD });
  expect(error).toMatchObject({ name: 'AuthRetryableFetchError', status: 503 });
}

async function expectSignedIn() {
  const sessionsBefore = await auth.count('sessions');
  const response = await signIn();
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ token_type: 'bearer', user: { email } });
  expect(await auth.count('sessions')).toBe(sessionsBefore + 1);
}

test('sign-in answers 503 with Retry-After while the database cannot be reached, and normally once it is back', async () => {
  await expectSignedIn();
  await proxy.down();
  try {
    await expectUnavailable();
  } finally {
    await proxy.up();
  }
  await expectSignedIn();
});

// Only a PostgreSQL server (DATABASE_URL) can refuse a database's connections and end its sessions.
if (process.env.DATABASE_URL) {
  test('sign-in answers 503 while PostgreSQL ends the sessions and refuses connections, and recovers after', async () => {
    const name = new URL(database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await expectSignedIn();
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      await expectUnavailable();
    } finally {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await expectSignedIn();
  });
}

test("internal routes, the outbox's included, answer 503 in the platform's shape while the database cannot be reached", async () => {
  const internal = (path: string, body?: object) =>
    fetch(`${auth.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'x-service-token': INTERNAL_TOKEN, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body && JSON.stringify(body),
    });
  expect((await internal('/internal/outbox/stats')).status).toBe(200);
  await proxy.down();
  try {
    for (const response of [
      await internal('/internal/outbox/stats'),
      await internal('/internal/users/by-email', { email }),
    ]) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toEqual({
        statusCode: 503,
        code: 'service_unavailable',
        message: 'The service is temporarily unavailable. Try again in a moment.',
      });
    }
  } finally {
    await proxy.up();
  }
  expect((await internal('/internal/users/by-email', { email })).status).toBe(200);
});

test('only failures to reach the database count as unavailable, never a fault of the request', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  for (const unreachable of [
    pgError('ECONNREFUSED'),
    pgError('57P01'),
    pgError('57P03'),
    pgError('08006'),
    new Error('Connection terminated unexpectedly'),
    pgError('55000', 'database "x" is not currently accepting connections'),
  ]) {
    expect(isDatabaseUnavailable(unreachable)).toBe(true);
  }
  for (const fault of [
    pgError('23505'),
    pgError('42P01'),
    pgError('57014'),
    pgError('55000', 'cannot drop the currently open database'),
    new Error('boom'),
    null,
  ]) {
    expect(isDatabaseUnavailable(fault)).toBe(false);
  }
});
