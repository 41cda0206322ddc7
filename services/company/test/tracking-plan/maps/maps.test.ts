import { randomUUID } from 'node:crypto';
import { createCompanyAs, startHarness, type Harness } from '../../support/harness';
import { api, planWorld, type PlanWorld } from '../plan-support';
import { mapHelpers, unique } from './map-support';

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

const { createMap, mapRows, journey } = mapHelpers(() => ({ h, world, plan }));

test('a map is created with nodes, edges and attribute links, read with the names it shows, listed as a summary, updated and deleted', async () => {
  const { home, cart, checkout, added } = await journey();
  const channel = await plan.create('attributes', { name: unique('channel') });
  const edgeId = randomUUID();
  const created = await plan.post('/maps', {
    name: 'Purchase funnel',
    description: 'From landing to paying',
    attributes: [{ attributeId: channel.id, presence: 'required' }],
    nodes: [
      { viewId: home.id, x: 0, y: 0 },
      { viewId: cart.id, x: 250.5, y: -10 },
      { viewId: checkout.id, x: 500, y: 0 },
    ],
    edges: [
      { id: edgeId, from: home.id, to: cart.id, eventId: added.id, label: 'adds a product' },
      { from: cart.id, to: checkout.id },
    ],
  });
  expect(created.statusCode).toBe(201);
  const map = created.json();
  expect(map).toMatchObject({ name: 'Purchase funnel', layout: 'LR', status: 'planned', version: 1 });
  expect(map.attributes).toEqual([{ attributeId: channel.id, presence: 'required' }]);
  expect(map.nodes).toEqual([
    { viewId: home.id, x: 0, y: 0 },
    { viewId: cart.id, x: 250.5, y: -10 },
    { viewId: checkout.id, x: 500, y: 0 },
  ]);
  expect(map.edges[0]).toEqual({ id: edgeId, from: home.id, to: cart.id, eventId: added.id, label: 'adds a product' });
  expect(map.edges[1]).toEqual({ id: expect.any(String), from: cart.id, to: checkout.id });

  const detail = (await plan.get(`/maps/${map.id}`, world.viewer)).json();
  expect(detail.references.views.map((v: { id: string }) => v.id).sort()).toEqual(
    [home.id, cart.id, checkout.id].sort(),
  );
  expect(detail.references.events).toEqual([{ id: added.id, name: added.name, status: 'planned' }]);

  const list = (await plan.get('/maps?search=purchase')).json();
  expect(list).toMatchObject({ total: 1, nextCursor: null });
  expect(list.items[0]).toMatchObject({ id: map.id, nodeCount: 3, edgeCount: 2, attributeCount: 1, version: 1 });
  expect(list.items[0].nodes).toBeUndefined();

  const updated = await plan.patch(
    `/maps/${map.id}`,
    {
      layout: 'TB',
      nodes: [
        { viewId: home.id, x: 1, y: 1 },
        { viewId: cart.id, x: 2, y: 2 },
      ],
    },
    world.creator,
    {
      'if-match': '1',
    },
  );
  expect(updated.statusCode).toBe(200);
  // The edge to the node taken off the map goes with it; the other stays.
  expect(updated.json()).toMatchObject({
    layout: 'TB',
    version: 2,
    edges: [{ id: edgeId, from: home.id, to: cart.id }],
  });

  expect((await plan.delete(`/maps/${map.id}`)).statusCode).toBe(204);
  expect((await plan.get(`/maps/${map.id}`)).json()).toMatchObject({ statusCode: 404, code: 'map_not_found' });
  const history = (await plan.get(`/maps/${map.id}/history`, world.viewer)).json();
  expect(history.items.map((e: { action: string }) => e.action)).toEqual(['deleted', 'updated', 'created']);
  expect(history.items[1]).toMatchObject({ entityKind: 'map', version: 2, actorUserId: world.creator.id });
  expect(history.items[1].changes.map((c: { field: string }) => c.field)).toEqual(['edges', 'layout', 'nodes']);
});

