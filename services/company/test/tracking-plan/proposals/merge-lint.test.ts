import { startHarness, type Harness } from '../../support/harness';
import { api, body, planWorld, type PlanWorld } from '../plan-support';

let h: Harness;
let world: PlanWorld;
let plan: ReturnType<typeof api>;

beforeAll(async () => {
  h = await startHarness();
  world = await planWorld(h);
  plan = api(h, world);
});
afterAll(async () => {
  await h?.close();
});

const settings = (changes: object) =>
  h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, ...changes },
  });

test('a merge that would bring lint errors the company blocks is refused like a save, with nothing written', async () => {
  // Made while descriptions were optional: the live plan already breaks the rule once it is strict.
  expect((await plan.post('/events', { name: 'Old Undescribed' }, world.creator)).statusCode).toBe(201);
  const opened = await plan.post('/proposals', { name: 'Undescribed additions' }, world.creator);
  const id = body(opened).id as string;
  const added = await plan.post(`/events?proposal=${id}`, { name: 'New Undescribed' }, world.creator);
  expect(added.statusCode).toBe(201);
  expect((await settings({ lintRules: { description: 'error' } })).statusCode).toBe(200);

  const before = (await plan.get('/tracking-plan/export')).body;
  const refused = await plan.post(`/proposals/${id}/merge`, {}, world.creator);
  expect(refused.statusCode).toBe(422);
  expect(body(refused).code).toBe('lint_failed');
  // Only what the merge would bring is named: the live plan's own finding does not block it.
  expect(body(refused).findings).toEqual([
    expect.objectContaining({ rule: 'description', entityKind: 'event', entityName: 'New Undescribed' }),
  ]);
  expect((await plan.get('/tracking-plan/export')).body).toBe(before);
  expect(body(await plan.get(`/proposals/${id}`)).status).toBe('draft');

  // Fixed inside the proposal, it merges, though the live plan's old finding is still there.
  const fixed = await plan.patch(
    `/events/${body(added).id}?proposal=${id}`,
    { description: 'Now described' },
    world.creator,
  );
  expect(fixed.statusCode).toBe(200);
  const merged = await plan.post(`/proposals/${id}/merge`, {}, world.creator);
  expect(merged.statusCode).toBe(200);
  const names = body(await plan.get('/events')).items.map((e: { name: string }) => e.name);
  expect(names).toEqual(expect.arrayContaining(['Old Undescribed', 'New Undescribed']));
  expect((await settings({ lintRules: {} })).statusCode).toBe(200);
});
