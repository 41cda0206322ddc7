import { randomUUID } from 'node:crypto';
import { waitFor } from '@tracemap/test-kit';
import { emptySnapshot } from '../support/company-peer';
import { startHarness, type Harness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.deps.planSnapshots.channel!.whenUp(15_000);
});
afterAll(() => h?.close());

test("a company's snapshot is asked once and kept until its plan is announced, then asked again by its ETag", async () => {
  const companyId = randomUUID();
  const other = randomUUID();
  h.peer.snapshots.set(companyId, emptySnapshot(companyId, 'v1'));
  h.peer.snapshots.set(other, emptySnapshot(other, 'w1'));
  const changed: string[] = [];
  const stop = h.deps.planSnapshots.onChange((id) => changed.push(id));
  const before = { ...h.peer.calls };

  expect((await h.deps.planSnapshots.get(companyId)).version).toBe('v1');
  expect((await h.deps.planSnapshots.get(companyId)).version).toBe('v1');
  expect((await h.deps.planSnapshots.get(other)).version).toBe('w1');
  expect(h.peer.calls.snapshots - before.snapshots).toBe(2);

  // An announcement without a change: the next read sends the version it holds and gets 304.
  await h.admin.query(`SELECT pg_notify('company_plan_events', $1)`, [`plan:${companyId}`]);
  await waitFor(() => changed.includes(companyId));
  expect((await h.deps.planSnapshots.get(companyId)).version).toBe('v1');
  expect(h.peer.calls.snapshotsUnchanged - before.snapshotsUnchanged).toBe(1);

  // A real change: the new version is read, and the other company's snapshot stays kept.
  h.peer.snapshots.set(companyId, emptySnapshot(companyId, 'v2'));
  await h.admin.query(`SELECT pg_notify('company_plan_events', $1)`, [`plan:${companyId}`]);
  await waitFor(async () => (await h.deps.planSnapshots.get(companyId)).version === 'v2');
  const asked = h.peer.calls.snapshots;
  expect((await h.deps.planSnapshots.get(other)).version).toBe('w1');
  expect(h.peer.calls.snapshots).toBe(asked);
  expect(changed).not.toContain(other);
  stop();
});

test('while plan announcements cannot be heard every read asks, and an unchanged plan costs a 304', async () => {
  const deaf = await startHarness({ env: { PLAN_SNAPSHOT_CACHE_MS: '0' } });
  try {
    const companyId = randomUUID();
    deaf.peer.snapshots.set(companyId, emptySnapshot(companyId, 'v1'));
    await deaf.deps.planSnapshots.get(companyId);
    await deaf.deps.planSnapshots.get(companyId);
    expect(deaf.peer.calls.snapshots).toBe(2);
    expect(deaf.peer.calls.snapshotsUnchanged).toBe(1);
  } finally {
    await deaf.close();
  }
});
