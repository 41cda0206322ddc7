import { randomUUID } from 'node:crypto';
import { emptyState, LOCAL_DESTINATIONS as L, type DestinationsSandbox } from '@tracemap/destinations-sandbox';
import { waitFor } from '@tracemap/test-kit';
import { startHarness, type Harness, type TestUser } from '../support/harness';
import { push, samplePlan } from './destinations-fixtures';

/**
 * The destinations API against the local stand-in: credentials sealed and never answered,
 * bad input refused with nothing stored, test connection, preview, a push run by the worker
 * with each operation's outcome, a second identical push making no write, and lastSync moving
 * when the push succeeded (pushes of several destinations together: sync-sets.test.ts).
 */

let sandbox: DestinationsSandbox;
let h: Harness;
let companyId: string;
let admin: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  h = await startHarness();
  sandbox = h.destinations;
});
afterAll(() => h?.close());

beforeEach(async () => {
  Object.assign(sandbox.state, emptyState());
  sandbox.requests.splice(0);
  companyId = randomUUID();
  h.peer.plans.set(companyId, samplePlan());
  admin = await h.user(companyId, 'admin');
  viewer = await h.user(companyId, 'viewer');
});

const base = () => `/api/integrations/${companyId}/destinations`;
const segmentBody = (token: string = L.segment.token, name = 'Segment prod') => ({
  type: 'segment',
  name,
  settings: { kind: 'segment', trackingPlanId: L.segment.trackingPlanId },
  credentials: { kind: 'segment', token },
});

