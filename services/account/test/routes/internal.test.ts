import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { SERVICE_TOKEN, startAccount } from '../support/account-app';

let database: TestDatabase;
let app: FastifyInstance;
const ada = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await startAccount({ DATABASE_URL: database.url }));
  // Profiles are normally created at sync; seeded here because this test is about the lookup alone.
  await app.db.query(
    `INSERT INTO account.profiles (user_id, email, first_name, last_name) VALUES ($1, 'ada@example.com', 'Ada', 'Lovelace'), ($2, 'bob@example.com', '', '')`,
    [ada, bob],
  );
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const lookup = (payload: unknown, token: string | null = SERVICE_TOKEN) =>
  app.inject({
    method: 'POST',
    url: '/internal/profiles/lookup',
    payload: payload as object,
    headers: token ? { 'x-service-token': token } : {},
  });

test('answers the profiles that exist, in the agreed shape', async () => {
  const res = await lookup({ ids: [ada, bob, '33333333-3333-4333-8333-333333333333', ada] });
  expect(res.statusCode).toBe(200);
  const profiles = res
    .json()
    .profiles.sort((a: { email: string }, b: { email: string }) => a.email.localeCompare(b.email));
  expect(profiles).toEqual([
    { id: ada, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
    { id: bob, email: 'bob@example.com', firstName: '', lastName: '' },
  ]);
});

test('refuses callers without the service token', async () => {
  for (const token of [null, 'wrong-token', `${SERVICE_TOKEN}x`]) {
    const res = await lookup({ ids: [ada] }, token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('invalid_service_token');
  }
});

test('validates the body', async () => {
  expect((await lookup({})).json().message).toBe('ids required');
  expect((await lookup({ ids: ['not-a-uuid'] })).json().message).toBe('ids.0 must match format "uuid"');
  expect((await lookup({ ids: [ada], extra: 1 })).json().message).toBe('Unknown field: extra');
  expect((await lookup({ ids: Array.from({ length: 501 }, () => ada) })).statusCode).toBe(400);
});

describe('GET /internal/users/:userId/product-admin', () => {
  const productAdmin = (userId: string, token: string | null = SERVICE_TOKEN) =>
    app.inject({
      method: 'GET',
      url: `/internal/users/${userId}/product-admin`,
      headers: token ? { 'x-service-token': token } : {},
    });

  test('answers the flag as stored, and false for someone without a profile', async () => {
    await app.db.query(`UPDATE account.profiles SET anamap_admin = true WHERE user_id = $1`, [ada]);
    expect((await productAdmin(ada)).json()).toEqual({ anamapAdmin: true });
    expect((await productAdmin(bob)).json()).toEqual({ anamapAdmin: false });
    expect((await productAdmin('33333333-3333-4333-8333-333333333333')).json()).toEqual({ anamapAdmin: false });
  });

  test('sees a revocation on the next call', async () => {
    await app.db.query(`UPDATE account.profiles SET anamap_admin = true WHERE user_id = $1`, [bob]);
    expect((await productAdmin(bob)).json()).toEqual({ anamapAdmin: true });
    await app.db.query(`UPDATE account.profiles SET anamap_admin = false WHERE user_id = $1`, [bob]);
    expect((await productAdmin(bob)).json()).toEqual({ anamapAdmin: false });
  });

  test('refuses callers without the service token and malformed ids', async () => {
    expect((await productAdmin(ada, null)).statusCode).toBe(401);
    expect((await productAdmin(ada, 'wrong')).statusCode).toBe(401);
    const res = await productAdmin('not-a-uuid');
    expect(res.statusCode).toBe(400);
  });
});
