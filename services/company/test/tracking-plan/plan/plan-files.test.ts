import { readFileSync } from 'node:fs';
import { startHarness, createCompanyAs, type Harness } from '../../support/harness';
import { api, planCounts, planWorld, type PlanWorld } from '../plan-support';

let h: Harness;
let world: PlanWorld;
let plan: ReturnType<typeof api>;

beforeAll(async () => {
  h = await startHarness();
  world = await planWorld(h);
  plan = api(h, world);
  // A small plan: system, view and event attributes, a hidden one, an archived event, links with an override.
  const sys = await plan.create('attributes', { name: 'app_version', scope: 'system', description: 'Build' });
  const category = await plan.create('attributes', {
    name: 'page_category',
    scope: 'view',
    description: 'Area',
    validation: { kind: 'enum', values: ['shop', 'blog'] },
  });
  const price = await plan.create('attributes', {
    name: 'price',
    type: 'number',
    description: 'Price',
    validation: { kind: 'range', min: 0 },
    tags: ['money', 'checkout'],
  });
  const margin = await plan.create('attributes', {
    name: 'margin',
    type: 'number',
    description: 'Margin',
    exposed: false,
  });
  const added = await plan.create('events', {
    name: 'Product Added',
    description: 'Added to cart',
    tags: ['cart'],
    attributes: [
      { attributeId: price.id, presence: 'required', validationOverride: { kind: 'range', min: 1, max: 500 } },
      { attributeId: margin.id, presence: 'optional' },
    ],
  });
  const old = await plan.create('events', { name: 'Legacy Click', description: 'Old' });
  await plan.patch(`/events/${old.id}`, { status: 'archived' });
  const home = await plan.create('views', { name: 'Home Page', description: 'Landing', urlPattern: '/' });
  const productPage = await plan.create('views', {
    name: 'Product Page',
    description: 'Product detail',
    urlPattern: '/p/:id',
    attributes: [{ attributeId: category.id, presence: 'required' }],
    events: [{ eventId: added.id, trigger: 'Add button', hotspot: { x: 10, y: 20, width: 30, height: 5 } }],
  });
  const map = await plan.post('/maps', {
    name: 'Shopping journey',
    description: 'Home to product',
    attributes: [{ attributeId: category.id, presence: 'optional' }],
    nodes: [
      { viewId: home.id, x: 0, y: 0 },
      { viewId: productPage.id, x: 320.5, y: -40 },
    ],
    edges: [
      { from: home.id, to: productPage.id, eventId: added.id, label: 'adds from a tile' },
      { from: productPage.id, to: home.id },
    ],
    layout: 'TB',
  });
  if (map.statusCode !== 201) throw new Error(map.body);
  void sys;
});
afterAll(async () => {
  await h?.close();
});

const sortKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortKeys)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value as object)
            .sort()
            .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
        )
      : value;

const importFile = (companyId: string, format: 'native' | 'csv', body: string, dryRun = false, user = world.owner) =>
  h.call(user, {
    method: 'POST',
    url: `/api/company/${companyId}/tracking-plan/import?format=${format}&dryRun=${dryRun}`,
    headers: { 'content-type': format === 'csv' ? 'text/csv' : 'application/json' },
    payload: body,
  });

