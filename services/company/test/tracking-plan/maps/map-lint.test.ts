import { randomUUID } from 'node:crypto';
import { startHarness, type Harness } from '../../support/harness';
import { api, planWorld, type PlanWorld } from '../plan-support';

/**
 * Map saves run lint like other saves: a map showing a retired view or moving
 * through a retired event is warned about by default and refused (422
 * lint_failed, nothing written) when the company made the rule an error; the
 * plan's lint reports the same from the stored maps.
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
const setRule = (severity: 'warning' | 'error') =>
  h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, lintRules: { 'deprecated-on-map': severity } },
  });

test('with deprecated-on-map an error, a map save naming a retired view or event is refused and writes nothing; fixed, it saves', async () => {
  const home = await plan.create('views', { name: unique('Home') });
  const legacy = await plan.create('views', { name: unique('Legacy Cart'), status: 'deprecated' });
  const oldEvent = await plan.create('events', { name: unique('Old Clicked'), status: 'deprecated' });
  expect((await setRule('error')).statusCode).toBe(200);
  const { rows: before } = await h.admin.query(`SELECT count(*)::int AS n FROM company.maps WHERE company_id = $1`, [
    world.companyId,
  ]);

  const refused = await plan.post('/maps', {
    name: unique('Journey'),
    nodes: [
      { viewId: home.id, x: 0, y: 0 },
      { viewId: legacy.id, x: 200, y: 0 },
    ],
    edges: [{ from: home.id, to: legacy.id, eventId: oldEvent.id }],
  });
  expect(refused.statusCode).toBe(422);
  expect(refused.json()).toMatchObject({ code: 'lint_failed' });
  expect(
    refused
      .json()
      .findings.map((f: { field: string; entityKind: string; severity: string }) => [
        f.entityKind,
        f.field,
        f.severity,
      ]),
  ).toEqual([
    ['map', 'nodes', 'error'],
    ['map', 'edges', 'error'],
  ]);
  const { rows: after } = await h.admin.query(`SELECT count(*)::int AS n FROM company.maps WHERE company_id = $1`, [
    world.companyId,
  ]);
  expect(after[0].n).toBe(before[0].n);

  const clean = await plan.post('/maps', { name: unique('Journey'), nodes: [{ viewId: home.id, x: 0, y: 0 }] });
  expect(clean.statusCode).toBe(201);
  // An update that brings the retired view in is refused too, and leaves the map as it was.
  const update = await plan.patch(`/maps/${clean.json().id}`, {
    nodes: [
      { viewId: home.id, x: 0, y: 0 },
      { viewId: legacy.id, x: 1, y: 1 },
    ],
  });
  expect([update.statusCode, update.json().code]).toEqual([422, 'lint_failed']);
  expect((await plan.get(`/maps/${clean.json().id}`)).json()).toMatchObject({
    version: 1,
    nodes: [{ viewId: home.id }],
  });
  expect((await setRule('warning')).statusCode).toBe(200);
});

test('as a warning (the default) the save goes through, and the plan lint reports the stored map', async () => {
  const home = await plan.create('views', { name: unique('Home') });
  const gone = await plan.create('views', { name: unique('Gone Page') });
  const created = await plan.post('/maps', {
    name: unique('Warned'),
    nodes: [
      { viewId: home.id, x: 0, y: 0 },
      { viewId: gone.id, x: 10, y: 0 },
    ],
  });
  expect(created.statusCode).toBe(201);
  // Archiving a view a map shows does not touch the map; lint then names the archived view on it.
  expect((await plan.patch(`/views/${gone.id}`, { status: 'archived' })).statusCode).toBe(200);
  const report = (await plan.get('/tracking-plan/lint')).json();
  const onMap = report.findings.filter(
    (f: { entityKind: string; entityId: string }) => f.entityKind === 'map' && f.entityId === created.json().id,
  );
  expect(onMap).toEqual([
    expect.objectContaining({
      rule: 'deprecated-on-map',
      severity: 'warning',
      field: 'nodes',
      message: `Map “${created.json().name}” shows view “${gone.name}”, which is archived.`,
    }),
  ]);
  const saved = await plan.patch(`/maps/${created.json().id}`, { description: 'Still saves: warnings never block.' });
  expect(saved.statusCode).toBe(200);
});
