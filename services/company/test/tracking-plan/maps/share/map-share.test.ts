import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TestUser } from '../../../support/harness';
import { createCompanyAs, SERVICE_TOKEN, startHarness, type Harness } from '../../../support/harness';
import { api, planWorld, type PlanWorld } from '../../plan-support';

/**
 * Public links to a map's preview: made by editors, shown once, kept as a
 * hash, turned off at once; the preview answers members signed in and anyone
 * with a live token, with exactly what the map uses (exposed attributes only
 * through a link), and the same 404 for every way it can be missing.
 */

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

const unique = (name: string) => `${name} ${randomUUID().slice(0, 6)}`;
const NOT_FOUND = {
  statusCode: 404,
  code: 'map_not_found',
  message: 'This map does not exist, or the link to it is not valid (it may have been turned off).',
};

/** A journey with one exposed and one hidden attribute on its views and events, plus an unrelated view and event. */
async function sharedJourney(p = plan) {
  const exposed = await p.create('attributes', { name: unique('page_category'), scope: 'view', exposed: true });
  const hidden = await p.create('attributes', { name: unique('internal_margin'), exposed: false });
  const mapLevel = await p.create('attributes', { name: unique('journey_channel'), exposed: true });
  const viewed = await p.create('events', {
    name: unique('Product Viewed'),
    description: 'A product page was seen',
    attributes: [{ attributeId: hidden.id, presence: 'optional' }],
  });
  const added = await p.create('events', { name: unique('Product Added') });
  const unrelatedEvent = await p.create('events', { name: unique('Unrelated Event') });
  const home = await p.create('views', {
    name: unique('Home'),
    urlPattern: '/',
    attributes: [{ attributeId: exposed.id, presence: 'required' }],
  });
  const product = await p.create('views', {
    name: unique('Product'),
    urlPattern: '/p/:id',
    events: [{ eventId: viewed.id }],
  });
  const unrelatedView = await p.create('views', {
    name: unique('Unrelated View'),
    events: [{ eventId: unrelatedEvent.id }],
  });
  const map = await p.post('/maps', {
    name: unique('Shopping journey'),
    attributes: [{ attributeId: mapLevel.id, presence: 'optional' }],
    nodes: [
      { viewId: home.id, x: 0, y: 0 },
      { viewId: product.id, x: 300, y: 0 },
    ],
    edges: [{ from: home.id, to: product.id, eventId: added.id, label: 'picks a product' }],
  });
  if (map.statusCode !== 201) throw new Error(map.body);
  return { map: map.json(), exposed, hidden, mapLevel, viewed, added, unrelatedEvent, home, product, unrelatedView };
}

const preview = (mapId: string, options: { token?: string; user?: TestUser | null } = {}) =>
  h.call(options.user ?? null, {
    method: 'GET',
    url: `/api/company/map-preview/${mapId}`,
    ...(options.token !== undefined ? { query: { token: options.token } } : {}),
  });

async function share(mapId: string, user: TestUser = world.creator) {
  const response = await plan.post(`/maps/${mapId}/share`, undefined, user);
  expect(response.statusCode).toBe(201);
  return response.json() as { enabled: boolean; token: string; createdAt: string };
}

test('an editor turns the link on: the token is shown once, 256 random bits in base64url, and only its hash is stored', async () => {
  const { map } = await sharedJourney();
  expect((await plan.get(`/maps/${map.id}/share`)).json()).toEqual({ enabled: false, token: null, createdAt: null });
  const on = await share(map.id);
  expect(on.enabled).toBe(true);
  expect(on.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  for (const user of [world.owner, world.creator, world.viewer]) {
    expect((await plan.get(`/maps/${map.id}/share`, user)).json()).toEqual({
      enabled: true,
      token: null,
      createdAt: on.createdAt,
    });
  }
  const { rows } = await h.admin.query(
    `SELECT token_hash, row_to_json(s)::text AS whole FROM company.map_shares s WHERE map_id = $1`,
    [map.id],
  );
  expect(rows).toHaveLength(1);
  expect(Buffer.from(rows[0].token_hash).equals(createHash('sha256').update(on.token).digest())).toBe(true);
  expect(rows[0].whole).not.toContain(on.token);
  const history = (await plan.get(`/maps/${map.id}/history`)).json().items;
  expect(history[0]).toMatchObject({
    action: 'updated',
    actorUserId: world.creator.id,
    changes: [{ field: 'publicLink', before: 'off', after: 'on' }],
  });
});

test('through the link, logged out: the map, its views and events, exposed attributes only, nothing else of the company', async () => {
  const j = await sharedJourney();
  const { token } = await share(j.map.id);
  const response = await preview(j.map.id, { token });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.member).toBeNull();
  expect(body.map).toMatchObject({
    id: j.map.id,
    name: j.map.name,
    layout: 'LR',
    nodes: j.map.nodes,
    edges: j.map.edges,
  });
  expect(body.views.map((v: { id: string }) => v.id)).toEqual([j.home.id, j.product.id]);
  expect(body.views[1]).toEqual({
    id: j.product.id,
    name: j.product.name,
    type: 'page',
    urlPattern: '/p/:id',
    status: 'planned',
    events: [j.viewed.id],
  });
  expect(body.events.map((e: { id: string }) => e.id).sort()).toEqual([j.viewed.id, j.added.id].sort());
  expect(body.attributes.map((a: { name: string }) => a.name).sort()).toEqual([j.exposed.name, j.mapLevel.name].sort());
  expect(body.attributes.find((a: { id: string }) => a.id === j.mapLevel.id).mapPresence).toBe('optional');
  for (const marker of [
    j.hidden.name,
    j.hidden.id,
    j.unrelatedEvent.name,
    j.unrelatedView.name,
    world.companyId,
    world.owner.id,
    world.creator.email,
  ]) {
    expect(response.body).not.toContain(marker);
  }
});

