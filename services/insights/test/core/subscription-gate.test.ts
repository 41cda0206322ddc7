import { randomUUID } from 'node:crypto';
import { waitFor } from '@tracemap/test-kit';
import { startHarness, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { BILLING_ENFORCED: 'true' } });
  await h.deps.subscriptionEvents!.whenUp(15_000);
});
afterAll(() => h?.close());

const sources = (companyId: string) => `/api/insights/${companyId}/discovery/sources`;

test('without a running subscription a company reads but cannot add sources (402), and can still remove one', async () => {
  const companyId = randomUUID();
  const owner = await h.user(companyId, 'owner');
  h.peer.subscriptions.set(companyId, 'active');
  const created = await h.call(owner, {
    method: 'POST',
    url: sources(companyId),
    payload: { kind: 'upload', name: 'A' },
  });
  expect(created.statusCode).toBe(201);

  // Billing ends it and announces the change: the kept status goes at once.
  h.peer.subscriptions.set(companyId, 'terminated');
  await h.admin.query(`SELECT pg_notify('company_subscription_events', $1)`, [companyId]);
  const refused = await waitFor(
    () => h.call(owner, { method: 'POST', url: sources(companyId), payload: { kind: 'upload', name: 'B' } }),
    { until: (response) => response.statusCode === 402 },
  );
  expect(refused.json()).toMatchObject({ statusCode: 402, code: 'subscription_required' });
  expect((await h.call(owner, { method: 'GET', url: sources(companyId) })).json().items).toHaveLength(1);
  const id = created.json().source.id;
  expect((await h.call(owner, { method: 'DELETE', url: `${sources(companyId)}/${id}` })).statusCode).toBe(204);
});

test('a company that never had a subscription gets 402 on writes; the role is checked first', async () => {
  const companyId = randomUUID();
  const owner = await h.user(companyId, 'owner');
  const viewer = await h.user(companyId, 'viewer');
  const body = { kind: 'collector', name: 'Site' };
  expect((await h.call(owner, { method: 'POST', url: sources(companyId), payload: body })).statusCode).toBe(402);
  expect((await h.call(viewer, { method: 'POST', url: sources(companyId), payload: body })).statusCode).toBe(403);
});
