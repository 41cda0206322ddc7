import { startHarness, type Harness, type TestUser } from '../../support/harness';
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

async function open(name: string, user: TestUser = world.creator): Promise<string> {
  const response = await plan.post('/proposals', { name }, user);
  expect(response.statusCode).toBe(201);
  return body(response).id;
}

const settings = (changes: object) =>
  h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, ...changes },
  });

test('the diff lists added, changed (with inherited effective attributes) and removed entities, schemas and lint', async () => {
  const coupon = await plan.create('attributes', { name: 'coupon_code', scope: 'event', type: 'string' });
  const event = await plan.create('events', { name: 'Cart Viewed' });
  const view = await plan.create('views', { name: 'Cart', events: [{ eventId: event.id }] });
  const gone = await plan.create('events', { name: 'Legacy Event' });
  const id = await open('Coupons on the cart');
  const q = `?proposal=${id}`;
  // The view carries the attribute now: the event's effective attributes change through inheritance.
  expect(
    (await plan.patch(`/views/${view.id}${q}`, { attributes: [{ attributeId: coupon.id, presence: 'required' }] }))
      .statusCode,
  ).toBe(200);
  expect((await plan.post(`/events${q}`, { name: 'Coupon Applied' })).statusCode).toBe(201);
  expect((await plan.delete(`/events/${gone.id}${q}`)).statusCode).toBe(204);

  const diff = body(await plan.get(`/proposals/${id}/diff`, world.creator));
  expect(diff.added).toEqual([expect.objectContaining({ kind: 'event', name: 'Coupon Applied' })]);
  expect(diff.removed).toEqual([{ kind: 'event', id: gone.id, name: 'Legacy Event' }]);
  const viewChange = diff.changed.find((c: { id: string }) => c.id === view.id);
  expect(viewChange.changes.map((c: { field: string }) => c.field)).toEqual(['attributes']);
  const eventChange = diff.changed.find((c: { id: string }) => c.id === event.id);
  expect(eventChange.changes).toEqual([
    {
      field: 'effectiveAttributes',
      before: [],
      after: [expect.objectContaining({ name: 'coupon_code', presence: 'required' })],
    },
  ]);
  const schema = diff.schemas.find((s: { eventId: string }) => s.eventId === event.id);
  expect(schema.before.required ?? []).toEqual([]);
  expect(schema.after.required).toEqual(['coupon_code']);
  expect(diff.lint).toEqual({
    before: expect.objectContaining({ findings: expect.any(Array) }),
    after: expect.objectContaining({ findings: expect.any(Array) }),
  });
  // Viewers do not see diffs (they show attributes hidden from them).
  expect((await plan.get(`/proposals/${id}/diff`, world.viewer)).statusCode).toBe(403);
});

test('changes on separate fields merge silently with what the live plan did meanwhile', async () => {
  const event = await plan.create('events', { name: 'Signup Started', description: 'base' });
  const id = await open('Describe signup');
  expect((await plan.patch(`/events/${event.id}?proposal=${id}`, { category: 'auth' })).statusCode).toBe(200);
  expect((await plan.patch(`/events/${event.id}`, { description: 'live edit' })).statusCode).toBe(200);

  const merged = await plan.post(`/proposals/${id}/merge`, {}, world.creator);
  expect(merged.statusCode).toBe(200);
  const live = body(await plan.get(`/events/${event.id}`));
  expect(live).toMatchObject({ category: 'auth', description: 'live edit' });
  const versions = body(await plan.get('/plan-versions'));
  expect(versions.items[0]).toMatchObject({ version: body(merged).version, proposalId: id });
  const { rows } = await h.admin.query(
    `SELECT action, proposal_id FROM company.plan_history WHERE company_id = $1 AND entity_id = $2 ORDER BY id DESC LIMIT 1`,
    [world.companyId, event.id],
  );
  expect(rows[0]).toEqual({ action: 'updated', proposal_id: id });
  // The merged version is the live plan as it now reads: the next proposal starts from it without taking another.
  const next = await plan.post('/proposals', { name: 'After the merge' }, world.creator);
  expect(body(next).baseVersion).toBe(body(merged).version);
  // The merged version is a file like the plan's export, and diffs with the version before it.
  const file = JSON.parse((await plan.get(`/plan-versions/${body(merged).version}/export`)).body);
  expect(file.events.find((e: { id: string }) => e.id === event.id)).toMatchObject({ category: 'auth' });
  const versionDiff = body(
    await plan.get(`/plan-versions/${body(merged).version}/diff?against=${versions.items[1].version}`),
  );
  // Against the proposal's base: its change and the live edit made meanwhile.
  expect(versionDiff.changed).toEqual([
    expect.objectContaining({
      id: event.id,
      changes: [
        { field: 'category', before: '', after: 'auth' },
        { field: 'description', before: 'base', after: 'live edit' },
      ],
    }),
  ]);
});

