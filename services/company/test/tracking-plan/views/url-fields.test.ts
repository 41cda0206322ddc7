import { HTTP_URL_MESSAGE } from '@tracemap/contracts';
import { startHarness, type Harness } from '../../support/harness';
import { api, planCounts, planWorld, type PlanWorld } from '../plan-support';

// A stored address becomes a link or an image source in the pages: only http(s) and same-site paths get in.

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

const refusal = { statusCode: 400, code: 'validation_failed', message: `screenshotUrl ${HTTP_URL_MESSAGE}` };
const UNSAFE = [
  'javascript:alert(1)',
  'JavaScript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example/x.png',
  '/\\evil.example/x.png',
  'https://',
  'https://shop.example/a b.png',
];

test('a view with a script or foreign-scheme screenshot URL is refused with 400 and nothing is written', async () => {
  const before = await planCounts(h, world.companyId);
  for (const screenshotUrl of UNSAFE) {
    const refused = await plan.post('/views', { name: 'Evil View', screenshotUrl });
    expect([screenshotUrl, refused.statusCode, refused.json()]).toEqual([screenshotUrl, 400, refusal]);
  }
  expect(await planCounts(h, world.companyId)).toEqual(before);
  expect((await plan.get('/views?search=Evil')).json().items).toEqual([]);
});

test('editing a view to a javascript: screenshot URL is refused and leaves the view as it was', async () => {
  const view = await plan.create('views', {
    name: 'Product Page',
    screenshotUrl: 'https://cdn.shop.example/product.png',
  });
  const refused = await plan.patch(`/views/${view.id}`, { screenshotUrl: 'javascript:alert(1)' }, world.owner, {
    'if-match': String(view.version),
  });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toEqual(refusal);
  const after = (await plan.get(`/views/${view.id}`)).json();
  expect(after).toMatchObject({ version: view.version, screenshotUrl: 'https://cdn.shop.example/product.png' });
  expect((await plan.get(`/views/${view.id}/history`)).json().items).toHaveLength(1);
});

test('http(s) addresses and same-site paths are accepted', async () => {
  const created = await plan.post('/views', {
    name: 'Cart Page',
    screenshotUrl: 'http://shop.example/cart.png?size=2x#top',
  });
  expect(created.statusCode).toBe(201);
  expect(created.json().screenshotUrl).toBe('http://shop.example/cart.png?size=2x#top');
  const edited = await plan.patch(
    `/views/${created.json().id}`,
    { screenshotUrl: '/screenshots/cart.png' },
    world.owner,
    { 'if-match': '1' },
  );
  expect(edited.statusCode).toBe(200);
  expect(edited.json().screenshotUrl).toBe('/screenshots/cart.png');
  const cleared = await plan.patch(`/views/${created.json().id}`, { screenshotUrl: null }, world.owner, {
    'if-match': '2',
  });
  expect(cleared.json().screenshotUrl).toBeNull();
});

test('a native plan file with a javascript: screenshot URL is refused in the preview and on apply, naming the view', async () => {
  const file = (await plan.get('/tracking-plan/export?format=native')).json();
  const view = file.views.find((v: { name: string }) => v.name === 'Product Page');
  view.screenshotUrl = 'javascript:alert(document.domain)';
  const index = file.views.indexOf(view);
  const send = (dryRun: boolean) =>
    h.call(world.owner, {
      method: 'POST',
      url: `/api/company/${world.companyId}/tracking-plan/import?format=native&dryRun=${dryRun}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    });
  const before = await planCounts(h, world.companyId);

  const preview = await send(true);
  expect(preview.statusCode).toBe(200);
  expect(preview.json()).toMatchObject({ applied: false, added: [], changed: [] });
  expect(preview.json().rejected).toEqual([
    {
      row: `views[${index}].screenshotUrl`,
      kind: 'view',
      name: 'Product Page',
      reason: `screenshotUrl ${HTTP_URL_MESSAGE}.`,
    },
  ]);

  const applied = await send(false);
  expect(applied.statusCode).toBe(422);
  expect(applied.json()).toMatchObject({ code: 'import_rejected', applied: false });
  expect(await planCounts(h, world.companyId)).toEqual(before);
  expect((await plan.get(`/views/${view.id}`)).json().screenshotUrl).toBe('https://cdn.shop.example/product.png');
});
