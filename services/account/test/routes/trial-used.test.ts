import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { SERVICE_TOKEN, startAccount } from '../support/account-app';

let database: TestDatabase;
let app: FastifyInstance;
const ada = '11111111-1111-4111-8111-111111111111';

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await startAccount({ DATABASE_URL: database.url }));
  await app.db.query(
    `INSERT INTO account.profiles (user_id, email, first_name, last_name) VALUES ($1, 'ada@example.com', 'Ada', 'Lovelace')`,
    [ada],
  );
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const markUsed = (userId: string, token: string | null = SERVICE_TOKEN) =>
  app.inject({
    method: 'POST',
    url: `/internal/profiles/${userId}/trial-used`,
    payload: {},
    headers: token ? { 'x-service-token': token } : {},
  });

test('billing marks the trial as used; asking again says it was used already', async () => {
  expect((await markUsed(ada)).json()).toEqual({ trialUsed: true, alreadyUsed: false });
  expect((await markUsed(ada)).json()).toEqual({ trialUsed: true, alreadyUsed: true });
  const stored = await app.db.query(`SELECT trial_used FROM account.profiles WHERE user_id = $1`, [ada]);
  expect(stored.rows[0].trial_used).toBe(true);
});

test('only services may call it', async () => {
  expect((await markUsed(ada, null)).statusCode).toBe(401);
  expect((await markUsed(ada, 'wrong')).statusCode).toBe(401);
  expect((await markUsed('not-a-uuid')).statusCode).toBe(400);
});
