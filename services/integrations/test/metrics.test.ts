import { randomUUID } from 'node:crypto';
import { LOCAL_DESTINATIONS as L } from '@tracemap/destinations-sandbox';
import { waitFor } from '@tracemap/test-kit';
import { startHarness, type Harness } from './support/harness';
import { installSlack } from './support/install';
import { notify } from './support/notify';
import { samplePlan } from './destinations/destinations-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ env: { METRICS_PORT: '0' } });
});
afterAll(() => h?.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The text exposition format, one sample a line (comments left out). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, rawLabels = '', value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      const labels = Object.fromEntries([...rawLabels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { name, labels, value: Number(value) };
    });
}

async function scrape(): Promise<Sample[]> {
  const answer = await fetch(`http://127.0.0.1:${h.app.metrics.port}/metrics`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('text/plain');
  return parse(await answer.text());
}

const value = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

test('after traffic, /metrics on its own port shows requests by route, the pool, the membership cache and the Slack outbox', async () => {
  expect(h.app.metrics.port).toEqual(expect.any(Number));
  await waitFor(() => h.deps.roles.channel?.up === true);
  const companyId = randomUUID();
  const admin = await h.user(companyId, 'admin');
  await installSlack(h, companyId, admin);
  for (let i = 0; i < 3; i += 1) {
    expect((await h.call(admin, { method: 'GET', url: `/api/integrations/${companyId}/slack` })).statusCode).toBe(200);
  }
  // The delivery worker is off in the harness: the message waits in the outbox.
  const queued = await notify(h, { companyId, kind: 'plan_changed', subject: 'event:1', dedupeKey: 'metrics' });
  expect(queued.json()).toEqual({ accepted: true, deliveries: 1 });
  expect((await h.call(admin, { method: 'GET', url: '/no/such/route' })).statusCode).toBe(404);

  const samples = await scrape();
  const slackRoute = { route: '/api/integrations/:companyId/slack', method: 'GET', status_class: '2xx' };
  expect(value(samples, 'http_request_duration_seconds_count', slackRoute)).toBe(3);
  expect(value(samples, 'http_request_duration_seconds_bucket', { ...slackRoute, le: '+Inf' })).toBe(3);
  expect(value(samples, 'http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' })).toBe(1);
  // Route patterns only: no series names a company.
  expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes(companyId)))).toBe(false);
  expect(samples.every((s) => s.labels.service === 'integrations')).toBe(true);

  expect(value(samples, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
  expect(value(samples, 'db_pool_connections', { state: 'idle' })).toEqual(expect.any(Number));
  expect(value(samples, 'db_pool_connections', { state: 'waiting' })).toBe(0);

  // The first lookup asked the company service; the later ones were answered from memory.
  expect(value(samples, 'cache_lookups_total', { cache: 'membership', outcome: 'miss' })).toBeGreaterThanOrEqual(1);
  expect(value(samples, 'cache_lookups_total', { cache: 'membership', outcome: 'hit' })).toBeGreaterThanOrEqual(3);

  expect(value(samples, 'outbox_backlog', { outbox: 'slack' })).toBe(1);
  expect(value(samples, 'outbox_oldest_due_seconds', { outbox: 'slack' })).toBeGreaterThanOrEqual(0);
  expect(value(samples, 'process_cpu_seconds_total', {})).toBeGreaterThan(0);
  expect(value(samples, 'outbox_backlog', { outbox: 'destination_runs' })).toBe(0);
  expect(value(samples, 'outbox_backlog', { outbox: 'last_sync' })).toBe(0);

  // Counters only grow between scrapes; the outbox gauge follows the table.
  await h.deps.delivery.drain();
  const later = await scrape();
  expect(value(later, 'outbox_backlog', { outbox: 'slack' })).toBe(0);
  expect(value(later, 'cache_lookups_total', { cache: 'membership', outcome: 'hit' })).toBe(
    value(samples, 'cache_lookups_total', { cache: 'membership', outcome: 'hit' }),
  );
});

test('queued destination pushes and lastSync values not yet taken show as outbox backlogs', async () => {
  const companyId = randomUUID();
  h.peer.plans.set(companyId, samplePlan());
  const admin = await h.user(companyId, 'admin');
  const created = await h.call(admin, {
    method: 'POST',
    url: `/api/integrations/${companyId}/destinations`,
    payload: {
      type: 'segment',
      name: 'Segment',
      settings: { kind: 'segment', trackingPlanId: L.segment.trackingPlanId },
      credentials: { kind: 'segment', token: L.segment.token },
    },
  });
  const id = created.json<{ id: string }>().id;
  // The push worker is off in the harness: the run waits.
  await h.call(admin, { method: 'POST', url: `/api/integrations/${companyId}/destinations/${id}/sync` });
  const queued = await scrape();
  expect(value(queued, 'outbox_backlog', { outbox: 'destination_runs' })).toBe(1);
  expect(value(queued, 'outbox_oldest_due_seconds', { outbox: 'destination_runs' })).toBeGreaterThanOrEqual(0);
  // The company service is down: the lastSync of the completed set waits.
  h.peer.lastSyncDown = true;
  try {
    await h.deps.sync.drain();
  } finally {
    h.peer.lastSyncDown = false;
  }
  const waiting = await scrape();
  expect(value(waiting, 'outbox_backlog', { outbox: 'destination_runs' })).toBe(0);
  expect(value(waiting, 'outbox_backlog', { outbox: 'last_sync' })).toBe(1);
  await h.deps.sync.drain();
  expect(value(await scrape(), 'outbox_backlog', { outbox: 'last_sync' })).toBe(0);
});

test('without METRICS_PORT there is no metrics listener', async () => {
  const replica = await h.replica({ METRICS_PORT: '' });
  expect(replica.metrics.port).toBeNull();
  expect(replica.metrics.registry).toBeNull();
});
