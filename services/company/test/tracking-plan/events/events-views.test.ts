import { randomUUID } from 'node:crypto';
import { createCompanyAs, startHarness, type Harness } from '../../support/harness';
import { api, planCounts, planWorld, type PlanWorld } from '../plan-support';

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

const ids = (items: Array<{ id: string }>) => items.map((i) => i.id);

test('an event links attributes in order; the detail shows the views it fires on and the attribute its users', async () => {
  const orderId = await plan.create('attributes', { name: 'order_id_ev' });
  const total = await plan.create('attributes', {
    name: 'total_ev',
    type: 'number',
    validation: { kind: 'range', min: 0 },
  });
  const created = await plan.post('/events', {
    name: 'Order Completed',
    description: 'Checkout finished',
    attributes: [
      { attributeId: total.id, presence: 'optional', validationOverride: { kind: 'range', min: 1, max: 1000 } },
      { attributeId: orderId.id, presence: 'required' },
    ],
  });
  expect(created.statusCode).toBe(201);
  const event = created.json();
  expect(event).toMatchObject({ name: 'Order Completed', kind: 'track', status: 'planned', version: 1 });
  expect(event.attributes).toEqual([
    { attributeId: total.id, presence: 'optional', validationOverride: { kind: 'range', min: 1, max: 1000 } },
    { attributeId: orderId.id, presence: 'required' },
  ]);
  const view = await plan.create('views', {
    name: 'Checkout',
    urlPattern: '/checkout/:step',
    events: [{ eventId: event.id, trigger: 'on Buy', hotspot: { x: 1, y: 2, width: 30, height: 10 } }],
  });
  expect(view.events).toEqual([
    { eventId: event.id, trigger: 'on Buy', hotspot: { x: 1, y: 2, width: 30, height: 10 } },
  ]);

  const detail = (await plan.get(`/events/${event.id}`, world.viewer)).json();
  expect(detail.usedBy).toEqual({
    events: [],
    views: [{ id: view.id, name: 'Checkout', status: 'planned' }],
    maps: [],
  });
  const attributeDetail = (await plan.get(`/attributes/${orderId.id}`)).json();
  expect(attributeDetail.usedBy.events).toEqual([{ id: event.id, name: 'Order Completed', status: 'planned' }]);
});