async function create(body: Record<string, unknown>) {
  const response = await h.call(admin, { method: 'POST', url: base(), payload: body });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function pushAndWait(id: string) {
  const started = await h.call(admin, { method: 'POST', url: `${base()}/${id}/sync` });
  expect(started.statusCode).toBe(202);
  const { runId } = started.json<{ runId: string }>();
  await h.deps.sync.drain();
  const run = await h.call(viewer, { method: 'GET', url: `/api/integrations/${companyId}/sync-runs/${runId}` });
  expect(run.statusCode).toBe(200);
  return run.json<{
    status: string;
    writeCalls: number;
    operations: Array<{ action: string; status: string }>;
  }>();
}

test('credentials are sealed at rest and never answered, to admins or viewers', async () => {
  const id = await create(segmentBody());
  const { rows } = await h.admin.query<{ credentials: string }>(
    `SELECT credentials FROM integrations.destinations WHERE id = $1`,
    [id],
  );
  expect(rows[0].credentials).not.toContain(L.segment.token);
  for (const user of [admin, viewer]) {
    const list = await h.call(user, { method: 'GET', url: base() });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(L.segment.token);
    expect(list.json()).toMatchObject({
      localDestinations: true,
      destinations: [{ id, type: 'segment', mode: 'upsert' }],
    });
  }
});

test('bad input is refused with a code and nothing is stored', async () => {
  const mismatched = await h.call(admin, {
    method: 'POST',
    url: base(),
    payload: { ...segmentBody(), credentials: { kind: 'rudderstack', token: 't' } },
  });
  expect(mismatched.statusCode).toBe(400);
  expect(mismatched.json()).toMatchObject({ code: 'destination_kind_mismatch' });
  const invalid = await h.call(admin, { method: 'POST', url: base(), payload: { ...segmentBody(), type: 'nope' } });
  expect(invalid.statusCode).toBe(400);
  await create(segmentBody());
  const taken = await h.call(admin, { method: 'POST', url: base(), payload: segmentBody() });
  expect(taken.statusCode).toBe(409);
  expect(taken.json()).toMatchObject({ code: 'destination_name_taken' });
  const { rows } = await h.admin.query(`SELECT 1 FROM integrations.destinations WHERE company_id = $1`, [companyId]);
  expect(rows).toHaveLength(1);
  const viewerCreate = await h.call(viewer, { method: 'POST', url: base(), payload: segmentBody('x', 'Other') });
  expect(viewerCreate.statusCode).toBe(403);
});

test('test connection says whether the destination accepts the credentials', async () => {
  const good = await create(segmentBody());
  const bad = await create(segmentBody('wrong-token', 'Segment wrong'));
  const ok = await h.call(admin, { method: 'POST', url: `${base()}/${good}/test` });
  expect(ok.json()).toMatchObject({ ok: true });
  const refused = await h.call(admin, { method: 'POST', url: `${base()}/${bad}/test` });
  expect(refused.statusCode).toBe(200);
  expect(refused.json()).toMatchObject({ ok: false });
  expect(sandbox.writes('segment')).toHaveLength(0);
});

test('preview, push, and a second identical push that makes no write call; lastSync moves', async () => {
  const id = await create(segmentBody());
  const preview = await h.call(admin, { method: 'POST', url: `${base()}/${id}/preview` });
  expect(preview.statusCode).toBe(200);
  const previewed = preview.json<{
    counts: { create: number; update: number; delete: number };
    operations: unknown[];
  }>();
  expect(previewed.counts.create).toBeGreaterThan(0);
  expect(previewed.counts.delete).toBe(0);
  expect(sandbox.writes('segment')).toHaveLength(0);

  const first = await pushAndWait(id);
  expect(first.status).toBe('succeeded');
  expect(first.operations).toHaveLength(previewed.operations.length);
  expect(first.operations.every((o) => o.status === 'applied')).toBe(true);
  expect(h.peer.lastSyncs.get(companyId)).toHaveLength(1);

  const writes = sandbox.writes('segment').length;
  const second = await pushAndWait(id);
  expect(second).toMatchObject({ status: 'succeeded', writeCalls: 0, operations: [] });
  expect(sandbox.writes('segment')).toHaveLength(writes);
  const again = await h.call(admin, { method: 'POST', url: `${base()}/${id}/preview` });
  expect(again.json()).toMatchObject({ operations: [], counts: { create: 0, update: 0, delete: 0 } });

  const list = await h.call(viewer, { method: 'GET', url: base() });
  const [destination] = list.json<{
    destinations: Array<{ lastSuccessAt: string | null; lastRun: { status: string } }>;
  }>().destinations;
  expect(destination.lastSuccessAt).not.toBeNull();
  expect(destination.lastRun.status).toBe('succeeded');
  const history = await h.call(viewer, { method: 'GET', url: `${base()}/${id}/runs` });
  expect(history.json<{ runs: unknown[] }>().runs).toHaveLength(2);
});

test('test connection before saving answers as the saved test does, and stores nothing', async () => {
  const saved = await create(segmentBody('wrong-token', 'Segment wrong'));
  const savedAnswer = (await h.call(admin, { method: 'POST', url: `${base()}/${saved}/test` })).json();
  const unsaved = (token: string) =>
    h.call(admin, {
      method: 'POST',
      url: `${base()}/test`,
      payload: {
        type: 'segment',
        settings: { kind: 'segment', trackingPlanId: L.segment.trackingPlanId },
        credentials: { kind: 'segment', token },
      },
    });
  const refused = await unsaved('wrong-token');
  expect(refused.statusCode).toBe(200);
  expect(refused.json()).toEqual(savedAnswer);
  expect(refused.json()).toMatchObject({ ok: false, code: 'destination_auth_failed' });
  expect((await unsaved(L.segment.token)).json()).toMatchObject({ ok: true });

  const mismatched = await h.call(admin, {
    method: 'POST',
    url: `${base()}/test`,
    payload: {
      type: 'segment',
      settings: { kind: 'segment', trackingPlanId: L.segment.trackingPlanId },
      credentials: { kind: 'rudderstack', token: 't' },
    },
  });
  expect(mismatched.statusCode).toBe(400);
  expect(mismatched.json()).toMatchObject({ code: 'destination_kind_mismatch' });
  const extra = await h.call(admin, {
    method: 'POST',
    url: `${base()}/test`,
    payload: { ...segmentBody(), name: 'not part of a test' },
  });
  expect(extra.statusCode).toBe(400);
  const byViewer = await h.call(viewer, {
    method: 'POST',
    url: `${base()}/test`,
    payload: {
      type: 'amplitude',
      settings: { kind: 'amplitude' },
      credentials: { kind: 'amplitude', apiKey: 'a', secretKey: 'b' },
    },
  });
  expect(byViewer.statusCode).toBe(403);
  const { rows } = await h.admin.query(`SELECT id FROM integrations.destinations WHERE company_id = $1`, [companyId]);
  expect(rows).toEqual([{ id: saved }]);
  expect(sandbox.writes('segment')).toHaveLength(0);
});

test('a run whose worker died is taken over and finishes without creating anything twice', async () => {
  const id = await create(segmentBody());
  const started = await h.call(admin, { method: 'POST', url: `${base()}/${id}/sync` });
  const { runId } = started.json<{ runId: string }>();
  // A worker claims the run, pushes part of the plan and dies: its lease runs out.
  await h.admin.query(`SELECT * FROM integrations.claim_destination_runs(10, 60)`);
  const partial = samplePlan();
  await push(sandbox, 'segment', { snapshot: { ...partial, events: partial.events.slice(0, 3) } });
  const createdBefore = sandbox.state.segment.trackingPlans[L.segment.trackingPlanId].length;
  expect(createdBefore).toBeGreaterThan(0);
  await h.admin.query(
    `UPDATE integrations.destination_runs SET lease_until = now() - interval '1 second' WHERE id = $1`,
    [runId],
  );
  await h.deps.sync.drain();
  const run = await h.call(viewer, { method: 'GET', url: `/api/integrations/${companyId}/sync-runs/${runId}` });
  expect(run.json()).toMatchObject({ status: 'succeeded', attempts: 2 });
  const rules = sandbox.state.segment.trackingPlans[L.segment.trackingPlanId];
  const keys = rules.map((r) => `${r.type}:${r.key ?? ''}`);
  expect(new Set(keys).size).toBe(keys.length);
  const operations = run.json<{ operations: Array<{ action: string }> }>().operations;
  // What the dead worker created comes back as nothing to do; only the rest is created.
  expect(rules.length).toBeGreaterThan(createdBefore);
  expect(operations.filter((o) => o.action === 'create')).toHaveLength(rules.length - createdBefore);
});

test("another company's destination and runs are not found under one's own company", async () => {
  const otherCompany = randomUUID();
  h.peer.plans.set(otherCompany, samplePlan());
  const otherAdmin = await h.user(otherCompany, 'admin');
  const created = await h.call(otherAdmin, {
    method: 'POST',
    url: `/api/integrations/${otherCompany}/destinations`,
    payload: segmentBody(),
  });
  const otherId = created.json<{ id: string }>().id;
  for (const attempt of [
    { method: 'PATCH' as const, url: `${base()}/${otherId}`, payload: { name: 'mine' } },
    { method: 'DELETE' as const, url: `${base()}/${otherId}` },
    { method: 'POST' as const, url: `${base()}/${otherId}/sync` },
    { method: 'POST' as const, url: `${base()}/${otherId}/preview` },
  ]) {
    const response = await h.call(admin, attempt);
    expect({ url: attempt.url, status: response.statusCode }).toEqual({ url: attempt.url, status: 404 });
  }
});

test('a process stopping mid-push puts the run back in the queue at once, and another finishes it', async () => {
  const id = await create(segmentBody());
  const worker = await h.replica({ DESTINATION_SYNC_WORKER: 'true', DESTINATION_SYNC_POLL_MS: '50' });
  // Segment answers the first call with a 429 asking for a second: the push is mid-way when the process stops.
  sandbox.storm('segment', 1, 1);
  const started = await h.call(admin, { method: 'POST', url: `${base()}/${id}/sync` });
  const { runId } = started.json<{ runId: string }>();
  const runRow = async () =>
    (
      await h.admin.query(`SELECT status, lease_token, attempts FROM integrations.destination_runs WHERE id = $1`, [
        runId,
      ])
    ).rows[0];
  await waitFor(runRow, {
    until: (row) => row.status === 'running',
    timeoutMs: 10000,
    intervalMs: 20,
    message: 'claimed',
  });
  await worker.close();
  expect(await runRow()).toEqual({ status: 'queued', lease_token: null, attempts: 1 });
  // What the stopping process applied is in the run's log.
  const logged = await h.admin.query(`SELECT status FROM integrations.destination_run_operations WHERE run_id = $1`, [
    runId,
  ]);
  expect(logged.rows.length).toBeGreaterThan(0);
  await h.deps.sync.drain();
  expect(await runRow()).toMatchObject({ status: 'succeeded', attempts: 2 });
});

test('upsert never deletes; mirror deletes only what Tracemap put there', async () => {
  const id = await create(segmentBody());
  expect((await pushAndWait(id)).status).toBe('succeeded');
  const rules = sandbox.state.segment.trackingPlans[L.segment.trackingPlanId];
  // Made by hand in Segment: no Tracemap mark.
  const stamp = new Date().toISOString();
  rules.push({
    type: 'TRACK',
    key: 'Hand Made',
    version: 1,
    jsonSchema: { description: 'by hand' },
    createdAt: stamp,
    updatedAt: stamp,
  });
  const plan = samplePlan();
  const dropped = plan.events.find((e) => e.kind === 'track')!;
  h.peer.plans.set(companyId, {
    ...plan,
    version: `${plan.version}-b`,
    events: plan.events.filter((e) => e !== dropped),
  });
  const preview = async () =>
    (await h.call(admin, { method: 'POST', url: `${base()}/${id}/preview` })).json<{
      mode: string;
      operations: Array<{ action: string; key: string }>;
    }>();
  const upsert = await preview();
  expect(upsert.mode).toBe('upsert');
  expect(upsert.operations.filter((o) => o.action === 'delete')).toEqual([]);

  const patched = await h.call(admin, { method: 'PATCH', url: `${base()}/${id}`, payload: { mode: 'mirror' } });
  expect(patched.json()).toMatchObject({ mode: 'mirror', settings: { mode: 'mirror' } });
  const mirror = await preview();
  const deletes = mirror.operations.filter((o) => o.action === 'delete').map((o) => o.key);
  expect(deletes.some((key) => key.includes(dropped.name))).toBe(true);
  expect(deletes.some((key) => key.includes('Hand Made'))).toBe(false);
  expect((await pushAndWait(id)).status).toBe('succeeded');
  const left = sandbox.state.segment.trackingPlans[L.segment.trackingPlanId].map((r) => r.key);
  expect(left).toContain('Hand Made');
  expect(left).not.toContain(dropped.name);
});
