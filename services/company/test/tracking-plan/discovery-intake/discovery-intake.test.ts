import { randomUUID } from 'node:crypto';
import type { DiscoveryIntakeChange } from '@tracemap/contracts';
import { SERVICE_TOKEN, startHarness, type Harness, type TestUser } from '../../support/harness';
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

const unique = (name: string) => `${name}_${randomUUID().slice(0, 6)}`;

function intake(user: TestUser, change: DiscoveryIntakeChange, options: { companyId?: string; token?: string } = {}) {
  return h.app.inject({
    method: 'POST',
    url: `/internal/companies/${options.companyId ?? world.companyId}/discovery-intake`,
    headers: { 'x-service-token': options.token ?? SERVICE_TOKEN },
    payload: { userId: user.id, change },
  });
}

async function history(kind: 'events' | 'attributes', id: string) {
  const response = await plan.get(`/${kind}/${id}/history`, world.creator);
  expect(response.statusCode).toBe(200);
  return response.json().items as { action: string; actor?: string; actorUserId: string | null }[];
}

describe('discovery intake', () => {
  it('creates the event and the attributes it lacks, reusing one of the same folded name, with discovery in history', async () => {
    const existing = await plan.create('attributes', { name: unique('order_id'), type: 'string' }, world.creator);
    const eventName = unique('Coupon Applied');
    const response = await intake(world.creator, {
      action: 'add-event',
      event: { name: eventName, kind: 'track', status: 'live' },
      attributes: [
        // Another case and separators of the existing name: the same attribute.
        { attribute: { name: existing.name.toUpperCase(), type: 'string' }, presence: 'required' },
        { attribute: { name: unique('coupon_code'), type: 'string' }, presence: 'optional' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.event).toMatchObject({ name: eventName, created: true });
    expect(answer.attributes[0]).toEqual({ id: existing.id, name: existing.name, created: false });
    expect(answer.attributes[1].created).toBe(true);

    const event = (await plan.get(`/events/${answer.event.id}`, world.viewer)).json();
    expect(event.status).toBe('live');
    expect(event.attributes).toEqual([
      { attributeId: existing.id, presence: 'required' },
      { attributeId: answer.attributes[1].id, presence: 'optional' },
    ]);
    const eventHistory = await history('events', answer.event.id);
    expect(eventHistory).toHaveLength(1);
    expect(eventHistory[0]).toMatchObject({ action: 'created', actor: 'discovery', actorUserId: world.creator.id });
    expect((await history('attributes', answer.attributes[1].id))[0]).toMatchObject({ actor: 'discovery' });
    // The reused attribute was not touched; a change made in the app says so too.
    expect(await history('attributes', existing.id)).toEqual([
      expect.objectContaining({ action: 'created', actor: 'user' }),
    ]);
  });

  it('links observed properties to a planned event once, and sets an event live', async () => {
    const event = await plan.create('events', { name: unique('Cart Viewed') }, world.creator);
    const property = unique('cart_size');
    const change: DiscoveryIntakeChange = {
      action: 'add-properties',
      eventId: event.id,
      attributes: [{ attribute: { name: property, type: 'integer' }, presence: 'optional' }],
    };
    const first = await intake(world.creator, change);
    expect(first.statusCode).toBe(200);
    const again = await intake(world.creator, change);
    expect(again.statusCode).toBe(200);
    expect(again.json().attributes[0]).toMatchObject({ id: first.json().attributes[0].id, created: false });
    const linked = (await plan.get(`/events/${event.id}`)).json();
    expect(linked.attributes).toEqual([{ attributeId: first.json().attributes[0].id, presence: 'optional' }]);

    const live = await intake(world.creator, { action: 'set-status', eventId: event.id, status: 'live' });
    expect(live.statusCode).toBe(200);
    expect((await plan.get(`/events/${event.id}`)).json().status).toBe('live');
    const entries = await history('events', event.id);
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ['updated', 'discovery'],
      ['updated', 'discovery'],
      ['created', 'user'],
    ]);
  });

  it("answers the plan's own validation errors and refuses viewers, non-members and calls without the token", async () => {
    const before = await planCounts(h, world.companyId);
    const taken = await plan.create('events', { name: unique('Signed Up') }, world.creator);
    const duplicate = await intake(world.creator, {
      action: 'add-event',
      event: { name: taken.name, kind: 'track' },
      attributes: [],
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('event_name_taken');

    const change: DiscoveryIntakeChange = {
      action: 'add-event',
      event: { name: unique('Viewer Event'), kind: 'track' },
      attributes: [],
    };
    expect((await intake(world.viewer, change)).statusCode).toBe(403);
    expect((await intake(await h.user(), change)).statusCode).toBe(404);
    expect((await intake(world.creator, change, { token: 'wrong' })).statusCode).toBe(401);
    const missing = await intake(world.creator, { action: 'set-status', eventId: randomUUID(), status: 'live' });
    expect(missing.statusCode).toBe(404);
    const after = await planCounts(h, world.companyId);
    expect(after.events).toBe(before.events + 1);
  });
});