test("links to unknown or other companies' entities are refused with 400 and change nothing", async () => {
  const otherOwner = await h.user();
  const otherCompany = await createCompanyAs(h, otherOwner);
  const foreign = await h.call(otherOwner, {
    method: 'POST',
    url: `/api/company/${otherCompany}/attributes`,
    payload: { name: 'foreign_attr' },
  });
  const foreignEvent = await h.call(otherOwner, {
    method: 'POST',
    url: `/api/company/${otherCompany}/events`,
    payload: { name: 'Foreign Event' },
  });
  const before = await planCounts(h, world.companyId);
  const refused = await plan.post('/events', {
    name: 'Bad Links',
    attributes: [{ attributeId: foreign.json().id, presence: 'required' }],
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toEqual({
    statusCode: 400,
    code: 'unknown_link_target',
    message: `attributes references an attribute that does not exist in this company: ${foreign.json().id}`,
  });
  const refusedView = await plan.post('/views', { name: 'Bad View', events: [{ eventId: foreignEvent.json().id }] });
  expect(refusedView.statusCode).toBe(400);
  expect(refusedView.json().code).toBe('unknown_link_target');
  const own = await plan.create('attributes', { name: 'own_once' });
  const twice = await plan.post('/events', {
    name: 'Twice',
    attributes: [
      { attributeId: own.id, presence: 'required' },
      { attributeId: own.id, presence: 'optional' },
    ],
  });
  expect(twice.json()).toMatchObject({ statusCode: 400, code: 'duplicate_link' });
  const number = await plan.create('attributes', { name: 'count_bad', type: 'integer' });
  const badOverride = await plan.post('/events', {
    name: 'Bad Override',
    attributes: [{ attributeId: number.id, presence: 'required', validationOverride: { kind: 'regex' } }],
  });
  expect(badOverride.statusCode).toBe(400);
  expect(badOverride.json().message).toMatch(/override of "count_bad" is not valid/);
  const after = await planCounts(h, world.companyId);
  expect({ ...after, attributes: after.attributes - 2, history: after.history - 2 }).toEqual(before);
});

test('an attribute still linked cannot be deleted (409, archive instead); unlinked it can, and event delete drops links', async () => {
  const attribute = await plan.create('attributes', { name: 'linked_once' });
  const event = await plan.create('events', {
    name: 'Linked Event',
    attributes: [{ attributeId: attribute.id, presence: 'optional' }],
  });
  const view = await plan.create('views', { name: 'Linked View', events: [{ eventId: event.id }] });
  const inUse = await plan.delete(`/attributes/${attribute.id}`);
  expect(inUse.statusCode).toBe(409);
  expect(inUse.json()).toMatchObject({ code: 'attribute_in_use' });
  expect(inUse.json().message).toMatch(/Archive it instead/);

  expect((await plan.delete(`/events/${event.id}`, world.creator)).statusCode).toBe(204);
  expect((await plan.get(`/events/${event.id}`)).statusCode).toBe(404);
  expect((await plan.get(`/views/${view.id}`)).json().events).toEqual([]);
  expect((await plan.delete(`/attributes/${attribute.id}`)).statusCode).toBe(204);
  const history = (await plan.get(`/events/${event.id}/history`)).json();
  expect(history.items.map((e: { action: string }) => e.action)).toEqual(['deleted', 'created']);
  expect((await plan.delete(`/views/${view.id}`)).statusCode).toBe(204);
});

test('link arrays kept on events and views follow every save, and lists, details and schemas agree with them', async () => {
  const first = await plan.create('attributes', { name: 'kept_first' });
  const second = await plan.create('attributes', { name: 'kept_second', type: 'integer' });
  const event = await plan.create('events', {
    name: 'Kept Links Event',
    attributes: [
      { attributeId: first.id, presence: 'required' },
      { attributeId: second.id, presence: 'optional', validationOverride: { kind: 'range', min: 1 } },
    ],
  });
  const other = await plan.create('events', { name: 'Kept Links Other' });
  const view = await plan.create('views', {
    name: 'Kept Links View',
    attributes: [{ attributeId: first.id, presence: 'optional' }],
    events: [{ eventId: event.id }, { eventId: other.id, trigger: 'Tap' }],
  });

  const reordered = [
    { attributeId: second.id, presence: 'required' },
    { attributeId: first.id, presence: 'optional' },
  ];
  expect((await plan.patch(`/events/${event.id}`, { attributes: reordered })).statusCode).toBe(200);
  expect(
    (
      await plan.patch(`/views/${view.id}`, {
        attributes: [],
        events: [{ eventId: other.id }, { eventId: event.id, trigger: 'Load' }],
      })
    ).statusCode,
  ).toBe(200);

  expect((await plan.get(`/events/${event.id}`)).json().attributes).toEqual(reordered);
  expect((await plan.get('/events?search=kept%20links%20event')).json().items[0].attributes).toEqual(reordered);
  const listedView = (await plan.get('/views?search=kept%20links%20view')).json().items[0];
  expect(listedView).toMatchObject({
    attributes: [],
    events: [{ eventId: other.id }, { eventId: event.id, trigger: 'Load' }],
  });
  expect((await plan.get(`/views/${view.id}`)).json()).toMatchObject({ attributes: [], events: listedView.events });
  const schema = (await plan.get(`/events/${event.id}/schema`)).json();
  expect(schema.required).toContain('kept_second');
  expect(schema.required ?? []).not.toContain('kept_first');

  expect((await plan.delete(`/events/${other.id}`)).statusCode).toBe(204);
  expect((await plan.get(`/views/${view.id}`)).json().events).toEqual([{ eventId: event.id, trigger: 'Load' }]);
});

test('event and view names are unique after folding; versions conflict like attributes', async () => {
  const event = await plan.create('events', { name: 'Signed Up' });
  const taken = await plan.post('/events', { name: 'signed_up' });
  expect(taken.statusCode).toBe(409);
  expect(taken.json().code).toBe('event_name_taken');
  await plan.create('views', { name: 'Home Page' });
  const viewTaken = await plan.post('/views', { name: 'home-page' });
  expect(viewTaken.json()).toMatchObject({ statusCode: 409, code: 'view_name_taken' });

  const renamed = await plan.patch(`/events/${event.id}`, { displayName: 'Sign-up' }, world.creator, {
    'if-match': '1',
  });
  expect(renamed.json().version).toBe(2);
  const stale = await plan.patch(`/events/${event.id}`, { displayName: 'Old' }, world.owner, { 'if-match': '1' });
  expect(stale.statusCode).toBe(409);
  expect(stale.json()).toMatchObject({
    code: 'version_conflict',
    current: { id: event.id, version: 2, displayName: 'Sign-up' },
  });
  // An archived name is free again.
  expect((await plan.patch(`/events/${event.id}`, { status: 'archived' })).json().status).toBe('archived');
  expect((await plan.post('/events', { name: 'Signed-Up' })).statusCode).toBe(201);
  const restore = await plan.patch(`/events/${event.id}`, { status: 'planned' });
  expect(restore.statusCode).toBe(409);
  expect(restore.json().code).toBe('event_name_taken');
});

test('events and views list with search, filters and cursor pages', async () => {
  for (const name of ['Search Alpha', 'Search Beta', 'Search Gamma'])
    await plan.create('events', { name, kind: name === 'Search Beta' ? 'page' : 'track', tags: ['srch'] });
  const page = (await plan.get('/events?search=search%20&limit=2')).json();
  expect(page.total).toBe(3);
  expect(page.items.map((e: { name: string }) => e.name)).toEqual(['Search Alpha', 'Search Beta']);
  const next = (await plan.get(`/events?search=search%20&limit=2&cursor=${page.nextCursor}`)).json();
  expect(next.items.map((e: { name: string }) => e.name)).toEqual(['Search Gamma']);
  expect(next.nextCursor).toBeNull();
  expect((await plan.get('/events?kind=page&tag=srch')).json().items.map((e: { name: string }) => e.name)).toEqual([
    'Search Beta',
  ]);
  expect((await plan.get('/events?search=100%25')).json().total).toBe(0);
  await plan.create('views', { name: 'Search Modal', type: 'modal' });
  const views = (await plan.get('/views?type=modal')).json();
  expect(views.items.map((v: { name: string }) => v.name)).toEqual(['Search Modal']);
});

test('viewers see events and views without links to hidden attributes, and cannot change them', async () => {
  const hidden = await plan.create('attributes', { name: 'hidden_margin', exposed: false });
  const shown = await plan.create('attributes', { name: 'shown_price' });
  const links = [
    { attributeId: hidden.id, presence: 'required' },
    { attributeId: shown.id, presence: 'optional' },
  ];
  const event = await plan.create('events', { name: 'Priced', attributes: links });
  const view = await plan.create('views', { name: 'Priced Page', attributes: links, events: [{ eventId: event.id }] });
  const asViewer = (await plan.get(`/events/${event.id}`, world.viewer)).json();
  expect(asViewer.attributes).toEqual([{ attributeId: shown.id, presence: 'optional' }]);
  const listed = (await plan.get('/events?search=priced', world.viewer)).json();
  expect(listed.items[0].attributes).toEqual([{ attributeId: shown.id, presence: 'optional' }]);
  expect((await plan.get(`/views/${view.id}`, world.viewer)).json().attributes).toEqual([
    { attributeId: shown.id, presence: 'optional' },
  ]);
  expect((await plan.get(`/events/${event.id}`, world.creator)).json().attributes).toHaveLength(2);
  expect(
    JSON.stringify((await plan.get(`/events/${event.id}/effective-attributes`, world.viewer)).json()),
  ).not.toContain(hidden.id);
  expect(JSON.stringify((await plan.get(`/events/${event.id}/schema`, world.viewer)).json())).not.toContain(
    'hidden_margin',
  );
  expect((await plan.patch(`/events/${event.id}`, { description: 'x' }, world.viewer)).statusCode).toBe(403);
  expect((await plan.delete(`/views/${view.id}`, world.viewer)).statusCode).toBe(403);
  expect((await plan.post('/views', { name: 'By Viewer' }, world.viewer)).statusCode).toBe(403);
});

test('effective attributes and schema follow inheritance: system and view layers when on, only own links when off', async () => {
  const sys = await plan.create('attributes', { name: 'app_version', scope: 'system', description: 'App build' });
  const category = await plan.create('attributes', {
    name: 'page_category',
    scope: 'view',
    validation: { kind: 'enum', values: ['shop', 'blog'] },
  });
  const sku = await plan.create('attributes', { name: 'sku', nullable: true });
  const event = await plan.create('events', {
    name: 'Product Viewed',
    description: 'A product page',
    attributes: [{ attributeId: sku.id, presence: 'required' }],
  });
  const view = await plan.create('views', {
    name: 'Product Page',
    attributes: [{ attributeId: category.id, presence: 'required' }],
    events: [{ eventId: event.id }],
  });

  const on = await plan.get(`/events/${event.id}/effective-attributes`, world.viewer);
  expect(on.statusCode).toBe(200);
  const effective = on.json();
  expect(effective.attributeInheritance).toBe(true);
  const byName = Object.fromEntries(
    effective.attributes.map((a: { attribute: { name: string } }) => [a.attribute.name, a]),
  );
  expect(Object.keys(byName).sort()).toEqual(['app_version', 'page_category', 'sku']);
  expect(byName.page_category).toMatchObject({
    presence: 'required',
    layer: 'view',
    sources: [{ layer: 'view', id: view.id, name: 'Product Page', presence: 'required' }],
  });
  expect(byName.app_version).toMatchObject({ presence: 'optional', layer: 'system' });
  expect(byName.sku).toMatchObject({ presence: 'required', layer: 'event' });
  expect(sys.id).toBe(byName.app_version.attribute.id);

  const schema = (await plan.get(`/events/${event.id}/schema`)).json();
  expect(schema).toMatchObject({
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Product Viewed',
    type: 'object',
    additionalProperties: false,
    properties: { sku: { type: ['string', 'null'] }, page_category: { enum: ['shop', 'blog'] } },
  });
  expect([...schema.required].sort()).toEqual(['page_category', 'sku']);

  const off = await h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, attributeInheritance: false },
  });
  expect(off.statusCode).toBe(200);
  const own = (await plan.get(`/events/${event.id}/effective-attributes`)).json();
  expect(own.attributeInheritance).toBe(false);
  expect(own.attributes.map((a: { attribute: { name: string } }) => a.attribute.name)).toEqual(['sku']);
  const ownSchema = (await plan.get(`/events/${event.id}/schema`)).json();
  expect(Object.keys(ownSchema.properties)).toEqual(['sku']);
  await h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, attributeInheritance: true },
  });
  expect((await plan.get(`/events/${randomUUID()}/schema`)).json()).toEqual({
    statusCode: 404,
    code: 'event_not_found',
    message: 'Event not found',
  });
  expect(ids((await plan.get('/views?search=product')).json().items)).toEqual([view.id]);
});
