import { randomUUID } from 'node:crypto';
import { planSnapshotClient } from '@tracemap/contracts';
import { createInternalClient } from '@tracemap/service-kit';
import { waitFor } from '@tracemap/test-kit';
import { SERVICE_TOKEN, startHarness, type Harness } from '../../support/harness';
import { api, planWorld, type PlanWorld } from '../plan-support';

let h: Harness;
let world: PlanWorld;
let other: PlanWorld;

beforeAll(async () => {
  h = await startHarness();
  world = await planWorld(h);
  other = await planWorld(h);
});
afterAll(() => h?.close());

const snapshotOf = (companyId: string, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'GET',
    url: `/internal/companies/${companyId}/plan-snapshot`,
    headers: { 'x-service-token': SERVICE_TOKEN, ...headers },
  });

test('the snapshot holds the plan with effective attributes by layer, and never another company', async () => {
  const plan = api(h, world);
  const sys = await plan.create('attributes', { name: 'app_version', scope: 'system' });
  const category = await plan.create('attributes', { name: 'page_category', scope: 'view', exposed: false });
  const sku = await plan.create('attributes', { name: 'sku' });
  const event = await plan.create('events', {
    name: 'Product Viewed',
    attributes: [{ attributeId: sku.id, presence: 'required' }],
  });
  const view = await plan.create('views', {
    name: 'Product Page',
    urlPattern: '/products/:id',
    attributes: [{ attributeId: category.id, presence: 'required' }],
    events: [{ eventId: event.id }],
  });
  const foreign = await api(h, other).create('events', { name: 'Foreign Event' });

  const response = await snapshotOf(world.companyId);
  expect(response.statusCode).toBe(200);
  const snapshot = response.json();
  expect(response.headers.etag).toBe(`"${snapshot.version}"`);
  expect(snapshot).toMatchObject({ companyId: world.companyId, attributeInheritance: true });
  expect(snapshot.attributes.map((a: { name: string }) => a.name).sort()).toEqual([
    'app_version',
    'page_category',
    'sku',
  ]);
  expect(snapshot.views).toEqual([expect.objectContaining({ id: view.id, urlPattern: '/products/:id' })]);
  const [seen] = snapshot.events;
  expect(snapshot.events).toHaveLength(1);
  const byId = Object.fromEntries(seen.effective.map((a: { attributeId: string }) => [a.attributeId, a]));
  expect(byId[sys.id]).toMatchObject({ layer: 'system', presence: 'optional' });
  // Attributes hidden from viewers are still in a service's snapshot: discovery filters per caller.
  expect(byId[category.id]).toMatchObject({
    layer: 'view',
    presence: 'required',
    sources: [{ layer: 'view', id: view.id, name: 'Product Page', presence: 'required' }],
  });
  expect(byId[sku.id]).toMatchObject({ layer: 'event', presence: 'required' });
  expect(response.body).not.toContain(foreign.id);
  expect(response.body).not.toContain('Foreign Event');
});

test('the ETag stays while nothing changes, answers 304, and changes after an edit or a settings change', async () => {
  const plan = api(h, other);
  const first = await snapshotOf(other.companyId);
  const etag = first.headers.etag as string;
  expect((await snapshotOf(other.companyId)).headers.etag).toBe(etag);

  const unchanged = await snapshotOf(other.companyId, { 'if-none-match': etag });
  expect(unchanged.statusCode).toBe(304);
  expect(unchanged.body).toBe('');
  expect((await snapshotOf(other.companyId, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);

  await plan.create('attributes', { name: 'coupon_code' });
  const edited = await snapshotOf(other.companyId, { 'if-none-match': etag });
  expect(edited.statusCode).toBe(200);
  expect(edited.headers.etag).not.toBe(etag);
  expect(edited.json().attributes.map((a: { name: string }) => a.name)).toContain('coupon_code');

  const settings = await h.call(other.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: other.companyId, attributeInheritance: false },
  });
  expect(settings.statusCode).toBe(200);
  const afterSettings = await snapshotOf(other.companyId);
  expect(afterSettings.headers.etag).not.toBe(edited.headers.etag);
  expect(afterSettings.json().attributeInheritance).toBe(false);
});

test('a change written past this replica (straight to the database) is heard: the kept version goes and the old ETag gets the new plan', async () => {
  await h.app.companyService.deps.planReads.channel!.whenUp(15_000);
  const first = await snapshotOf(world.companyId);
  const etag = first.headers.etag as string;
  expect((await snapshotOf(world.companyId, { 'if-none-match': etag })).statusCode).toBe(304);
  const [event] = first.json().events;
  await h.admin.query(
    `UPDATE company.plan_events SET description = 'Changed elsewhere' WHERE company_id = $1 AND id = $2`,
    [world.companyId, event.id],
  );
  const changed = await waitFor(() => snapshotOf(world.companyId, { 'if-none-match': etag }), {
    until: (response) => response.statusCode === 200,
  });
  expect(changed.headers.etag).not.toBe(etag);
  expect(changed.json().events[0].description).toBe('Changed elsewhere');
});

test('the route needs the service token and a known company', async () => {
  const refused = await h.app.inject({ method: 'GET', url: `/internal/companies/${world.companyId}/plan-snapshot` });
  expect(refused.statusCode).toBe(401);
  expect((await snapshotOf(randomUUID())).json()).toMatchObject({ statusCode: 404, code: 'company_not_found' });
});

test('the typed client reads the snapshot, then learns it is unchanged', async () => {
  const url = await h.app.listen({ port: 0, host: '127.0.0.1' });
  const client = planSnapshotClient(createInternalClient({ baseUrl: url, serviceToken: SERVICE_TOKEN }));
  const read = await client.planSnapshot(world.companyId);
  if (read.status !== 'changed') throw new Error('expected a snapshot');
  expect(read.snapshot.companyId).toBe(world.companyId);
  expect(await client.planSnapshot(world.companyId, { knownVersion: read.snapshot.version })).toEqual({
    status: 'unchanged',
  });
});