test('native export → import into an empty company → export again gives the same plan', async () => {
  const first = await plan.get('/tracking-plan/export?format=native');
  expect(first.statusCode).toBe(200);
  expect(first.headers['content-type']).toMatch(/^application\/json/);
  expect(first.headers['content-disposition']).toMatch(/attachment; filename="tracking-plan-.*\.json"/);
  const exported = first.json();
  expect(exported.attributes).toHaveLength(4);
  // Maps travel in the file with their nodes, edges and links, naming views and events by their ids (the file's keys).
  expect(exported.maps).toHaveLength(1);
  expect(exported.maps[0]).toMatchObject({
    name: 'Shopping journey',
    layout: 'TB',
    attributes: [{ presence: 'optional' }],
  });
  expect(
    exported.maps[0].edges.map((e: { label?: string; eventId?: string }) => [e.label ?? null, Boolean(e.eventId)]),
  ).toEqual([
    ['adds from a tile', true],
    [null, false],
  ]);
  expect(exported.events.map((e: { name: string; status: string }) => [e.name, e.status]).sort()).toEqual([
    ['Legacy Click', 'archived'],
    ['Product Added', 'planned'],
  ]);

  const owner = await h.user();
  const empty = await createCompanyAs(h, owner);
  const imported = await importFile(empty, 'native', first.body, false, owner);
  expect(imported.statusCode).toBe(200);
  expect(imported.json()).toMatchObject({
    format: 'native',
    dryRun: false,
    applied: true,
    changed: [],
    unchanged: 0,
    rejected: [],
  });
  expect(imported.json().added).toHaveLength(4 + 2 + 2 + 1);
  expect(imported.json().added).toContainEqual({ kind: 'map', name: 'Shopping journey', id: exported.maps[0].id });
  const again = await h.call(owner, { method: 'GET', url: `/api/company/${empty}/tracking-plan/export?format=native` });
  expect(JSON.stringify(sortKeys(again.json()))).toBe(JSON.stringify(sortKeys(exported)));
  expect(again.body).toBe(first.body);

  // Importing the same file again changes nothing, and history has one "imported" entry per entity.
  const repeat = await importFile(empty, 'native', first.body, false, owner);
  expect(repeat.json()).toMatchObject({ applied: false, added: [], changed: [], unchanged: 9 });
  const eventId = exported.events[0].id;
  const history = await h.call(owner, { method: 'GET', url: `/api/company/${empty}/events/${eventId}/history` });
  expect(history.json().items.map((e: { action: string }) => e.action)).toEqual(['imported']);
  const mapHistory = await h.call(owner, {
    method: 'GET',
    url: `/api/company/${empty}/maps/${exported.maps[0].id}/history`,
  });
  expect(mapHistory.json().items.map((e: { action: string }) => e.action)).toEqual(['imported']);

  // A dry run lists a moved node as a change of the map, and writes nothing.
  const moved = structuredClone(exported);
  moved.maps[0].nodes[1].x = 999;
  const dry = await importFile(empty, 'native', JSON.stringify(moved), true, owner);
  expect(dry.json()).toMatchObject({
    applied: false,
    added: [],
    changed: [{ kind: 'map', name: 'Shopping journey', changes: [{ field: 'nodes' }] }],
  });
  expect(
    (await h.call(owner, { method: 'GET', url: `/api/company/${empty}/tracking-plan/export?format=native` })).body,
  ).toBe(first.body);
});

test('a native file with a bad entry changes nothing and names the entry', async () => {
  const file = (await plan.get('/tracking-plan/export?format=native')).json();
  const owner = await h.user();
  const target = await createCompanyAs(h, owner);
  file.events[1].kind = 'teleport';
  const response = await importFile(target, 'native', JSON.stringify(file), false, owner);
  expect(response.statusCode).toBe(422);
  expect(response.json()).toMatchObject({ code: 'import_rejected', applied: false });
  expect(response.json().rejected[0].row).toMatch(/^events\[1\]/);
  expect(await planCounts(h, target)).toMatchObject({ attributes: 0, events: 0, views: 0, history: 0 });
});

test('CSV export has one row per event and effective attribute; viewers do not get hidden attributes', async () => {
  const csv = await plan.get('/tracking-plan/export?format=csv');
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-type']).toMatch(/^text\/csv/);
  expect(csv.headers['content-disposition']).toMatch(/filename="tracking-plan-.*\.csv"/);
  const lines = csv.body.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'event,event_description,kind,attribute,scope,type,required,nullable,validation_kind,validation,origin,exposed,views,tags',
  );
  expect(
    lines
      .filter((l) => l.startsWith('Product Added,'))
      .map((l) => l.split(',')[3])
      .sort(),
  ).toEqual(['app_version', 'margin', 'page_category', 'price']);
  expect(csv.body).not.toContain('Legacy Click');
  const asViewer = await plan.get('/tracking-plan/export?format=csv', world.viewer);
  expect(asViewer.body).not.toContain('margin');
  expect((await plan.get('/tracking-plan/export?format=native', world.viewer)).body).not.toContain('margin');
});

