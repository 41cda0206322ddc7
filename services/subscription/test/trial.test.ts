import { randomUUID } from 'node:crypto';
import { SERVICE_TOKEN, startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const startTrial = (companyId: string, creatorUserId: string) =>
  h.app.inject({
    method: 'POST',
    url: `/internal/companies/${companyId}/start-trial`,
    headers: { 'x-service-token': SERVICE_TOKEN },
    payload: { creatorUserId },
  });
const subscriptionOf = async (companyId: string) =>
  (
    await h.app.inject({
      url: `/internal/companies/${companyId}/subscription`,
      headers: { 'x-service-token': SERVICE_TOKEN },
    })
  ).json().subscription;

test("a new company starts a 14-day trial without a card and the creator's trialUsed is set", async () => {
  const companyId = randomUUID();
  const userId = randomUUID();
  const response = await startTrial(companyId, userId);
  expect(response.json()).toEqual({ started: true, status: 'trialing' });
  expect(h.peers.trialUsed.has(userId)).toBe(true);

  const subscription = await subscriptionOf(companyId);
  expect(subscription).toEqual(
    expect.objectContaining({ status: 'trialing', priceId: 'price_team', planName: 'Team', cardExpirationMonth: null }),
  );
  const days = (Date.parse(subscription.trialEnd) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(13.9);
  expect(days).toBeLessThanOrEqual(14);

  const create = h.stripe
    .writes()
    .find(
      (r) => r.path === '/v1/subscriptions' && (r.params.metadata as Record<string, string>)?.companyId === companyId,
    );
  expect(create?.idempotencyKey).toBe(`trial-${companyId}`);
  expect(create?.params).toEqual(
    expect.objectContaining({
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      items: [{ price: 'price_team' }],
    }),
  );
  expect(create?.params).not.toHaveProperty('default_payment_method');
  expect(h.peers.changed).toContain(companyId);
});

test('asking again (a retried worker) creates nothing new', async () => {
  const companyId = randomUUID();
  const userId = randomUUID();
  await startTrial(companyId, userId);
  const writes = h.stripe.writes().length;
  expect((await startTrial(companyId, userId)).json()).toEqual({ started: true, status: 'trialing' });
  expect(h.stripe.writes().length).toBe(writes);
  expect([...h.stripe.subscriptions.values()].filter((s) => s.metadata.companyId === companyId)).toHaveLength(1);
});

test('one trial per user: a second company of the same creator, or a user whose profile says used, gets none', async () => {
  const userId = randomUUID();
  const first = randomUUID();
  const second = randomUUID();
  await startTrial(first, userId);
  expect((await startTrial(second, userId)).json()).toEqual({ started: false, reason: 'trial_used' });
  expect(await subscriptionOf(second)).toBeNull();

  const veteran = randomUUID();
  h.peers.trialUsed.add(veteran);
  const company = randomUUID();
  expect((await startTrial(company, veteran)).json()).toEqual({ started: false, reason: 'trial_used' });
  expect((await startTrial(company, veteran)).json()).toEqual({ started: false, reason: 'trial_used' });
  expect(await subscriptionOf(company)).toBeNull();
});
