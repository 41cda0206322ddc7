import { randomUUID } from 'node:crypto';
import type { Finding } from '@tracemap/contracts';
import { examplePlanSnapshot, generateExampleTraffic } from '@tracemap/discovery';
import { waitFor } from '@tracemap/test-kit';
import { DISCOVERY_CHANGES_CHANNEL } from '../../src/discovery/discovery-pages';
import { startDiscoveryHarness, type DiscoveryHarness, type TestUser } from '../ingest/support/discovery-harness';

let h: DiscoveryHarness;
let companyId: string;
let viewer: TestUser;
beforeAll(async () => {
  h = await startDiscoveryHarness();
  companyId = randomUUID();
  h.peer.subscriptions.set(companyId, 'active');
  h.peer.snapshots.set(companyId, { ...examplePlanSnapshot(), companyId });
  const editor = await h.user(companyId, 'creator');
  viewer = await h.user(companyId, 'viewer');
  const traffic = [...generateExampleTraffic({ seed: 5, events: 600, format: 'segment' })];
  const upload = await h.call(editor, {
    method: 'POST',
    url: `/api/insights/${companyId}/discovery/uploads`,
    headers: { 'content-type': 'application/x-ndjson' },
    payload: traffic.map((r) => JSON.stringify(r)).join('\n'),
  });
  expect(upload.statusCode).toBe(202);
  const { runId } = upload.json();
  await waitFor(() => h.call(viewer, { method: 'GET', url: `/api/insights/${companyId}/discovery/runs/${runId}` }), {
    until: (response) => response.json().status === 'succeeded',
    timeoutMs: 30_000,
  });
  // Nothing judges in the background from here on: every change below is the test's own.
  await h.deps.discovery.ingest.stop();
  await h.deps.discovery.judges.stop();
  expect((await firstPage()).length).toBeGreaterThan(0);
  await waitFor(() => h.deps.pages.channel?.up, { timeoutMs: 10_000, message: 'the change channel never came up' });
});
afterAll(async () => {
  await h.close();
});

async function firstPage(): Promise<Finding[]> {
  const response = await h.call(viewer, { method: 'GET', url: `/api/insights/${companyId}/discovery/findings` });
  expect(response.statusCode).toBe(200);
  return response.json().items;
}

/** Runs SQL as the table owner, in a transaction naming the company as a tenant transaction does (or none). */
async function write(sql: string, values: unknown[], tenant: string | null = companyId): Promise<void> {
  const client = await h.admin.connect();
  try {
    await client.query('BEGIN');
    if (tenant) await client.query(`SELECT set_config('app.company_id', $1, true)`, [tenant]);
    await client.query(sql, values);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

const stateOf = async (id: string) => (await firstPage()).find((f) => f.id === id)?.state;

describe('list pages kept in memory', () => {
  it('serves a page from memory until a change is announced, then reads it again', async () => {
    const [first] = await firstPage();
    // A change the database does not announce stays unseen: the page came from memory.
    await h.admin.query('ALTER TABLE insights.findings DISABLE TRIGGER findings_announce_change');
    try {
      await write(`UPDATE insights.findings SET state = 'acknowledged' WHERE id = $1`, [first.id]);
    } finally {
      await h.admin.query('ALTER TABLE insights.findings ENABLE TRIGGER findings_announce_change');
    }
    expect(await stateOf(first.id)).toBe(first.state);
    // Once announced, the next read sees it.
    await h.admin.query('SELECT pg_notify($1, $2)', [DISCOVERY_CHANGES_CHANNEL, `company:${companyId}`]);
    await waitFor(() => stateOf(first.id), { until: (state) => state === 'acknowledged', timeoutMs: 10_000 });
  });

  it('sees a change another replica commits, announced by the database itself', async () => {
    const [first] = await firstPage();
    await write(`UPDATE insights.findings SET state = 'ignored' WHERE id = $1`, [first.id]);
    await waitFor(() => stateOf(first.id), { until: (state) => state === 'ignored', timeoutMs: 10_000 });
  });

  it('drops every company’s pages for a change made outside a tenant transaction', async () => {
    const [first] = await firstPage();
    // The owner bypasses row security only as a superuser; the test database's owner is one.
    await write(`UPDATE insights.findings SET state = 'open' WHERE id = $1`, [first.id], null);
    await waitFor(() => stateOf(first.id), { until: (state) => state === 'open', timeoutMs: 10_000 });
  });

  it('shows a triage at once to the one who made it', async () => {
    const editor = await h.user(companyId, 'creator');
    const [first] = await firstPage();
    const changed = await h.call(editor, {
      method: 'PATCH',
      url: `/api/insights/${companyId}/discovery/findings/${first.id}`,
      payload: { state: 'acknowledged' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await stateOf(first.id)).toBe('acknowledged');
  });
});