test('every refused map changes nothing and says why', async () => {
  const { home, cart, added } = await journey();
  const otherOwner = await h.user();
  const otherCompany = await createCompanyAs(h, otherOwner);
  const foreign = async (kind: string, name: string) =>
    (
      await h.call(otherOwner, { method: 'POST', url: `/api/company/${otherCompany}/${kind}`, payload: { name } })
    ).json().id as string;
  const [foreignView, foreignEvent, foreignAttribute] = [
    await foreign('views', 'Secret View'),
    await foreign('events', 'Secret Event'),
    await foreign('attributes', 'secret_attr'),
  ];
  const unknownView = randomUUID();
  const existing = await createMap({ name: unique('Existing'), nodes: [{ viewId: home.id, x: 0, y: 0 }] });
  const nodes = [
    { viewId: home.id, x: 0, y: 0 },
    { viewId: cart.id, x: 1, y: 0 },
  ];
  const refusals: Array<[object, string, string | RegExp]> = [
    [
      { nodes: [{ viewId: foreignView, x: 0, y: 0 }] },
      'unknown_link_target',
      `Map nodes must reference views of this company: ${foreignView}`,
    ],
    [
      { nodes: [...nodes, { viewId: unknownView, x: 0, y: 0 }] },
      'unknown_link_target',
      `Map nodes must reference views of this company: ${unknownView}`,
    ],
    [
      { nodes: [...nodes, { viewId: home.id, x: 5, y: 5 }] },
      'duplicate_map_node',
      `Map nodes must place each view once: ${home.id} appears more than once`,
    ],
    [
      { nodes, edges: [{ from: home.id, to: foreignView }] },
      'edge_node_not_on_map',
      `Map edges must connect nodes on this map; not on it: ${foreignView}`,
    ],
    [
      { nodes: [nodes[0]], edges: [{ from: home.id, to: cart.id }] },
      'edge_node_not_on_map',
      `Map edges must connect nodes on this map; not on it: ${cart.id}`,
    ],
    [
      { nodes, edges: [{ from: home.id, to: cart.id, eventId: foreignEvent }] },
      'unknown_link_target',
      `Map edges must reference events of this company: ${foreignEvent}`,
    ],
    [
      {
        nodes,
        edges: [
          { id: existing.id, from: home.id, to: cart.id },
          { id: existing.id, from: cart.id, to: home.id, eventId: added.id },
        ],
      },
      'duplicate_map_edge',
      /distinct ids/,
    ],
    [
      { attributes: [{ attributeId: foreignAttribute, presence: 'optional' }] },
      'unknown_link_target',
      `attributes references an attribute that does not exist in this company: ${foreignAttribute}`,
    ],
  ];
  const before = await mapRows();
  for (const [fields, code, message] of refusals) {
    for (const response of [
      await plan.post('/maps', { name: unique('Refused'), ...fields }),
      await plan.patch(`/maps/${existing.id}`, fields),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        statusCode: 400,
        code,
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      });
    }
  }
  const unknownField = await plan.post('/maps', {
    name: unique('Extra'),
    nodes: [{ viewId: home.id, x: 0, y: 0, color: 'red' }],
  });
  expect(unknownField.statusCode).toBe(400);
  const tooMany = await plan.post('/maps', {
    name: unique('Huge'),
    nodes: Array.from({ length: 2001 }, () => ({ viewId: home.id, x: 0, y: 0 })),
  });
  expect(tooMany.statusCode).toBe(400);
  expect(await mapRows()).toEqual(before);
  expect(await mapRows(otherCompany)).toMatchObject({ maps: 0, nodes: 0 });
});

test('names are unique among live maps; a stale If-Match answers 409 with the map as it is; ids of other companies are not found', async () => {
  const first = await createMap({ name: 'Onboarding flow' });
  const taken = await plan.post('/maps', { name: 'onboarding_flow' });
  expect(taken.json()).toMatchObject({ statusCode: 409, code: 'map_name_taken' });
  await plan.patch(`/maps/${first.id}`, { description: 'v2' });
  const stale = await plan.patch(`/maps/${first.id}`, { description: 'v3' }, world.owner, { 'if-match': '"1"' });
  expect(stale.statusCode).toBe(409);
  expect(stale.json()).toMatchObject({
    code: 'version_conflict',
    current: { id: first.id, description: 'v2', version: 2 },
  });
  expect((await plan.get(`/maps/${first.id}`)).json()).toMatchObject({ description: 'v2', version: 2 });
  const archived = await plan.patch(`/maps/${first.id}`, { status: 'archived' }, world.owner, { 'if-match': '2' });
  expect(archived.json()).toMatchObject({ status: 'archived', version: 3 });
  expect((await plan.post('/maps', { name: 'Onboarding Flow' })).statusCode).toBe(201);
  expect((await plan.get('/maps?search=onboarding')).json().total).toBe(1);
  expect((await plan.get('/maps?search=onboarding&includeArchived=true')).json().total).toBe(2);

  const otherOwner = await h.user();
  const otherCompany = await createCompanyAs(h, otherOwner);
  const theirs = (
    await h.call(otherOwner, {
      method: 'POST',
      url: `/api/company/${otherCompany}/maps`,
      payload: { name: 'Their map' },
    })
  ).json();
  for (const response of [
    await plan.get(`/maps/${theirs.id}`),
    await plan.patch(`/maps/${theirs.id}`, { name: 'Stolen' }),
    await plan.delete(`/maps/${theirs.id}`),
    await plan.get(`/maps/${theirs.id}/history`),
    await plan.get(`/maps/${randomUUID()}`),
  ]) {
    expect(response.json()).toEqual({ statusCode: 404, code: 'map_not_found', message: 'Map not found' });
  }
  expect(
    (await h.call(otherOwner, { method: 'GET', url: `/api/company/${otherCompany}/maps/${theirs.id}` })).json(),
  ).toMatchObject({ name: 'Their map', version: 1 });
});

