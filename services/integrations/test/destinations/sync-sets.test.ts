import { randomUUID } from 'node:crypto';
import { emptyState, LOCAL_DESTINATIONS as L, type DestinationsSandbox } from '@tracemap/destinations-sandbox';
import { startHarness, type Harness, type TestUser } from '../support/harness';
import { samplePlan } from './destinations-fixtures';

/**
 * Pushing several destinations as one set: the runs share one plan version (also a run taken
 * over after its worker died), lastSync moves once and only when every run of the set
 * succeeded, a failed destination shows its own error, and asking twice pushes once.
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

interface SetView {
  status: string;
  planVersion: string | null;
  finishedAt: string | null;
  runs: Array<{ id: string; destinationId: string; setId: string; status: string }>;
}

async function createSegment() {
  const response = await h.call(admin, {
    method: 'POST',
    url: base(),
    payload: {
      type: 'segment',
      name: 'Segment',
      settings: { kind: 'segment', trackingPlanId: L.segment.trackingPlanId },
      credentials: { kind: 'segment', token: L.segment.token },
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function createRudderstack(token: string) {
  const response = await h.call(admin, {
    method: 'POST',
    url: base(),
    payload: {
      type: 'rudderstack',
      name: 'RudderStack',
      settings: { kind: 'rudderstack', trackingPlanId: L.rudderstack.trackingPlanId },
      credentials: { kind: 'rudderstack', token },
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

async function startSet(destinationIds: string[]) {
  const started = await h.call(admin, { method: 'POST', url: `${base()}/sync`, payload: { destinationIds } });
  expect(started.statusCode).toBe(202);
  return started.json<{ setId: string; runIds: string[] }>();
}

async function readSet(setId: string) {
  const response = await h.call(viewer, { method: 'GET', url: `/api/integrations/${companyId}/sync-sets/${setId}` });
  expect(response.statusCode).toBe(200);
  return response.json<SetView>();
}

async function destinationsById() {
  const list = await h.call(viewer, { method: 'GET', url: base() });
  const rows = list.json<{
    destinations: Array<{ id: string; lastError: string | null; lastSuccessAt: string | null }>;
  }>().destinations;
  return new Map(rows.map((d) => [d.id, d]));
}

test('a set with a failed destination leaves lastSync alone; once both succeed it moves once', async () => {
  const segment = await createSegment();
  const rudder = await createRudderstack('revoked-token');
  const failing = await startSet([segment, rudder]);
  expect(failing.runIds).toHaveLength(2);
  expect(await readSet(failing.setId)).toMatchObject({ status: 'running', finishedAt: null });
  await h.deps.sync.drain();

  const failed = await readSet(failing.setId);
  expect(failed.status).toBe('failed');
  expect(failed.finishedAt).not.toBeNull();
  expect(new Map(failed.runs.map((r) => [r.destinationId, r.status]))).toEqual(
    new Map([
      [segment, 'succeeded'],
      [rudder, 'failed'],
    ]),
  );
  expect(failed.runs.every((r) => r.setId === failing.setId)).toBe(true);
  expect(h.peer.lastSyncs.get(companyId)).toBeUndefined();
  const afterFailure = await destinationsById();
  expect(afterFailure.get(rudder)).toMatchObject({
    lastSuccessAt: null,
    lastError: expect.stringContaining('rudderstack'),
  });
  expect(afterFailure.get(segment)!.lastSuccessAt).not.toBeNull();

  const fixed = await h.call(admin, {
    method: 'PATCH',
    url: `${base()}/${rudder}`,
    payload: { credentials: { kind: 'rudderstack', token: L.rudderstack.token } },
  });
  expect(fixed.statusCode).toBe(200);
  // The company service is down when the set completes: lastSync waits in the outbox.
  h.peer.lastSyncDown = true;
  const passing = await startSet([segment, rudder]);
  await h.deps.sync.drain();
  expect(await readSet(passing.setId)).toMatchObject({ status: 'succeeded', planVersion: samplePlan().version });
  expect(h.peer.lastSyncs.get(companyId)).toBeUndefined();
  h.peer.lastSyncDown = false;
  await h.deps.sync.drain();
  expect(h.peer.lastSyncs.get(companyId)).toHaveLength(1);
  await h.deps.sync.drain();
  expect(h.peer.lastSyncs.get(companyId)).toHaveLength(1);
  // The set's snapshot is not kept once every run finished.
  const { rows } = await h.admin.query(`SELECT snapshot_gzip FROM integrations.destination_sync_sets WHERE id = $1`, [
    passing.setId,
  ]);
  expect(rows).toEqual([{ snapshot_gzip: null }]);
});

test('every run of a set pushes the same plan version, a run taken over after a crash too', async () => {
  const segment = await createSegment();
  const rudder = await createRudderstack(L.rudderstack.token);
  const plan = samplePlan();
  const { setId, runIds } = await startSet([segment, rudder]);
  // A worker claims one run and dies before doing anything: its lease runs out later.
  const { rows: claimed } = await h.admin.query<{ run_id: string }>(
    `SELECT run_id FROM integrations.claim_destination_runs(1, 60)`,
  );
  expect(runIds).toContain(claimed[0].run_id);
  await h.deps.sync.drain();
  // The plan changes while the set is still open: a new event the set must not push.
  const added = { ...plan.events.find((e) => e.kind === 'track')!, name: 'Added After The Set Started' };
  h.peer.plans.set(companyId, { ...plan, version: `${plan.version}-later`, events: [...plan.events, added] });
  expect((await readSet(setId)).status).toBe('running');
  // Kept compressed on the set while a run of it is open.
  const { rows: kept } = await h.admin.query(
    `SELECT snapshot_gzip IS NOT NULL AS kept FROM integrations.destination_sync_sets WHERE id = $1`,
    [setId],
  );
  expect(kept).toEqual([{ kept: true }]);
  await h.admin.query(
    `UPDATE integrations.destination_runs SET lease_until = now() - interval '1 second' WHERE id = $1`,
    [claimed[0].run_id],
  );
  await h.deps.sync.drain();

  const done = await readSet(setId);
  expect(done).toMatchObject({ status: 'succeeded', planVersion: plan.version });
  const { rows: versions } = await h.admin.query<{ plan_version: string }>(
    `SELECT plan_version FROM integrations.destination_runs WHERE set_id = $1`,
    [setId],
  );
  expect(versions.map((r) => r.plan_version)).toEqual([plan.version, plan.version]);
  const segmentKeys = sandbox.state.segment.trackingPlans[L.segment.trackingPlanId].map((r) => r.key);
  expect(segmentKeys).not.toContain(added.name);
  expect(JSON.stringify(sandbox.state.rudderstack)).not.toContain(added.name);
  expect(h.peer.lastSyncs.get(companyId)).toHaveLength(1);
});

test('asking twice pushes once; a destination already in another open set is refused with nothing queued', async () => {
  const segment = await createSegment();
  const rudder = await createRudderstack(L.rudderstack.token);
  const first = await startSet([segment, rudder]);
  const again = await startSet([segment, rudder]);
  expect(again).toEqual(first);
  const reordered = await startSet([rudder, segment]);
  expect(reordered).toEqual({ setId: first.setId, runIds: [...first.runIds].reverse() });

  const single = await h.call(admin, { method: 'POST', url: `${base()}/${segment}/sync` });
  expect(single.statusCode).toBe(202);
  expect(single.json()).toEqual({ runId: first.runIds[0], setId: first.setId });

  const amplitude = await h.call(admin, {
    method: 'POST',
    url: base(),
    payload: {
      type: 'amplitude',
      name: 'Amplitude',
      settings: { kind: 'amplitude' },
      credentials: { kind: 'amplitude', apiKey: L.amplitude.apiKey, secretKey: L.amplitude.secretKey },
    },
  });
  const amplitudeId = amplitude.json<{ id: string }>().id;
  const overlapping = await h.call(admin, {
    method: 'POST',
    url: `${base()}/sync`,
    payload: { destinationIds: [amplitudeId, segment] },
  });
  expect(overlapping.statusCode).toBe(409);
  expect(overlapping.json()).toMatchObject({
    code: 'destination_sync_busy',
    message: expect.stringContaining('Segment'),
  });
  const part = await h.call(admin, { method: 'POST', url: `${base()}/sync`, payload: { destinationIds: [segment] } });
  expect(part.statusCode).toBe(409);
  const { rows } = await h.admin.query(`SELECT 1 FROM integrations.destination_runs WHERE company_id = $1`, [
    companyId,
  ]);
  expect(rows).toHaveLength(2);
});

test('bad sets are refused with a code and queue nothing', async () => {
  const segment = await createSegment();
  const otherCompany = randomUUID();
  const otherAdmin = await h.user(otherCompany, 'admin');
  const other = await h.call(otherAdmin, {
    method: 'POST',
    url: `/api/integrations/${otherCompany}/destinations`,
    payload: {
      type: 'segment',
      name: 'Theirs',
      settings: { kind: 'segment', trackingPlanId: L.segment.trackingPlanId },
      credentials: { kind: 'segment', token: L.segment.token },
    },
  });
  const theirs = other.json<{ id: string }>().id;
  for (const [payload, status] of [
    [{ destinationIds: [] }, 400],
    [{ destinationIds: [segment, segment] }, 400],
    [{ destinationIds: ['not-a-uuid'] }, 400],
    [{}, 400],
    [{ destinationIds: [segment, randomUUID()] }, 404],
    [{ destinationIds: [segment, theirs] }, 404],
  ] as const) {
    const response = await h.call(admin, { method: 'POST', url: `${base()}/sync`, payload });
    expect({ payload, status: response.statusCode }).toEqual({ payload, status });
    expect(response.json<{ message: string }>().message).toBeTruthy();
  }
  const viewerPush = await h.call(viewer, {
    method: 'POST',
    url: `${base()}/sync`,
    payload: { destinationIds: [segment] },
  });
  expect(viewerPush.statusCode).toBe(403);
  const { rows } = await h.admin.query(`SELECT 1 FROM integrations.destination_sync_sets WHERE company_id = $1`, [
    companyId,
  ]);
  expect(rows).toHaveLength(0);
  const unknown = await h.call(viewer, {
    method: 'GET',
    url: `/api/integrations/${companyId}/sync-sets/${randomUUID()}`,
  });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toMatchObject({ code: 'sync_set_not_found' });
});

test('a single push is a set of one and moves lastSync when it succeeds', async () => {
  const segment = await createSegment();
  const started = await h.call(admin, { method: 'POST', url: `${base()}/${segment}/sync` });
  const { runId, setId } = started.json<{ runId: string; setId: string }>();
  await h.deps.sync.drain();
  const set = await readSet(setId);
  expect(set).toMatchObject({
    status: 'succeeded',
    planVersion: samplePlan().version,
    runs: [{ id: runId, destinationId: segment }],
  });
  expect(h.peer.lastSyncs.get(companyId)).toHaveLength(1);
});
