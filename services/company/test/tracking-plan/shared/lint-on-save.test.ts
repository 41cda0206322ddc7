import { startHarness, type Harness } from '../../support/harness';
import { api, body, planCounts, planWorld, type PlanWorld } from '../plan-support';

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

const setRules = (lintRules: object) =>
  h.call(world.owner, {
    method: 'POST',
    url: '/api/company/update-settings',
    payload: { companyId: world.companyId, lintRules },
  });

const rulesOf = (response: { json(): unknown }) =>
  (response.json() as { findings: Array<{ rule: string }> }).findings.map((f) => f.rule);

test('rules about the entity, its links and its namesakes refuse a save as errors, against the stored plan', async () => {
  await plan.create('attributes', { name: 'order_total', scope: 'event', type: 'number' });
  const archived = await plan.create('attributes', { name: 'refund_total', scope: 'event', type: 'number' });
  expect((await plan.patch(`/attributes/${archived.id}`, { status: 'archived' })).statusCode).toBe(200);
  const before = await planCounts(h, world.companyId);

  // One name, one type: a namesake in another scope with another type is an error by default.
  const clash = await plan.post('/attributes', { name: 'orderTotal', scope: 'user', type: 'string' });
  expect(clash.statusCode).toBe(422);
  expect(body(clash).code).toBe('lint_failed');
  expect(rulesOf(clash)).toEqual(['consistent-type']);
  // An archived namesake plays no part.
  expect((await plan.post('/attributes', { name: 'refundTotal', scope: 'user', type: 'string' })).statusCode).toBe(201);

  const coupon = await plan.create('attributes', { name: 'coupon', scope: 'event', type: 'string', nullable: true });
  expect((await setRules({ 'required-nullable': 'error' })).statusCode).toBe(200);
  const required = await plan.post('/events', {
    name: 'Coupon Applied',
    attributes: [{ attributeId: coupon.id, presence: 'required' }],
  });
  expect(required.statusCode).toBe(422);
  expect(rulesOf(required)).toEqual(['required-nullable']);
  expect(await planCounts(h, world.companyId)).toEqual({
    ...before,
    attributes: before.attributes + 2,
    history: before.history + 2,
  });
  expect(
    (
      await plan.post('/events', {
        name: 'Coupon Applied',
        attributes: [{ attributeId: coupon.id, presence: 'optional' }],
      })
    ).statusCode,
  ).toBe(201);
  expect((await setRules({})).statusCode).toBe(200);
});

test('rules about the rest of the plan (similar names, usage) still refuse a save when the company makes them errors', async () => {
  await plan.create('attributes', { name: 'voucher_code', scope: 'event', type: 'string' });
  // Warnings by default: the save goes through.
  expect((await plan.post('/attributes', { name: 'voucher_codes', scope: 'user', type: 'string' })).statusCode).toBe(
    201,
  );
  expect((await setRules({ 'similar-name': 'error' })).statusCode).toBe(200);
  const similar = await plan.post('/attributes', { name: 'voucher_cde', scope: 'event', type: 'string' });
  expect(similar.statusCode).toBe(422);
  expect(rulesOf(similar)).toEqual(['similar-name']);
  expect((await setRules({ 'event-without-view': 'error' })).statusCode).toBe(200);
  const event = await plan.create('events', { name: 'Voucher Shown', kind: 'identify' });
  const viewless = await plan.patch(`/events/${event.id}`, { kind: 'track' });
  expect(viewless.statusCode).toBe(422);
  expect(rulesOf(viewless)).toEqual(['event-without-view']);
  expect((await setRules({})).statusCode).toBe(200);
});