test('viewers read maps without hidden attributes and cannot change them; creation is idempotent with a key', async () => {
  const shown = await plan.create('attributes', { name: unique('shown') });
  const hidden = await plan.create('attributes', { name: unique('hidden'), exposed: false });
  const key = randomUUID();
  const payload = {
    name: unique('Hidden links'),
    attributes: [
      { attributeId: hidden.id, presence: 'optional' },
      { attributeId: shown.id, presence: 'required' },
    ],
  };
  const first = await plan.post('/maps', payload, world.creator, { 'idempotency-key': key });
  const replay = await plan.post('/maps', payload, world.creator, { 'idempotency-key': key });
  expect(first.statusCode).toBe(201);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(replay.json().id).toBe(first.json().id);
  const map = first.json();

  const asViewer = await plan.get(`/maps/${map.id}`, world.viewer);
  expect(asViewer.json().attributes).toEqual([{ attributeId: shown.id, presence: 'required' }]);
  expect(asViewer.body).not.toContain(hidden.id);
  const listed = (await plan.get(`/maps?search=${encodeURIComponent(payload.name)}`, world.viewer)).json();
  expect(listed.items[0].attributeCount).toBe(1);
  expect((await plan.get(`/maps/${map.id}`, world.owner)).json().attributes).toHaveLength(2);

  const before = await mapRows();
  expect((await plan.post('/maps', { name: unique('By viewer') }, world.viewer)).statusCode).toBe(403);
  expect((await plan.patch(`/maps/${map.id}`, { name: 'By viewer' }, world.viewer)).statusCode).toBe(403);
  expect((await plan.delete(`/maps/${map.id}`, world.viewer)).statusCode).toBe(403);
  expect(await mapRows()).toEqual(before);
});

test('map lists page by cursor, searched or not', async () => {
  const prefix = `paged-${randomUUID().slice(0, 6)}`;
  for (const suffix of ['c', 'a', 'b']) await createMap({ name: `${prefix} ${suffix}` });
  const first = (await plan.get(`/maps?search=${prefix}&limit=2`)).json();
  expect(first.items.map((m: { name: string }) => m.name)).toEqual([`${prefix} a`, `${prefix} b`]);
  expect(first.total).toBe(3);
  const second = (await plan.get(`/maps?search=${prefix}&limit=2&cursor=${first.nextCursor}`)).json();
  expect(second).toMatchObject({ items: [{ name: `${prefix} c` }], nextCursor: null, total: 3 });
  const newest = (await plan.get('/maps?sort=-createdAt&limit=1')).json();
  const next = (await plan.get(`/maps?sort=-createdAt&limit=1&cursor=${newest.nextCursor}`)).json();
  expect(newest.items[0].name).toBe(`${prefix} b`);
  expect(next.items[0].name).toBe(`${prefix} a`);
  expect((await plan.get('/maps?cursor=garbage')).json()).toMatchObject({ statusCode: 400, code: 'invalid_cursor' });
});

test('a whole map larger than the usual request limit is saved: 1,500 labelled edges in one PATCH', async () => {
  const { home, cart, added } = await journey();
  const map = await createMap({
    name: unique('Large'),
    nodes: [
      { viewId: home.id, x: 0, y: 0 },
      { viewId: cart.id, x: 300, y: 0 },
    ],
  });
  const label = 'l'.repeat(200);
  const edges = Array.from({ length: 1500 }, () => ({
    id: randomUUID(),
    from: home.id,
    to: cart.id,
    eventId: added.id,
    label,
  }));
  const body = { edges };
  expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(256 * 1024);
  const saved = await plan.patch(`/maps/${map.id}`, body);
  expect(saved.statusCode).toBe(200);
  expect((await plan.get(`/maps/${map.id}`)).json().edges).toHaveLength(1500);
});