test('members read the preview signed in without a token: editors see every attribute and may edit, viewers only exposed ones', async () => {
  const j = await sharedJourney();
  const asOwner = (await preview(j.map.id, { user: world.owner })).json();
  expect(asOwner.member).toEqual({ companyId: world.companyId, canEdit: true });
  expect(asOwner.attributes.map((a: { name: string }) => a.name)).toContain(j.hidden.name);
  const asViewer = await preview(j.map.id, { user: world.viewer });
  expect(asViewer.json().member).toEqual({ companyId: world.companyId, canEdit: false });
  expect(asViewer.body).not.toContain(j.hidden.name);
});

test('wrong, malformed, revoked, other-map and other-company tokens, unknown, archived and deleted maps and non-members all get the same 404', async () => {
  const a = await sharedJourney();
  const b = await sharedJourney();
  const tokenA = (await share(a.map.id)).token;
  await share(b.map.id);
  const stranger = await h.user();
  const otherOwner = await h.user();
  const otherCompany = await createCompanyAs(h, otherOwner);
  const otherPlan = api(h, { companyId: otherCompany, owner: otherOwner, creator: otherOwner, viewer: otherOwner });
  const foreign = await sharedJourney(otherPlan);
  const foreignToken = (await otherPlan.post(`/maps/${foreign.map.id}/share`, undefined)).json().token as string;

  const misses: Array<[string, ReturnType<typeof preview>]> = [
    ['random token', preview(a.map.id, { token: randomBytes(32).toString('base64url') })],
    ['malformed token', preview(a.map.id, { token: 'not a token' })],
    ["map A's token on map B", preview(b.map.id, { token: tokenA })],
    ["another company's token on our map", preview(a.map.id, { token: foreignToken })],
    ['our token on the other company map', preview(foreign.map.id, { token: tokenA })],
    ['unknown map', preview(randomUUID(), { token: tokenA })],
    ['unknown map, member', preview(randomUUID(), { user: world.owner })],
    ['anonymous without token', preview(a.map.id)],
    ['signed-in non-member without token', preview(a.map.id, { user: stranger })],
    ['member of another company', preview(a.map.id, { user: otherOwner })],
  ];
  for (const [label, pending] of misses) {
    const response = await pending;
    expect({ label, status: response.statusCode, body: response.json() }).toEqual({
      label,
      status: 404,
      body: NOT_FOUND,
    });
  }

  // Revoked: the token stops at once; turning it on again makes a new one, and the old one stays dead.
  expect((await plan.delete(`/maps/${a.map.id}/share`, world.creator)).statusCode).toBe(204);
  expect((await preview(a.map.id, { token: tokenA })).json()).toEqual(NOT_FOUND);
  expect((await plan.get(`/maps/${a.map.id}/share`)).json()).toEqual({ enabled: false, token: null, createdAt: null });
  const renewed = await share(a.map.id);
  expect(renewed.token).not.toBe(tokenA);
  expect((await preview(a.map.id, { token: tokenA })).json()).toEqual(NOT_FOUND);
  expect((await preview(a.map.id, { token: renewed.token })).statusCode).toBe(200);

  // Archived: members and links alike get the 404; restored, the link works again. Deleted: the link goes with it.
  const archived = await plan.patch(`/maps/${a.map.id}`, { status: 'archived' });
  expect(archived.statusCode).toBe(200);
  expect((await preview(a.map.id, { token: renewed.token })).json()).toEqual(NOT_FOUND);
  expect((await preview(a.map.id, { user: world.owner })).json()).toEqual(NOT_FOUND);
  expect((await plan.patch(`/maps/${a.map.id}`, { status: 'planned' })).statusCode).toBe(200);
  expect((await preview(a.map.id, { token: renewed.token })).statusCode).toBe(200);
  expect((await plan.delete(`/maps/${a.map.id}`)).statusCode).toBe(204);
  expect((await preview(a.map.id, { token: renewed.token })).json()).toEqual(NOT_FOUND);
  const { rows } = await h.admin.query(`SELECT count(*)::int AS n FROM company.map_shares WHERE map_id = $1`, [
    a.map.id,
  ]);
  expect(rows[0].n).toBe(0);
});