test('JSON Schema export is a Segment-style rules bundle', async () => {
  const response = await plan.get('/tracking-plan/export?format=json-schema');
  expect(response.statusCode).toBe(200);
  const bundle = response.json();
  const rule = bundle.rules.events.find((r: { key: string }) => r.key === 'Product Added');
  expect(rule).toMatchObject({ type: 'TRACK', version: 1 });
  expect(rule.jsonSchema.properties.properties.properties.price).toMatchObject({
    type: 'number',
    minimum: 1,
    maximum: 500,
  });
  expect(bundle.rules.common.properties.properties.properties).toHaveProperty('app_version');
  expect(bundle.rules.events.map((r: { key: string }) => r.key)).not.toContain('Legacy Click');
});

test('a CSV with one bad row changes nothing and names the row; dry runs never write', async () => {
  const before = await planCounts(h, world.companyId);
  const header =
    'event,event_description,kind,attribute,scope,type,required,nullable,validation_kind,validation,origin,exposed,views,tags';
  const bad = [
    header,
    'Checkout Started,Begins checkout,track,cart_size,event,integer,true,false,,,,true,Cart Page,',
    'Checkout Started,,track,coupon,event,colour,false,false,,,,true,,',
  ].join('\n');
  const refused = await importFile(world.companyId, 'csv', bad);
  expect(refused.statusCode).toBe(422);
  expect(refused.json().rejected).toEqual([expect.objectContaining({ row: 3 })]);
  expect(refused.json().rejected[0].reason).toMatch(/colour|type/);
  expect(await planCounts(h, world.companyId)).toEqual(before);

  const good = [
    header,
    'Checkout Started,Begins checkout,track,cart_size,event,integer,true,false,,,,true,Cart Page,checkout',
  ].join('\n');
  const dry = await importFile(world.companyId, 'csv', good, true);
  expect(dry.statusCode).toBe(200);
  expect(dry.json()).toMatchObject({ dryRun: true, applied: false, rejected: [] });
  expect(
    dry
      .json()
      .added.map((e: { kind: string; name: string }) => `${e.kind}:${e.name}`)
      .sort(),
  ).toEqual(['attribute:cart_size', 'event:Checkout Started', 'view:Cart Page']);
  expect(await planCounts(h, world.companyId)).toEqual(before);
});

test('CSV import is additive: it adds and updates by name and never removes', async () => {
  const header =
    'event,event_description,kind,attribute,scope,type,required,nullable,validation_kind,validation,origin,exposed,views,tags';
  const file = [
    header,
    'Product Added,Added to the cart,track,quantity,event,integer,true,false,,,,true,Product Page,cart',
  ].join('\n');
  const response = await importFile(world.companyId, 'csv', file);
  expect(response.statusCode).toBe(200);
  const diff = response.json();
  expect(diff.applied).toBe(true);
  expect(diff.added.map((e: { kind: string; name: string }) => `${e.kind}:${e.name}`)).toEqual(['attribute:quantity']);
  expect(diff.changed.map((e: { kind: string; name: string }) => `${e.kind}:${e.name}`)).toEqual([
    'event:Product Added',
  ]);
  const event = (await plan.get('/events?search=product%20added')).json().items[0];
  expect(event.description).toBe('Added to the cart');
  expect(event.attributes).toHaveLength(3);
  expect((await plan.get('/attributes?search=price')).json().total).toBe(1);
  const history = (await plan.get(`/events/${event.id}/history`)).json();
  expect(history.items[0]).toMatchObject({ action: 'imported', actorUserId: world.owner.id });
  expect(history.items[0].changes.map((c: { field: string }) => c.field)).toContain('description');
});

