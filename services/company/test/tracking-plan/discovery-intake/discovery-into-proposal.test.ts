import type { DiscoveryIntakeChange } from '@tracemap/contracts';
import { SERVICE_TOKEN, startHarness, type Harness } from '../../support/harness';
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

const intake = (change: DiscoveryIntakeChange) =>
  h.app.inject({
    method: 'POST',
    url: `/internal/companies/${world.companyId}/discovery-intake`,
    headers: { 'x-service-token': SERVICE_TOKEN },
    payload: { userId: world.creator.id, change },
  });
const addEvent = (name: string): DiscoveryIntakeChange => ({
  action: 'add-event',
  event: { name, kind: 'track' },
  attributes: [{ attribute: { name: `${name} id`, type: 'string' }, presence: 'required' }],
});
const settings = (changes: Record<string, unknown>) =>
  h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, ...changes },
  });
const names = async (query = '') =>
  body(await plan.get(`/events${query}`)).items.map((e: { name: string }) => e.name) as string[];

test('with "changes go through proposals", discovery adds to its own draft proposal and the live plan stays as it was', async () => {
  expect((await settings({ proposalsRequired: true })).statusCode).toBe(200);
  const live = (await plan.get('/tracking-plan/export')).body;

  const first = await intake(addEvent('Trial Started'));
  expect(first.statusCode).toBe(200);
  const { proposal } = body(first);
  expect(proposal).toEqual({ id: expect.any(String), name: 'From discovery', created: true });
  expect(body(first).event).toMatchObject({ name: 'Trial Started', created: true });
  // The live plan, row for row, is what it was; the proposal has the event and its attribute.
  expect((await plan.get('/tracking-plan/export')).body).toBe(live);
  expect(await names(`?proposal=${proposal.id}`)).toContain('Trial Started');
  const opened = body(await plan.get(`/proposals/${proposal.id}`));
  expect(opened).toMatchObject({ status: 'draft', authorId: world.creator.id });
  const diff = body(await plan.get(`/proposals/${proposal.id}/diff`));
  expect(diff.added.map((a: { name: string }) => a.name).sort()).toEqual(['Trial Started', 'Trial Started id']);

  // The next addition extends the same draft; a property of an event added there lands there too.
  const second = await intake(addEvent('Trial Ended'));
  expect(body(second).proposal).toEqual({ ...proposal, created: false });
  const property = await intake({
    action: 'add-properties',
    eventId: body(first).event.id,
    attributes: [{ attribute: { name: 'plan', type: 'string' }, presence: 'optional' }],
  });
  expect(property.statusCode).toBe(200);
  expect(body(property).proposal.id).toBe(proposal.id);
  expect((await plan.get('/tracking-plan/export')).body).toBe(live);

  // Once that draft is up for review, discovery opens a new one rather than change it under its reviewers.
  const ready = await plan.post(`/proposals/${proposal.id}/status`, { status: 'ready_for_review' }, world.creator);
  expect(ready.statusCode).toBe(200);
  const third = await intake(addEvent('Trial Extended'));
  expect(body(third).proposal).toMatchObject({ name: 'From discovery', created: true });
  expect(body(third).proposal.id).not.toBe(proposal.id);
  expect(await names(`?proposal=${proposal.id}`)).not.toContain('Trial Extended');

  // With no draft of discovery's left, two additions at once open one between them.
  const closed = await plan.post(`/proposals/${body(third).proposal.id}/status`, { status: 'closed' }, world.creator);
  expect(closed.statusCode).toBe(200);
  const [a, b] = await Promise.all([intake(addEvent('Seat Added')), intake(addEvent('Seat Removed'))]);
  expect(body(a).proposal.id).toBe(body(b).proposal.id);
  expect([body(a).proposal.created, body(b).proposal.created].sort()).toEqual([false, true]);
  expect(await names(`?proposal=${body(a).proposal.id}`)).toEqual(
    expect.arrayContaining(['Seat Added', 'Seat Removed']),
  );
});

test('without the setting, discovery adds to the live plan as before and names no proposal', async () => {
  expect((await settings({ proposalsRequired: false })).statusCode).toBe(200);
  const response = await intake(addEvent('Invoice Paid'));
  expect(response.statusCode).toBe(200);
  expect(body(response).proposal).toBeUndefined();
  expect(await names()).toContain('Invoice Paid');
});
