import { startHarness, type Harness } from '../../support/harness';
import { api, planWorld, type PlanWorld } from '../plan-support';

/**
 * `GET …/codegen/typescript?proposal=`: the typed code of a proposal's plan, so the event page's
 * code inside a proposal shows the proposal's events; without it, the live plan's.
 */
let h: Harness;
let world: PlanWorld;
let plan: ReturnType<typeof api>;
let proposalId = '';
let eventId = '';

beforeAll(async () => {
  h = await startHarness();
  world = await planWorld(h);
  plan = api(h, world);
  await plan.create('events', { name: 'Product Added', description: 'Added to cart' });
  const opened = await plan.post('/proposals', { name: 'Gift cards' });
  expect(opened.statusCode).toBe(201);
  proposalId = opened.json().id;
  const created = await plan.post(`/events?proposal=${proposalId}`, {
    name: 'Gift Card Redeemed',
    description: 'Paid with a gift card',
  });
  expect(created.statusCode).toBe(201);
  eventId = created.json().id;
});
afterAll(async () => {
  await h?.close();
});

const functions = (body: { events: Array<{ functionName: string }> }) => body.events.map((e) => e.functionName).sort();

test("a proposal's code has its events; the live plan's has not", async () => {
  const inside = await plan.get(`/codegen/typescript?proposal=${proposalId}`);
  expect(inside.statusCode).toBe(200);
  expect(functions(inside.json())).toEqual(['trackGiftCardRedeemed', 'trackProductAdded']);
  const live = await plan.get('/codegen/typescript');
  expect(functions(live.json())).toEqual(['trackProductAdded']);

  const part = await plan.get(`/codegen/typescript?proposal=${proposalId}&eventId=${eventId}`);
  expect(part.statusCode).toBe(200);
  expect(part.body).toContain('trackGiftCardRedeemed');
});

test('an unknown proposal is a 404 with its code', async () => {
  const response = await plan.get('/codegen/typescript?proposal=00000000-0000-4000-8000-000000000000');
  expect(response.statusCode).toBe(404);
  expect(response.json().code).toBe('proposal_not_found');
});
