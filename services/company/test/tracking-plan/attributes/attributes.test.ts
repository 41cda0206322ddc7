import { randomUUID } from 'node:crypto';
import { addMember, startHarness, type Harness } from '../../support/harness';
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

test('create fills defaults, answers 201 and the attribute reads back with its usage', async () => {
  const created = await plan.post('/attributes', {
    name: 'order_id',
    description: 'The order',
    type: 'string',
    tags: ['checkout'],
  });
  expect(created.statusCode).toBe(201);
  const attribute = created.json();
  expect(attribute).toMatchObject({
    name: 'order_id',
    displayName: '',
    description: 'The order',
    scope: 'event',
    type: 'string',
    itemType: null,
    validation: { kind: 'none' },
    exposed: true,
    nullable: false,
    pii: false,
    tags: ['checkout'],
    status: 'planned',
    owners: [],
    version: 1,
  });
  const read = await plan.get(`/attributes/${attribute.id}`, world.viewer);
  expect(read.statusCode).toBe(200);
  expect(read.json()).toEqual({ ...attribute, usedBy: { events: [], views: [], maps: [] } });
});

test('invalid bodies answer 400 with a message and store nothing', async () => {
  const before = await planCounts(h, world.companyId);
  const cases: Array<[object, RegExp]> = [
    [{ name: 'x', role: 'owner' }, /Unknown field: role/],
    [{ description: 'no name' }, /name required/],
    [{ name: 'price', type: 'number', validation: { kind: 'enum' } }, /^validation: /],
    [{ name: 'price', type: 'number', itemType: 'string' }, /itemType applies to arrays only/],
    [{ name: 'price', type: 'decimal' }, /type/],
    [{ name: ' padded ' }, /name/],
  ];
  for (const [payload, message] of cases) {
    const response = await plan.post('/attributes', payload);
    expect({ payload, status: response.statusCode }).toEqual({ payload, status: 400 });
    expect(response.json().message).toMatch(message);
  }
  expect(await planCounts(h, world.companyId)).toEqual(before);
});

test('names are unique per scope after folding case and separators', async () => {
  await plan.create('attributes', { name: 'cart_value', scope: 'event' });
  const taken = await plan.post('/attributes', { name: 'Cart Value', scope: 'event' });
  expect(taken.statusCode).toBe(409);
  expect(taken.json()).toMatchObject({ code: 'attribute_name_taken' });
  expect(taken.json().message).toContain('"Cart Value"');
  // Another scope is another namespace.
  expect((await plan.post('/attributes', { name: 'cartValue', scope: 'user' })).statusCode).toBe(201);
});

test('update increments the version; a stale If-Match answers 409 with the current attribute', async () => {
  const attribute = await plan.create('attributes', { name: 'coupon_code' });
  const first = await plan.patch(
    `/attributes/${attribute.id}`,
    { description: 'Code entered at checkout' },
    world.creator,
    { 'if-match': '1' },
  );
  expect(first.statusCode).toBe(200);
  expect(first.json()).toMatchObject({ version: 2, description: 'Code entered at checkout' });
  const stale = await plan.patch(`/attributes/${attribute.id}`, { description: 'Lost update' }, world.owner, {
    'if-match': '"1"',
  });
  expect(stale.statusCode).toBe(409);
  expect(stale.json()).toMatchObject({
    code: 'version_conflict',
    current: { id: attribute.id, version: 2, description: 'Code entered at checkout' },
  });
  const read = await plan.get(`/attributes/${attribute.id}`);
  expect(read.json().description).toBe('Code entered at checkout');
});

test('archive and restore are status changes recorded in history, newest first', async () => {
  const attribute = await plan.create('attributes', { name: 'legacy_flag' });
  expect((await plan.patch(`/attributes/${attribute.id}`, { status: 'archived' })).statusCode).toBe(200);
  const list = await plan.get('/attributes?search=legacy');
  expect(list.json().items.map((a: { id: string }) => a.id)).not.toContain(attribute.id);
  const archived = await plan.get('/attributes?status=archived');
  expect(archived.json().items.map((a: { id: string }) => a.id)).toContain(attribute.id);
  expect((await plan.patch(`/attributes/${attribute.id}`, { status: 'live' }, world.creator)).statusCode).toBe(200);

  const history = await plan.get(`/attributes/${attribute.id}/history`, world.viewer);
  expect(history.statusCode).toBe(200);
  const page = history.json();
  expect(page.total).toBe(3);
  expect(page.items.map((e: { action: string; version: number }) => [e.action, e.version])).toEqual([
    ['restored', 3],
    ['archived', 2],
    ['created', 1],
  ]);
  expect(page.items[0].actorUserId).toBe(world.creator.id);
  expect(page.items[1].actorUserId).toBe(world.owner.id);

  const firstPage = (await plan.get(`/attributes/${attribute.id}/history?limit=2`)).json();
  expect(firstPage.items).toHaveLength(2);
  const secondPage = (
    await plan.get(`/attributes/${attribute.id}/history?limit=2&cursor=${firstPage.nextCursor}`)
  ).json();
  expect(secondPage.items.map((e: { action: string }) => e.action)).toEqual(['created']);
  expect(secondPage.nextCursor).toBeNull();
});

