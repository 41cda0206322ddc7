import { randomUUID } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import { CompanySubscriptionAnswer, StartTrialAnswer, SubscriptionStatsAnswer } from '@tracemap/contracts';
import { SERVICE_TOKEN, startHarness, type Harness } from './support/harness';

// The internal routes answer in the shapes the contracts publish, which is what the company
// and account services read.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const internal = (url: string, payload?: Record<string, unknown>) =>
  h.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: { 'x-service-token': SERVICE_TOKEN },
    ...(payload ? { payload } : {}),
  });

test('start-trial, the company subscription and the stats answer as their contracts say', async () => {
  const companyId = randomUUID();
  const userId = randomUUID();
  const first = await internal(`/internal/companies/${companyId}/start-trial`, { creatorUserId: userId });
  expect(first.statusCode).toBe(200);
  expect(Value.Check(StartTrialAnswer, first.json())).toBe(true);
  expect(first.json()).toEqual({ started: true, status: 'trialing' });

  // The same user's second company: no second trial.
  const second = await internal(`/internal/companies/${randomUUID()}/start-trial`, { creatorUserId: userId });
  expect(Value.Check(StartTrialAnswer, second.json())).toBe(true);
  expect(second.json()).toEqual({ started: false, reason: 'trial_used' });

  const subscription = await internal(`/internal/companies/${companyId}/subscription`);
  expect(Value.Check(CompanySubscriptionAnswer, subscription.json())).toBe(true);

  const stats = await internal('/internal/subscriptions/stats');
  expect(stats.statusCode).toBe(200);
  expect(Value.Check(SubscriptionStatsAnswer, stats.json())).toBe(true);
  expect(stats.json().byStatus.trialing).toBeGreaterThanOrEqual(1);
});

test('a start-trial body with a field the contract does not name is refused and starts nothing', async () => {
  const companyId = randomUUID();
  const response = await internal(`/internal/companies/${companyId}/start-trial`, {
    creatorUserId: randomUUID(),
    plan: 'price_business',
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
  const { rows } = await h.app.db.query(
    'SELECT count(*)::int AS n FROM subscription.subscriptions WHERE company_id = $1',
    [companyId],
  );
  expect(rows[0].n).toBe(0);
  expect(
    h.stripe.writes().some((r) => (r.params.metadata as Record<string, string> | undefined)?.companyId === companyId),
  ).toBe(false);
});
