import { startHarness, type Harness } from '../support/harness';
import { api, planWorld, type PlanWorld } from './plan-support';

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

const counts = async () =>
  (
    await h.call(world.viewer, { method: 'POST', url: '/api/company/info', payload: { companyId: world.companyId } })
  ).json().objectCounts;

test('company info counts non-archived attributes, events and views, fresh after every change despite its cache', async () => {
  expect(await counts()).toEqual({ attributeCount: 0, eventCount: 0, viewCount: 0, mapCount: 0 });
  const attribute = await plan.create('attributes', { name: 'counted' });
  expect(await counts()).toEqual({ attributeCount: 1, eventCount: 0, viewCount: 0, mapCount: 0 });
  const event = await plan.create('events', {
    name: 'Counted',
    attributes: [{ attributeId: attribute.id, presence: 'optional' }],
  });
  await plan.create('views', { name: 'Counted View', events: [{ eventId: event.id }] });
  expect(await counts()).toEqual({ attributeCount: 1, eventCount: 1, viewCount: 1, mapCount: 0 });
  await plan.patch(`/events/${event.id}`, { status: 'archived' });
  expect((await counts()).eventCount).toBe(0);
  await plan.patch(`/events/${event.id}`, { status: 'live' });
  expect((await counts()).eventCount).toBe(1);
});

test('the OpenAPI document is public and describes the tracking-plan routes with their schemas', async () => {
  const response = await h.call(null, { method: 'GET', url: '/api/company/openapi.json' });
  expect(response.statusCode).toBe(200);
  const document = response.json();
  expect(document.openapi).toMatch(/^3\./);
  for (const path of [
    '/api/company/{companyId}/attributes',
    '/api/company/{companyId}/attributes/{id}',
    '/api/company/{companyId}/events/{id}/schema',
    '/api/company/{companyId}/events/{id}/effective-attributes',
    '/api/company/{companyId}/views/{id}/history',
    '/api/company/create',
    '/api/company/info',
  ]) {
    expect({ path, present: path in document.paths }).toEqual({ path, present: true });
  }
  const create = document.paths['/api/company/{companyId}/events'].post;
  expect(create.requestBody.content['application/json'].schema.properties.name).toMatchObject({
    type: 'string',
    maxLength: 120,
  });
  expect(create.responses['201']).toBeDefined();
  expect(Object.keys(document.paths).some((p) => p.startsWith('/internal'))).toBe(false);
});
