import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { subscriptionInternalClient, type SubscriptionInternalClient } from '@tracemap/contracts';
import { AppError, createInternalClient } from '@tracemap/service-kit';
import { SERVICE_TOKEN, startHarness, type Harness } from './support/harness';

// The company and account services read these routes through the contracts' typed client, which
// checks each answer against the response schema: a route drifting from its contract fails here.
let h: Harness;
let client: SubscriptionInternalClient;
let drifted: FastifyInstance;
let driftedClient: SubscriptionInternalClient;

beforeAll(async () => {
  h = await startHarness();
  const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  client = subscriptionInternalClient(createInternalClient({ baseUrl: url, serviceToken: SERVICE_TOKEN }));
  // A subscription service whose answers left the contract: a status billing never reports, a negative count.
  drifted = Fastify();
  drifted.get('/internal/companies/:companyId/subscription', async () => ({
    subscription: { status: 'free_forever', priceId: null, planName: null },
  }));
  drifted.post('/internal/companies/:companyId/start-trial', async () => ({ started: 'maybe' }));
  drifted.get('/internal/subscriptions/stats', async () => ({ byStatus: { trialing: -2 } }));
  driftedClient = subscriptionInternalClient(
    createInternalClient({ baseUrl: await drifted.listen({ port: 0, host: '127.0.0.1' }) }),
  );
});
afterAll(async () => {
  await drifted?.close();
  await h?.close();
});

test('start-trial, the company subscription and the stats answer within their contracts', async () => {
  const companyId = randomUUID();
  expect(await client.companySubscription(companyId)).toEqual({ subscription: null });
  expect(await client.startTrial(companyId, { creatorUserId: randomUUID() })).toEqual({
    started: true,
    status: 'trialing',
  });
  expect(await client.companySubscription(companyId)).toMatchObject({ subscription: { status: 'trialing' } });
  expect((await client.stats()).byStatus.trialing).toBeGreaterThanOrEqual(1);
});

test('an answer outside the contract is a 502, never a value of the wrong shape', async () => {
  for (const attempt of [
    () => driftedClient.companySubscription(randomUUID()),
    () => driftedClient.startTrial(randomUUID(), { creatorUserId: randomUUID() }),
    () => driftedClient.stats(),
  ]) {
    const failure = await attempt().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 502, code: 'upstream_error' });
  }
});