test('a field changed on both sides is a conflict until resolved; the merge then takes the chosen side', async () => {
  const event = await plan.create('events', { name: 'Plan Upgraded', description: 'base' });
  const id = await open('Upgrade wording');
  await plan.patch(`/events/${event.id}?proposal=${id}`, { description: 'from proposal' });
  await plan.patch(`/events/${event.id}`, { description: 'from live' });
  const versionsBefore = body(await plan.get('/plan-versions')).items.length;

  const refused = await plan.post(`/proposals/${id}/merge`, {}, world.creator);
  expect(refused.statusCode).toBe(409);
  expect(body(refused)).toMatchObject({
    code: 'merge_conflict',
    conflicts: [
      { kind: 'event', id: event.id, field: 'description', base: 'base', proposal: 'from proposal', live: 'from live' },
    ],
  });
  expect(body(await plan.get(`/events/${event.id}`)).description).toBe('from live');
  expect(body(await plan.get('/plan-versions')).items).toHaveLength(versionsBefore);

  const resolved = await plan.post(`/proposals/${id}/resolve`, {
    resolutions: [{ kind: 'event', id: event.id, field: 'description', take: 'proposal' }],
  });
  expect(body(resolved)).toEqual({ conflicts: [] });
  expect((await plan.post(`/proposals/${id}/merge`, {}, world.creator)).statusCode).toBe(200);
  expect(body(await plan.get(`/events/${event.id}`)).description).toBe('from proposal');
});

test('a merge that would take one name twice is refused with merge_breaks_plan, and changes nothing', async () => {
  const id = await open('Same name');
  expect((await plan.post(`/events?proposal=${id}`, { name: 'Twice Named' })).statusCode).toBe(201);
  expect((await plan.post('/events', { name: 'Twice Named' })).statusCode).toBe(201);
  const before = (await plan.get('/tracking-plan/export')).body;
  const refused = await plan.post(`/proposals/${id}/merge`, {}, world.creator);
  expect(refused.statusCode).toBe(409);
  expect(body(refused).code).toBe('merge_breaks_plan');
  expect((await plan.get('/tracking-plan/export')).body).toBe(before);
  expect(body(await plan.get(`/proposals/${id}`)).status).toBe('draft');
});

test('with "changes go through proposals", direct edits are refused for all but owners; proposals still work', async () => {
  expect((await settings({ proposalsRequired: true })).statusCode).toBe(200);
  const refused = await plan.post('/events', { name: 'Direct Edit' }, world.creator);
  expect(refused.statusCode).toBe(409);
  expect(body(refused)).toMatchObject({ code: 'proposal_required', message: expect.stringContaining('proposal') });
  expect(body(await plan.get('/events')).items.map((e: { name: string }) => e.name)).not.toContain('Direct Edit');
  // Owners may still edit directly; a dry-run import only computes its diff.
  expect((await plan.post('/events', { name: 'Owner Edit' }, world.owner)).statusCode).toBe(201);
  const dryRun = await h.call(world.creator, {
    method: 'POST',
    url: `${plan.base}/tracking-plan/import?format=native&dryRun=true`,
    payload: (await plan.get('/tracking-plan/export')).body,
    headers: { 'content-type': 'application/json' },
  });
  expect(dryRun.statusCode).toBe(200);
  const id = await open('Through a proposal');
  expect((await plan.post(`/events?proposal=${id}`, { name: 'Proposed Edit' }, world.creator)).statusCode).toBe(201);
  await settings({ proposalsRequired: false });
});
