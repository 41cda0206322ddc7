import { startHarness, type Harness } from '../../support/harness';
import { api, planWorld, type PlanWorld } from '../plan-support';

// Clients write an unset field as null as often as they leave it out: on create and update bodies
// such a null reads as "not given", except where null already means "none" (itemType, screenshotUrl).

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

test('an attribute created with null optional fields gets the defaults; an update leaves null fields as they were', async () => {
  const created = await plan.post('/attributes', {
    name: 'cart_items',
    description: null,
    scope: null,
    type: 'array',
    itemType: 'string',
    tags: null,
    exposed: null,
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({
    name: 'cart_items',
    description: '',
    scope: 'event',
    type: 'array',
    itemType: 'string',
    tags: [],
    exposed: true,
  });

  const updated = await plan.patch(`/attributes/${created.json().id}`, {
    description: 'Items in the cart',
    tags: null,
    owners: null,
  });
  expect(updated.statusCode).toBe(200);
  expect(updated.json()).toMatchObject({
    description: 'Items in the cart',
    tags: [],
    owners: [],
    itemType: 'string',
    version: 2,
  });

  const cleared = await plan.patch(`/attributes/${created.json().id}`, {
    description: null,
    type: 'string',
    itemType: null,
  });
  expect(cleared.statusCode).toBe(200);
  expect(cleared.json()).toMatchObject({
    description: 'Items in the cart',
    type: 'string',
    itemType: null,
    version: 3,
  });
});

test('a view update with null fields keeps them, while a null screenshot still takes the screenshot away', async () => {
  const created = await plan.post('/views', {
    name: 'Cart Page',
    description: 'The cart',
    urlPattern: '/cart',
    screenshotUrl: 'https://example.com/cart.png',
    type: null,
    events: null,
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ type: 'page', events: [], screenshotUrl: 'https://example.com/cart.png' });
  const id = created.json().id;

  const kept = await plan.patch(`/views/${id}`, { description: null, urlPattern: null, status: 'implemented' });
  expect(kept.statusCode).toBe(200);
  expect(kept.json()).toMatchObject({
    description: 'The cart',
    urlPattern: '/cart',
    status: 'implemented',
    screenshotUrl: 'https://example.com/cart.png',
  });

  const cleared = await plan.patch(`/views/${id}`, { screenshotUrl: null });
  expect(cleared.statusCode).toBe(200);
  expect(cleared.json()).toMatchObject({ description: 'The cart', screenshotUrl: null });
});

test('an event and a map take null as not given on create and update', async () => {
  const event = await plan.post('/events', {
    name: 'Cart Viewed',
    kind: null,
    category: null,
    attributes: null,
    trigger: null,
  });
  expect(event.statusCode).toBe(201);
  expect(event.json()).toMatchObject({ kind: 'track', category: '', attributes: [], trigger: '' });
  const renamed = await plan.patch(`/events/${event.json().id}`, {
    description: 'Opened the cart',
    kind: null,
    attributes: null,
  });
  expect(renamed.statusCode).toBe(200);
  expect(renamed.json()).toMatchObject({ description: 'Opened the cart', kind: 'track', attributes: [] });

  const map = await plan.post('/maps', {
    name: 'Cart journey',
    description: 'Cart flow',
    nodes: null,
    edges: null,
    layout: null,
  });
  expect(map.statusCode).toBe(201);
  expect(map.json()).toMatchObject({ description: 'Cart flow', nodes: [], edges: [], layout: 'LR' });
  const moved = await plan.patch(`/maps/${map.json().id}`, { description: null, nodes: null, layout: 'TB' });
  expect(moved.statusCode).toBe(200);
  expect(moved.json()).toMatchObject({ name: 'Cart journey', description: 'Cart flow', layout: 'TB', nodes: [] });
});

test('a name sent as null is still refused on create', async () => {
  const res = await plan.post('/attributes', { name: null });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ statusCode: 400, code: 'validation_failed' });
});