test('viewers can neither make nor revoke a link (403), and the refused request changes nothing', async () => {
  const { map } = await sharedJourney();
  const { token } = await share(map.id);
  const before = await h.admin.query(`SELECT token_hash, created_at FROM company.map_shares WHERE map_id = $1`, [
    map.id,
  ]);
  const made = await plan.post(`/maps/${map.id}/share`, undefined, world.viewer);
  const revoked = await plan.delete(`/maps/${map.id}/share`, world.viewer);
  expect([made.statusCode, made.json().code, revoked.statusCode, revoked.json().code]).toEqual([
    403,
    'forbidden',
    403,
    'forbidden',
  ]);
  const after = await h.admin.query(`SELECT token_hash, created_at FROM company.map_shares WHERE map_id = $1`, [
    map.id,
  ]);
  expect(after.rows).toEqual(before.rows);
  expect((await preview(map.id, { token })).statusCode).toBe(200);
  // An unknown map under the editor's own company: the usual 404, nothing stored.
  const unknown = await plan.post(`/maps/${randomUUID()}/share`, undefined);
  expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'map_not_found']);
});

test('turning the link off twice is harmless, and history records on and off once each', async () => {
  const { map } = await sharedJourney();
  await share(map.id);
  expect((await plan.delete(`/maps/${map.id}/share`)).statusCode).toBe(204);
  expect((await plan.delete(`/maps/${map.id}/share`)).statusCode).toBe(204);
  const changes = (await plan.get(`/maps/${map.id}/history`))
    .json()
    .items.map((e: { changes: Array<{ field: string; after: string }> }) => e.changes[0]);
  expect(
    changes.filter((c: { field: string }) => c.field === 'publicLink').map((c: { after: string }) => c.after),
  ).toEqual(['off', 'on']);
});

test('the embed origins setting: validated, admins only, and answered to the gateway by map id', async () => {
  const { map } = await sharedJourney();
  const internal = () =>
    h.app.inject({
      method: 'GET',
      url: `/internal/maps/${map.id}/frame-ancestors`,
      headers: { 'x-service-token': SERVICE_TOKEN },
    });
  expect((await internal()).json()).toEqual({ origins: [] });
  const set = (origins: unknown, user: TestUser = world.owner) =>
    h.call(user, {
      method: 'POST',
      url: '/api/company/update-settings',
      payload: { companyId: world.companyId, mapEmbedOrigins: origins },
    });
  for (const bad of [
    ['javascript:alert(1)'],
    ['https://docs.example.com/path'],
    ["https://a.example 'unsafe-inline'"],
    ['ftp://files.example'],
    Array.from({ length: 21 }, (_, i) => `https://s${i}.example`),
  ]) {
    expect((await set(bad)).statusCode).toBe(400);
  }
  expect((await set(['https://docs.example.com'], world.creator)).statusCode).toBe(403);
  expect((await internal()).json()).toEqual({ origins: [] });
  const saved = await set(['https://docs.example.com', 'http://localhost:4000']);
  expect(saved.statusCode).toBe(200);
  expect(saved.json().company.settings.mapEmbedOrigins).toEqual(['https://docs.example.com', 'http://localhost:4000']);
  expect((await internal()).json()).toEqual({ origins: ['https://docs.example.com', 'http://localhost:4000'] });
  expect(
    (
      await h.app.inject({
        method: 'GET',
        url: `/internal/maps/${randomUUID()}/frame-ancestors`,
        headers: { 'x-service-token': SERVICE_TOKEN },
      })
    ).json(),
  ).toEqual({ origins: [] });
});
