import { randomUUID } from 'node:crypto';
import { emptyState, LOCAL_DESTINATIONS as L, type DestinationsSandbox } from '@tracemap/destinations-sandbox';
import { checkDrift } from '../../src/destinations/runs/check-drift';
import { startHarness, type Harness, type TestUser } from '../support/harness';
import { samplePlan } from './destinations-fixtures';

/**
 * The drift check reads each destination (never writes), stores how many differences a push
 * would settle, and announces a non-zero count through the notifications intake once a day.
 */

let h: Harness;
let sandbox: DestinationsSandbox;
let companyId: string;
let admin: TestUser;

beforeAll(async () => {
  h = await startHarness();
  sandbox = h.destinations;
});
afterAll(() => h?.close());

beforeEach(async () => {
  Object.assign(sandbox.state, emptyState());
  companyId = randomUUID();
  h.peer.plans.set(companyId, samplePlan());
  admin = await h.user(companyId, 'admin');
});

async function pushedSegment(): Promise<string> {
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
  await h.call(admin, { method: 'POST', url: `/api/integrations/${companyId}/destinations/${id}/sync` });
  await h.deps.sync.drain();
  return id;
}

const driftOf = async (id: string) =>
  (await h.admin.query(`SELECT drift_count, drift_checked_at FROM integrations.destinations WHERE id = $1`, [id]))
    .rows[0] as { drift_count: number | null; drift_checked_at: Date | null };
const notifications = async () =>
  (
    await h.admin.query(`SELECT kind, subject, payload FROM integrations.notifications WHERE company_id = $1`, [
      companyId,
    ])
  ).rows;

test('a destination that matches the plan has no drift and raises nothing', async () => {
  const id = await pushedSegment();
  await checkDrift(h.deps, new Date());
  expect(await driftOf(id)).toMatchObject({ drift_count: 0, drift_checked_at: expect.any(Date) });
  expect(await notifications()).toEqual([]);
});

test('a rule changed in the destination is counted, announced once a day, and nothing is written', async () => {
  const id = await pushedSegment();
  const rules = sandbox.state.segment.trackingPlans[L.segment.trackingPlanId];
  rules.splice(0, 2);
  const writes = sandbox.writes().length;
  const now = new Date();
  await checkDrift(h.deps, now);
  expect(sandbox.writes()).toHaveLength(writes);
  expect((await driftOf(id)).drift_count).toBe(2);
  expect(await notifications()).toEqual([
    {
      kind: 'integration_failed',
      subject: `destination:${id}`,
      payload: expect.objectContaining({ severity: 'warning', category: 'destination_drift' }),
    },
  ]);
  // Checked again the same day (the check is due again once its interval, here 0, passed): no second notice.
  await checkDrift(h.deps, new Date(now.getTime() + 1000));
  expect(await notifications()).toHaveLength(1);
  const list = await h.call(admin, { method: 'GET', url: `/api/integrations/${companyId}/destinations` });
  expect(list.json()).toMatchObject({ destinations: [{ id, drift: { count: 2 } }] });
});
