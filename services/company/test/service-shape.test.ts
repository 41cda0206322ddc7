import { SERVICE_TOKEN, startHarness, type Harness } from './support/harness';

// Billing on, so every declared worker has a part to play in this process.
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { BILLING_ENFORCED: 'true', TRIAL_WORKER_POLL_MS: '3600000' } });
});
afterAll(async () => {
  await h?.close();
});

test('/health and /ready name every background worker with its state', async () => {
  const expected = [
    // The harness reads the outbox instead of delivering it.
    { name: 'outbox', state: 'off' },
    { name: 'info-cache', state: 'running' },
    { name: 'plan-read-cache', state: 'running' },
    { name: 'membership-cache', state: 'running' },
    { name: 'subscription-events', state: 'running' },
    // No integrations service configured: plan changes gather, none are relayed.
    { name: 'notifications', state: 'off' },
    { name: 'trials', state: 'running' },
  ];
  const health = await h.app.inject({ url: '/health' });
  expect(health.json()).toEqual({ status: 'ok', workers: expected });
  const ready = await h.app.inject({ url: '/ready' });
  expect(ready.json()).toEqual({ status: 'ready', workers: expected });
});

test('without billing the trial and subscription listeners are off, and a cache turned off has no listener', async () => {
  const other = await startHarness({ env: { PLAN_READ_CACHE_MS: '0' } });
  try {
    const { workers } = (await other.app.inject({ url: '/health' })).json();
    expect(workers).toEqual([
      { name: 'outbox', state: 'off' },
      { name: 'info-cache', state: 'off' },
      { name: 'plan-read-cache', state: 'off' },
      { name: 'membership-cache', state: 'running' },
      { name: 'subscription-events', state: 'off' },
      { name: 'notifications', state: 'off' },
      { name: 'trials', state: 'off' },
    ]);
  } finally {
    await other.close();
  }
});

test('the outbox admin routes answer with the service token only', async () => {
  const stats = await h.app.inject({ url: '/internal/outbox/stats', headers: { 'x-service-token': SERVICE_TOKEN } });
  expect(stats.statusCode).toBe(200);
  const list = await h.app.inject({
    url: '/internal/outbox?status=failed',
    headers: { 'x-service-token': SERVICE_TOKEN },
  });
  expect(list.json()).toEqual({ emails: [] });
  expect((await h.app.inject({ url: '/internal/outbox/stats' })).statusCode).toBe(401);
});