test('lint reports findings with the company severities; an "error" rule refuses saves with 422 and the findings', async () => {
  const report = await plan.get('/tracking-plan/lint', world.viewer);
  expect(report.statusCode).toBe(200);
  const body = report.json();
  expect(body.errors + body.warnings).toBe(body.findings.length);
  expect(JSON.stringify(body)).not.toContain('margin');

  const strict = await h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, lintRules: { description: 'error' }, attributeNameCase: 'snake_case' },
  });
  expect(strict.statusCode).toBe(200);
  expect(strict.json().company.settings.lintRules).toEqual({ description: 'error' });
  const before = await planCounts(h, world.companyId);
  const refused = await plan.post('/attributes', { name: 'undocumented_field' });
  expect(refused.statusCode).toBe(422);
  expect(refused.json()).toMatchObject({
    code: 'lint_failed',
    findings: [expect.objectContaining({ rule: 'description', severity: 'error' })],
  });
  expect(await planCounts(h, world.companyId)).toEqual(before);
  // Warnings never block: the name is not snake_case, but that rule stays a warning.
  expect((await plan.post('/attributes', { name: 'documentedField', description: 'Has one' })).statusCode).toBe(201);
  const after = (await plan.get('/tracking-plan/lint')).json();
  expect(after.findings).toContainEqual(
    expect.objectContaining({ rule: 'naming-case', severity: 'warning', entityName: 'documentedField' }),
  );
});

test('CSV and JSON Schema exports count the map layer: an attribute a map links reaches the events on its views', async () => {
  const owner = await h.user();
  const companyId = await createCompanyAs(h, owner);
  const own = api(h, { companyId, owner, creator: owner, viewer: owner });
  const channel = await own.create('attributes', { name: 'journey_channel', description: 'Where the journey started' });
  const shown = await own.create('events', {
    name: 'Landing Shown',
    kind: 'page',
    description: 'The landing page was shown',
  });
  const landing = await own.create('views', {
    name: 'Landing',
    description: 'Landing page',
    events: [{ eventId: shown.id }],
  });
  const map = await own.post('/maps', {
    name: 'Acquisition',
    attributes: [{ attributeId: channel.id, presence: 'required' }],
    nodes: [{ viewId: landing.id, x: 0, y: 0 }],
  });
  expect(map.statusCode).toBe(201);

  const csv = (await own.get('/tracking-plan/export?format=csv')).body;
  const row = csv.split(/\r?\n/).find((line) => line.startsWith('Landing Shown,') && line.includes('journey_channel'));
  expect(row).toBeDefined();
  expect(row!.split(',')[6]).toBe('true');
  const bundle = (await own.get('/tracking-plan/export?format=json-schema')).json();
  const rule = bundle.rules.events.find((e: { key: string }) => e.key === 'Landing Shown');
  expect(rule.jsonSchema.properties.properties.required).toContain('journey_channel');
});

test('the sample plan, map included, imports into an empty company and exports back byte for byte', async () => {
  const sample = readFileSync(require.resolve('@tracemap/tracking-plan/samples/ecommerce.json'), 'utf8');
  const owner = await h.user();
  const companyId = await createCompanyAs(h, owner);
  const imported = await importFile(companyId, 'native', sample, false, owner);
  expect(imported.statusCode).toBe(200);
  expect(
    imported
      .json()
      .added.filter((e: { kind: string }) => e.kind === 'map')
      .map((e: { name: string }) => e.name),
  ).toEqual(['Shopping journey']);
  const exported = await h.call(owner, {
    method: 'GET',
    url: `/api/company/${companyId}/tracking-plan/export?format=native`,
  });
  expect(exported.body).toBe(sample);
  // The imported map lints clean and previews with its twelve views.
  const lint = (await h.call(owner, { method: 'GET', url: `/api/company/${companyId}/tracking-plan/lint` })).json();
  expect(lint.findings.filter((f: { entityKind: string }) => f.entityKind === 'map')).toEqual([]);
  const mapId = JSON.parse(sample).maps[0].id;
  const preview = await h.call(owner, { method: 'GET', url: `/api/company/map-preview/${mapId}` });
  expect(preview.json().views).toHaveLength(12);
});
