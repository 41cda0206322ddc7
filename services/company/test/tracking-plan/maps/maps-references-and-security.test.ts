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

test('views, events and attributes name the maps using them; an archived view stays on its maps and says which', async () => {
  const { home, cart, added } = await journey();
  const fired = await plan.create('events', { name: unique('Cart Viewed') });
  await plan.patch(`/views/${cart.id}`, { events: [{ eventId: fired.id }] });
  const region = await plan.create('attributes', { name: unique('region') });
  const map = await createMap({
    name: unique('Usage map'),
    attributes: [{ attributeId: region.id, presence: 'optional' }],
    nodes: [
      { viewId: home.id, x: 0, y: 0 },
      { viewId: cart.id, x: 1, y: 0 },
    ],
    edges: [{ from: home.id, to: cart.id, eventId: added.id }],
  });
  const ref = [{ id: map.id, name: map.name, status: 'planned' }];
  expect((await plan.get(`/views/${home.id}`, world.viewer)).json().usedBy.maps).toEqual(ref);
  expect((await plan.get(`/events/${added.id}`)).json().usedBy.maps).toEqual(ref);
  expect((await plan.get(`/events/${fired.id}`)).json().usedBy.maps).toEqual(ref);
  expect((await plan.get(`/attributes/${region.id}`)).json().usedBy.maps).toEqual(ref);

  const inUse = await plan.delete(`/attributes/${region.id}`);
  expect(inUse.statusCode).toBe(409);
  expect(inUse.json()).toMatchObject({ code: 'attribute_in_use', usedBy: { maps: ref } });
  expect(inUse.json().message).toMatch(/1 map\(s\)/);

  const archived = await plan.patch(`/views/${home.id}`, { status: 'archived' });
  expect(archived.statusCode).toBe(200);
  expect(archived.json()).toMatchObject({ status: 'archived', usedBy: { maps: ref } });
  expect((await plan.get(`/maps/${map.id}`)).json().nodes).toHaveLength(2);

  // Deleting a view takes its node and the edges touching it off the map; deleting an event leaves its edges without it.
  const before = await mapRows();
  expect((await plan.delete(`/events/${added.id}`)).statusCode).toBe(204);
  expect((await plan.get(`/maps/${map.id}`)).json().edges).toEqual([
    { id: map.edges[0].id, from: home.id, to: cart.id },
  ]);
  expect((await plan.delete(`/views/${home.id}`)).statusCode).toBe(204);
  const after = (await plan.get(`/maps/${map.id}`)).json();
  expect(after).toMatchObject({ nodes: [{ viewId: cart.id, x: 1, y: 0 }], edges: [] });
  expect(await mapRows()).toMatchObject({ nodes: before.nodes - 1, edges: before.edges - 1 });
});

test("an event's effective attributes include the map layer of the maps its views are on, between system and view", async () => {
  const { home } = await journey();
  const event = await plan.create('events', { name: unique('Search Done') });
  await plan.patch(`/views/${home.id}`, { events: [{ eventId: event.id }] });
  const onMap = await plan.create('attributes', { name: unique('experiment'), type: 'string' });
  const alsoOnView = await plan.create('attributes', { name: unique('locale') });
  const hidden = await plan.create('attributes', { name: unique('internal_flag'), exposed: false });
  await plan.patch(`/views/${home.id}`, { attributes: [{ attributeId: alsoOnView.id, presence: 'required' }] });
  const map = await createMap({
    name: unique('Search map'),
    attributes: [
      { attributeId: onMap.id, presence: 'required' },
      { attributeId: alsoOnView.id, presence: 'optional' },
      { attributeId: hidden.id, presence: 'optional' },
    ],
    nodes: [{ viewId: home.id, x: 0, y: 0 }],
  });
  const effective = (await plan.get(`/events/${event.id}/effective-attributes`)).json();
  const byId = new Map(effective.attributes.map((a: { attribute: { id: string } }) => [a.attribute.id, a]));
  expect(byId.get(onMap.id)).toMatchObject({
    layer: 'map',
    presence: 'required',
    sources: [{ layer: 'map', id: map.id, name: map.name, presence: 'required' }],
  });
  expect(byId.get(alsoOnView.id)).toMatchObject({ layer: 'view', presence: 'required' });
  expect(byId.has(hidden.id)).toBe(true);
  const schema = (await plan.get(`/events/${event.id}/schema`)).json();
  expect(schema.required).toContain(onMap.name);

  const asViewer = (await plan.get(`/events/${event.id}/effective-attributes`, world.viewer)).json();
  expect(asViewer.attributes.map((a: { attribute: { id: string } }) => a.attribute.id)).not.toContain(hidden.id);

  // An archived map no longer contributes.
  await plan.patch(`/maps/${map.id}`, { status: 'archived' });
  const withoutMap = (await plan.get(`/events/${event.id}/effective-attributes`)).json();
  expect(withoutMap.attributes.map((a: { attribute: { id: string } }) => a.attribute.id)).not.toContain(onMap.id);
});

test('company info counts the live maps', async () => {
  const owner = await h.user();
  const companyId = await createCompanyAs(h, owner);
  const counts = async () =>
    (await h.call(owner, { method: 'POST', url: '/api/company/info', payload: { companyId } })).json().objectCounts
      .mapCount;
  expect(await counts()).toBe(0);
  const created = (
    await h.call(owner, { method: 'POST', url: `/api/company/${companyId}/maps`, payload: { name: 'Counted' } })
  ).json();
  expect(await counts()).toBe(1);
  await h.call(owner, {
    method: 'PATCH',
    url: `/api/company/${companyId}/maps/${created.id}`,
    payload: { status: 'archived' },
  });
  expect(await counts()).toBe(0);
});

test('row security: the app role reads no map rows without a tenant, only its own with one, and cannot write into another company', async () => {
  const { home } = await journey();
  const attribute = await plan.create('attributes', { name: unique('rls_attr') });
  await createMap({
    name: unique('Secured'),
    attributes: [{ attributeId: attribute.id, presence: 'optional' }],
    nodes: [{ viewId: home.id, x: 0, y: 0 }],
    edges: [{ from: home.id, to: home.id }],
  });
  const otherOwner = await h.user();
  const otherCompany = await createCompanyAs(h, otherOwner);
  const asAppRole = async (sql: string, companyId: string | null, params: unknown[] = []) => {
    const client = await h.admin.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL ROLE company_app');
      if (companyId) await client.query(`SELECT set_config('app.company_id', $1, true)`, [companyId]);
      return (await client.query(sql, params)).rows;
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  };
  for (const table of ['maps', 'map_nodes', 'map_edges', 'map_attributes']) {
    expect({ table, rows: (await asAppRole(`SELECT * FROM company.${table}`, null)).length }).toEqual({
      table,
      rows: 0,
    });
    const seen = await asAppRole(`SELECT DISTINCT company_id FROM company.${table}`, otherCompany);
    expect({ table, seen }).toEqual({ table, seen: [] });
    const own = await asAppRole(`SELECT DISTINCT company_id FROM company.${table}`, world.companyId);
    expect({ table, own: own.map((r) => r.company_id) }).toEqual({ table, own: [world.companyId] });
  }
  await expect(
    asAppRole(
      `INSERT INTO company.maps (company_id, id, name) VALUES ($1, gen_random_uuid(), 'sneaky')`,
      otherCompany,
      [world.companyId],
    ),
  ).rejects.toThrow(/row-level security/);
});
