import type { ProposeChangeInput } from '@tracemap/contracts';
import { SERVICE_TOKEN, startHarness, type Harness, type TestUser } from '../../support/harness';
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

const intake = (draft: ProposeChangeInput, user: TestUser = world.creator) =>
  h.app.inject({
    method: 'POST',
    url: `/internal/companies/${world.companyId}/assistant-intake`,
    headers: { 'x-service-token': SERVICE_TOKEN },
    payload: { userId: user.id, draft },
  });
const reason = 'Drafted by the assistant in a test.';
const proposals = async () =>
  body(await plan.get('/proposals')).items as { id: string; name: string; status: string }[];
const live = async () => (await plan.get('/tracking-plan/export')).body;
let existing: { id: string };

describe('assistant intake', () => {
  it('refuses fields the plan would refuse, an unknown item and a viewer, and changes nothing', async () => {
    existing = await plan.create('events', { name: 'Checkout Started', kind: 'track' }, world.creator);
    const before = { plan: await live(), counts: await planCounts(h, world.companyId) };

    const unknownField = await intake({
      action: 'create',
      entity: 'event',
      fields: { name: 'Cart Shared', colour: 'red' },
      reason,
    });
    expect(unknownField.statusCode).toBe(400);
    expect(body(unknownField)).toMatchObject({ code: 'validation_failed', message: 'Unknown field: colour' });
    const noName = await intake({ action: 'create', entity: 'attribute', fields: { type: 'string' }, reason });
    expect(body(noName)).toMatchObject({ statusCode: 400, message: 'name required' });
    const wrongType = await intake({
      action: 'create',
      entity: 'event',
      fields: { name: 'Cart Shared', kind: 'shout' },
      reason,
    });
    expect(body(wrongType)).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect(body(wrongType).message).toMatch(/^kind /);
    const noId = await intake({ action: 'archive', entity: 'event', fields: {}, reason });
    expect(body(noId)).toMatchObject({ statusCode: 400, message: 'id required' });

    const missing = await intake({
      action: 'update',
      entity: 'event',
      id: '00000000-0000-4000-8000-000000000000',
      fields: { description: 'x' },
      reason,
    });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toMatch(/event/i);

    const viewer = await intake(
      { action: 'create', entity: 'event', fields: { name: 'Cart Shared' }, reason },
      world.viewer,
    );
    expect(viewer.statusCode).toBe(403);

    const noToken = await h.app.inject({
      method: 'POST',
      url: `/internal/companies/${world.companyId}/assistant-intake`,
      payload: {
        userId: world.creator.id,
        draft: { action: 'create', entity: 'event', fields: { name: 'X' }, reason },
      },
    });
    expect(noToken.statusCode).toBe(401);

    // Refused by the plan's own rules once a draft was opened for it: the draft is taken back too.
    const taken = await intake({ action: 'create', entity: 'event', fields: { name: 'Checkout Started' }, reason });
    expect(taken.statusCode).toBe(409);
    const { rows } = await h.admin.query(`SELECT count(*)::int AS n FROM company.companies WHERE proposal_of = $1`, [
      world.companyId,
    ]);
    expect(rows[0].n).toBe(0);

    expect(await proposals()).toEqual([]);
    expect(await live()).toBe(before.plan);
    expect(await planCounts(h, world.companyId)).toEqual(before.counts);
  });

  it('opens the assistant draft proposal even when the company does not require proposals, then extends it', async () => {
    const livePlan = await live();

    const created = await intake({
      action: 'create',
      entity: 'event',
      fields: { name: 'Cart Shared', kind: 'track', description: 'A shopper shared their cart.' },
      reason,
    });
    expect(created.statusCode).toBe(200);
    const { proposal, item } = body(created);
    expect(proposal).toEqual({ id: expect.any(String), name: 'From the assistant', created: true });
    expect(item).toEqual({ kind: 'event', id: expect.any(String), name: 'Cart Shared' });
    expect(body(await plan.get(`/proposals/${proposal.id}`))).toMatchObject({
      status: 'draft',
      authorId: world.creator.id,
    });

    // The archive of a live item goes to the same draft; the live plan is as it was, row for row.
    const archived = await intake({ action: 'archive', entity: 'event', id: existing.id, fields: {}, reason });
    expect(archived.statusCode).toBe(200);
    expect(body(archived).proposal).toEqual({ ...proposal, created: false });
    expect(await live()).toBe(livePlan);

    const inProposal = body(await plan.get(`/events?proposal=${proposal.id}&status=archived`)).items;
    expect(inProposal.map((e: { name: string }) => e.name)).toContain('Checkout Started');
    const diff = body(await plan.get(`/proposals/${proposal.id}/diff`));
    expect(diff.added.map((a: { name: string }) => a.name)).toEqual(['Cart Shared']);

    // An item created in the draft can be changed there, and history names the assistant.
    const updated = await intake({
      action: 'update',
      entity: 'event',
      id: item.id,
      fields: { category: 'Cart' },
      reason,
    });
    expect(updated.statusCode).toBe(200);
    const history = body(await plan.get(`/events/${item.id}/history?proposal=${proposal.id}`)).items;
    expect(history.map((e: { action: string; actor: string }) => [e.action, e.actor])).toEqual([
      ['updated', 'assistant'],
      ['created', 'assistant'],
    ]);
    expect(history[0].actorUserId).toBe(world.creator.id);

    // The plan's own rules still hold inside the proposal: a taken name is refused and nothing is added.
    const taken = await intake({ action: 'create', entity: 'event', fields: { name: 'Cart Shared' }, reason });
    expect(taken.statusCode).toBe(409);
    expect((await proposals()).map((p) => p.id)).toEqual([proposal.id]);
  });

  it('with proposals required, extends the same draft, and opens one new draft between two applies once it is under review', async () => {
    const settings = await h.call(world.owner, {
      method: 'POST',
      url: '/api/company/update-settings',
      payload: { companyId: world.companyId, proposalsRequired: true },
    });
    expect(settings.statusCode).toBe(200);
    const [first] = (await proposals()).filter((p) => p.name === 'From the assistant');
    const view = await intake({
      action: 'create',
      entity: 'view',
      fields: { name: 'Cart page', type: 'page' },
      reason,
    });
    expect(view.statusCode).toBe(200);
    expect(body(view).proposal.id).toBe(first.id);

    const ready = await plan.post(`/proposals/${first.id}/status`, { status: 'ready_for_review' }, world.creator);
    expect(ready.statusCode).toBe(200);
    const [a, b] = await Promise.all([
      intake({ action: 'create', entity: 'attribute', fields: { name: 'cart_size', type: 'integer' }, reason }),
      intake({ action: 'create', entity: 'attribute', fields: { name: 'cart_value', type: 'number' }, reason }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(body(a).proposal.id).toBe(body(b).proposal.id);
    expect(body(a).proposal.id).not.toBe(first.id);
  });
});