test('history names who acted (their name, else their email); ids only while account is down', async () => {
  const named = await h.user({ firstName: 'Ada', lastName: 'Lovelace' });
  await addMember(h, world.companyId, named.id, 'creator');
  const attribute = await plan.create('attributes', { name: 'named_actor_flag' }, named);
  expect((await plan.patch(`/attributes/${attribute.id}`, { description: 'Changed by the owner' })).statusCode).toBe(
    200,
  );

  const page = (await plan.get(`/attributes/${attribute.id}/history`, world.viewer)).json();
  expect(
    page.items.map((e: { actorUserId: string; actorName: string | null }) => [e.actorUserId, e.actorName]),
  ).toEqual([
    [world.owner.id, world.owner.email],
    [named.id, 'Ada Lovelace'],
  ]);

  const { service } = await import('../../../src/app');
  const app = await service.build({ ...h.config, ACCOUNT_URL: 'http://127.0.0.1:9' }, { verifier: h.tokens.verifier });
  try {
    const degraded = await app.inject({
      method: 'GET',
      url: `/api/company/${world.companyId}/attributes/${attribute.id}/history`,
      headers: { authorization: `Bearer ${world.viewer.token}` },
    });
    expect(degraded.statusCode).toBe(200);
    expect(
      degraded.json().items.map((e: { actorUserId: string; actorName: string | null }) => [e.actorUserId, e.actorName]),
    ).toEqual([
      [world.owner.id, null],
      [named.id, null],
    ]);
  } finally {
    await app.close();
  }
});

test('viewers read but cannot write, and never see hidden attributes', async () => {
  const hidden = await plan.create('attributes', { name: 'internal_score', exposed: false });
  const shown = await plan.create('attributes', { name: 'visible_score' });
  expect((await plan.post('/attributes', { name: 'by_viewer' }, world.viewer)).statusCode).toBe(403);
  expect((await plan.patch(`/attributes/${shown.id}`, { description: 'x' }, world.viewer)).statusCode).toBe(403);
  expect((await plan.delete(`/attributes/${shown.id}`, world.viewer)).statusCode).toBe(403);

  const viewerList = (await plan.get('/attributes?search=_score', world.viewer)).json();
  expect(viewerList.items.map((a: { name: string }) => a.name)).toEqual(['visible_score']);
  expect(viewerList.total).toBe(1);
  const ownerList = (await plan.get('/attributes?search=_score')).json();
  expect(ownerList.items.map((a: { name: string }) => a.name)).toEqual(['internal_score', 'visible_score']);

  const detail = await plan.get(`/attributes/${hidden.id}`, world.viewer);
  expect(detail.statusCode).toBe(404);
  expect(detail.json()).toEqual({ statusCode: 404, code: 'attribute_not_found', message: 'Attribute not found' });
  expect((await plan.get(`/attributes/${hidden.id}/history`, world.viewer)).statusCode).toBe(404);
});

test('unknown ids answer 404 like another company would', async () => {
  const response = await plan.get(`/attributes/${randomUUID()}`);
  expect(response.json()).toEqual({ statusCode: 404, code: 'attribute_not_found', message: 'Attribute not found' });
  expect((await plan.patch(`/attributes/${randomUUID()}`, { description: 'x' })).statusCode).toBe(404);
  expect((await plan.delete(`/attributes/${randomUUID()}`)).statusCode).toBe(404);
});

test('lists filter, sort and page by cursor without gaps or repeats', async () => {
  for (const name of ['page_a', 'page_b', 'page_c', 'page_d', 'page_e']) {
    await plan.create('attributes', {
      name,
      scope: 'view',
      type: name === 'page_c' ? 'integer' : 'string',
      tags: name === 'page_e' ? ['nav'] : [],
    });
  }
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const response = await plan.get(`/attributes?scope=view&limit=2&sort=-name${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.total).toBe(5);
    seen.push(...page.items.map((a: { name: string }) => a.name));
    cursor = page.nextCursor;
  } while (cursor);
  expect(seen).toEqual(['page_e', 'page_d', 'page_c', 'page_b', 'page_a']);
  expect(
    (await plan.get('/attributes?scope=view&type=integer')).json().items.map((a: { name: string }) => a.name),
  ).toEqual(['page_c']);
  expect((await plan.get('/attributes?tag=nav')).json().items.map((a: { name: string }) => a.name)).toEqual(['page_e']);
  const byUpdate = (await plan.get('/attributes?scope=view&sort=updatedAt&limit=3')).json();
  const rest = (await plan.get(`/attributes?scope=view&sort=updatedAt&limit=3&cursor=${byUpdate.nextCursor}`)).json();
  expect([...byUpdate.items, ...rest.items].map((a: { name: string }) => a.name)).toEqual([
    'page_a',
    'page_b',
    'page_c',
    'page_d',
    'page_e',
  ]);
  expect((await plan.get('/attributes?limit=201')).statusCode).toBe(400);
  const badCursor = await plan.get('/attributes?cursor=bm9wZQ');
  expect(badCursor.json()).toMatchObject({ statusCode: 400, code: 'invalid_cursor' });
});

test('Idempotency-Key replays the first answer and refuses another body', async () => {
  const key = { 'idempotency-key': randomUUID() };
  const first = await plan.post('/attributes', { name: 'replayed_attr' }, world.owner, key);
  const again = await plan.post('/attributes', { name: 'replayed_attr' }, world.owner, key);
  expect(again.statusCode).toBe(201);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.json().id).toBe(first.json().id);
  expect((await plan.post('/attributes', { name: 'other_attr' }, world.owner, key)).statusCode).toBe(422);
});

test('list totals follow every change at once, though totals are kept between pages', async () => {
  const total = async () => (await plan.get('/attributes?scope=group&limit=1')).json().total;
  expect(await total()).toBe(0);
  const first = await plan.create('attributes', { name: 'group_plan', scope: 'group' });
  expect(await total()).toBe(1);
  await plan.create('attributes', { name: 'group_seats', scope: 'group' });
  expect(await total()).toBe(2);
  await plan.patch(`/attributes/${first.id}`, { status: 'archived' });
  expect(await total()).toBe(1);
  await plan.delete(`/attributes/${first.id}`);
  expect((await plan.get('/attributes?scope=group&includeArchived=true')).json().total).toBe(1);
});
