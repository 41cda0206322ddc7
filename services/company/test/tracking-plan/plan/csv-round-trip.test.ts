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

const importCsv = (companyId: string, body: string, dryRun: boolean) =>
  h.call(world.owner, {
    method: 'POST',
    url: `/api/company/${companyId}/tracking-plan/import?format=csv&dryRun=${dryRun}`,
    headers: { 'content-type': 'text/csv' },
    payload: body,
  });

test('a CSV export with formula-like names previews no change when imported back, and imports elsewhere with the same names', async () => {
  const names = {
    event: '=Checkout Started',
    description: '+1 when paid',
    attribute: '@cart_size',
    origin: '-dataLayer.cart',
    view: "'=Cart Page",
  };
  const size = await plan.create('attributes', { name: names.attribute, origin: names.origin, type: 'integer' });
  const started = await plan.create('events', {
    name: names.event,
    description: names.description,
    attributes: [{ attributeId: size.id, presence: 'required' }],
  });
  await plan.create('views', { name: names.view, events: [{ eventId: started.id }] });
  const csv = await plan.get('/tracking-plan/export?format=csv');
  expect(csv.statusCode).toBe(200);
  expect(csv.body).toContain("'=Checkout Started");

  const before = await planCounts(h, world.companyId);
  const preview = await importCsv(world.companyId, csv.body, true);
  expect(preview.statusCode).toBe(200);
  expect(preview.json()).toMatchObject({ dryRun: true, applied: false, rejected: [], added: [], changed: [] });
  expect(await planCounts(h, world.companyId)).toEqual(before);

  const elsewhere = await createCompanyAs(h, world.owner);
  expect((await importCsv(elsewhere, csv.body, false)).statusCode).toBe(200);
  const read = (path: string) =>
    h.call(world.owner, { method: 'GET', url: `/api/company/${elsewhere}${path}` }).then((r) => r.json().items);
  expect((await read('/events')).map((e: { name: string; description: string }) => [e.name, e.description])).toEqual([
    [names.event, names.description],
  ]);
  expect((await read('/attributes')).map((a: { name: string; origin: string }) => [a.name, a.origin])).toEqual([
    [names.attribute, names.origin],
  ]);
  expect((await read('/views')).map((v: { name: string }) => v.name)).toEqual([names.view]);
});
