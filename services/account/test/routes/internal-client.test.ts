import Fastify, { type FastifyInstance } from 'fastify';
import { accountInternalClient, type AccountInternalClient } from '@tracemap/contracts';
import { AppError, createInternalClient } from '@tracemap/service-kit';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { SERVICE_TOKEN, startAccount } from '../support/account-app';

// Company, subscription, the billing sandbox and the gateway read these routes through the contracts' typed
// client, which checks each answer against the response schema: a route drifting from its
// contract fails here.
let database: TestDatabase;
let app: FastifyInstance;
let client: AccountInternalClient;
let drifted: FastifyInstance;
let driftedClient: AccountInternalClient;
const ada = '33333333-3333-4333-8333-333333333333';

beforeAll(async () => {
  database = await createTestDatabase();
  let url: string;
  ({ app, url } = await startAccount({ DATABASE_URL: database.url }));
  client = accountInternalClient(createInternalClient({ baseUrl: url, serviceToken: SERVICE_TOKEN }));
  await app.db.query(
    `INSERT INTO account.profiles (user_id, email, first_name, last_name) VALUES ($1, 'ada@example.com', 'Ada', 'Lovelace')`,
    [ada],
  );
  // An account service whose answers left the contract: a name missing, a flag spelled as text.
  drifted = Fastify();
  drifted.post('/internal/profiles/lookup', async () => ({ profiles: [{ id: ada, email: 'ada@example.com' }] }));
  drifted.post('/internal/profiles/:userId/trial-used', async () => ({ trialUsed: 'yes', alreadyUsed: false }));
  drifted.get('/internal/users/:userId/product-admin', async () => ({ anamapAdmin: 'true' }));
  drifted.get('/internal/releases/current', async () => ({ remotes: [{ name: 'mfe_company' }] }));
  driftedClient = accountInternalClient(
    createInternalClient({ baseUrl: await drifted.listen({ port: 0, host: '127.0.0.1' }) }),
  );
});
afterAll(async () => {
  await drifted?.close();
  await app?.close();
  await database?.drop();
});

test('the profile lookup, trial-used and product-admin routes answer within their contracts', async () => {
  expect(await client.lookupProfiles([ada])).toEqual({
    profiles: [{ id: ada, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }],
  });
  expect(await client.markTrialUsed(ada)).toEqual({ trialUsed: true, alreadyUsed: false });
  expect(await client.markTrialUsed(ada)).toEqual({ trialUsed: true, alreadyUsed: true });
  expect(await client.productAdmin(ada)).toEqual({ anamapAdmin: false });
  expect(await client.currentReleases()).toEqual({ remotes: [] });
});

test('an answer outside the contract is a 502, never a value of the wrong shape', async () => {
  for (const attempt of [
    () => driftedClient.lookupProfiles([ada]),
    () => driftedClient.markTrialUsed(ada),
    () => driftedClient.productAdmin(ada),
    () => driftedClient.currentReleases(),
  ]) {
    const failure = await attempt().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 502, code: 'upstream_error' });
  }
});
