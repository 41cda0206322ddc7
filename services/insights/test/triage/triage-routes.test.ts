import { randomUUID } from 'node:crypto';
import type { Finding, FindingType } from '@tracemap/contracts';
import { judgeCompany } from '../../src/discovery/judge-company';
import type { TestUser } from '../support/harness';
import { observed, planAttribute, planEvent, profileEvents, snapshot } from './support/plan-fixture';
import { startTriageWorld, type TriageWorld } from './support/triage-world';

let world: TriageWorld;
beforeAll(async () => {
  world = await startTriageWorld();
});
afterAll(async () => {
  await world?.close();
});

const orderId = planAttribute('order_id');
const orderCompleted = () => planEvent('Order Completed', { attributes: [orderId] });

/** A company whose plan has Order Completed (order_id), with observed traffic judged. */
async function shop(traffic: ReturnType<typeof observed>[], extraEvents = [planEvent('Cart Viewed')]) {
  const completed = orderCompleted();
  const company = await world.company((companyId) =>
    snapshot(companyId, { attributes: [orderId], events: [completed, ...extraEvents] }),
  );
  await profileEvents(world.h.deps.db, company.companyId, traffic);
  await judgeCompany(world.h.deps, company.companyId);
  return { ...company, completed };
}

async function findings(companyId: string, user: TestUser, type?: FindingType): Promise<Finding[]> {
  const response = await world.h.call(user, {
    method: 'GET',
    url: `/api/insights/${companyId}/discovery/findings?limit=200${type ? `&type=${type}` : ''}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().items;
}

async function findingAbout(companyId: string, user: TestUser, type: FindingType, event: string, property?: string) {
  const found = (await findings(companyId, user, type)).find(
    (f) => f.subject.event === event && f.subject.property === property,
  );
  if (!found) throw new Error(`no ${type} finding about ${event} ${property ?? ''}`);
  return found;
}

const post = (user: TestUser | null, url: string, payload?: object) =>
  world.h.call(user, { method: 'POST', url, ...(payload ? { payload } : {}) });
const findingUrl = (companyId: string, id: string, action: string) =>
  `/api/insights/${companyId}/discovery/findings/${id}/${action}`;

const coupons = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    observed('Coupon Applied', { coupon: i % 2 ? 'SAVE10' : 'SAVE20', amount: 5 + i, note: i === 0 ? null : 'x' }),
  );

describe('add to plan', () => {
  it('creates an unplanned event from its observed shape through the company service and resolves the finding', async () => {
    const { companyId, editor, viewer } = await shop([...coupons(30), observed('Order Completed', { order_id: 'A1' })]);
    const finding = await findingAbout(companyId, editor, 'unplanned_event', 'Coupon Applied');
    const url = findingUrl(companyId, finding.id, 'add-to-plan');

    expect((await post(viewer, url)).statusCode).toBe(403);
    const other = await world.company((id) => snapshot(id, {}));
    expect((await post(other.editor, findingUrl(other.companyId, finding.id, 'add-to-plan'))).statusCode).toBe(404);
    expect(world.peer.intakes.filter((i) => i.companyId === companyId)).toHaveLength(0);

    const response = await post(editor, url);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.event).toMatchObject({ name: 'Coupon Applied', created: true });
    expect(answer.attributes.map((a: { name: string }) => a.name).sort()).toEqual(['amount', 'coupon', 'note']);
    expect(answer.finding).toMatchObject({ id: finding.id, state: 'resolved' });

    const intake = world.peer.intakes.filter((i) => i.companyId === companyId);
    expect(intake).toHaveLength(1);
    expect(intake[0].body.userId).toBe(editor.id);
    const change = intake[0].body.change;
    if (change.action !== 'add-event') throw new Error('expected add-event');
    expect(change.event).toMatchObject({ name: 'Coupon Applied', kind: 'track', status: 'live' });
    const byName = Object.fromEntries(change.attributes.map((a) => [a.attribute.name, a]));
    // Two values cover all 30: an enum; amounts are integers on every event: required.
    expect(byName.coupon.attribute).toMatchObject({
      type: 'string',
      validation: { kind: 'enum', values: ['SAVE10', 'SAVE20'] },
    });
    expect(byName.coupon.presence).toBe('required');
    expect(byName.amount.attribute).toMatchObject({ type: 'integer', nullable: false });
    expect(byName.amount.attribute.validation).toBeUndefined();
    expect(byName.note.attribute).toMatchObject({ type: 'string', nullable: true });

    // The stored finding stays resolved when judged again against the new plan.
    await judgeCompany(world.h.deps, companyId);
    expect((await findingAbout(companyId, editor, 'unplanned_event', 'Coupon Applied')).state).toBe('resolved');
  });

  it('adds an unplanned property to its planned event, and answers the company refusal as it is', async () => {
    const traffic = Array.from({ length: 10 }, (_, i) =>
      observed('Order Completed', { order_id: `A${i}`, coupon_code: i % 2 ? 'X' : 'Y' }),
    );
    const { companyId, editor, completed } = await shop(traffic);
    const finding = await findingAbout(companyId, editor, 'unplanned_property', 'Order Completed', 'coupon_code');

    world.peer.refuse = { statusCode: 422, code: 'lint_failed', message: 'Attribute names must be in snake case.' };
    const refused = await post(editor, findingUrl(companyId, finding.id, 'add-to-plan'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'lint_failed', message: 'Attribute names must be in snake case.' });
    expect((await findingAbout(companyId, editor, 'unplanned_property', 'Order Completed', 'coupon_code')).state).toBe(
      'open',
    );

    const response = await post(editor, findingUrl(companyId, finding.id, 'add-to-plan'));
    expect(response.statusCode).toBe(200);
    expect(response.json().finding.state).toBe('resolved');
    const change = world.peer.intakes.filter((i) => i.companyId === companyId).at(-1)!.body.change;
    expect(change).toMatchObject({
      action: 'add-properties',
      eventId: completed.id,
      attributes: [{ attribute: { name: 'coupon_code', type: 'string' }, presence: 'required' }],
    });
  });

  it('refuses findings that are not unplanned events or properties', async () => {
    const { companyId, editor } = await shop([observed('Order Completed', { order_id: 'A1' })]);
    const notSeen = await findingAbout(companyId, editor, 'planned_not_seen', 'Cart Viewed');
    const response = await post(editor, findingUrl(companyId, notSeen.id, 'add-to-plan'));
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('not_addable');
  });

  it('answers 402 to a company without a running subscription', async () => {
    const { companyId, editor } = await shop(coupons(3));
    const finding = await findingAbout(companyId, editor, 'unplanned_event', 'Coupon Applied');
    world.h.peer.subscriptions.delete(companyId);
    const response = await post(editor, findingUrl(companyId, finding.id, 'add-to-plan'));
    expect(response.statusCode).toBe(402);
    expect(world.peer.intakes.filter((i) => i.companyId === companyId)).toHaveLength(0);
  });
});

describe('map to an existing item', () => {
  it('stores a name mapping that matching uses from then on', async () => {
    const traffic = [
      ...Array.from({ length: 4 }, () => observed('checkout_done', { order_id: 'A' })),
      observed('checkout_done', { order_id: 'B' }, { sourceId: 'ios' }),
    ];
    const { companyId, editor, viewer, completed } = await shop(traffic);
    const finding = await findingAbout(companyId, editor, 'unplanned_event', 'checkout_done');
    const url = findingUrl(companyId, finding.id, 'map');

    expect((await post(viewer, url, { eventId: completed.id })).statusCode).toBe(403);
    const unknown = await post(editor, url, { eventId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('event_not_found');

    const response = await post(editor, url, { eventId: completed.id });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.mappings).toEqual([{ sourceId: null, observedName: 'checkout_done', eventId: completed.id }]);
    expect(answer.finding.state).toBe('resolved');

    const events = await world.h.call(editor, {
      method: 'GET',
      url: `/api/insights/${companyId}/discovery/events?match=matched`,
    });
    const item = events.json().items.find((e: { name: string }) => e.name === 'checkout_done');
    expect(item).toMatchObject({ match: 'matched', planEventId: completed.id, volume: 5 });
    // Order Completed is seen now through its mapped name: no planned_not_seen for it.
    const open = (await findings(companyId, editor)).filter((f) => f.state === 'open');
    expect(open.some((f) => f.subject.event === 'Order Completed' && f.type === 'planned_not_seen')).toBe(false);
  });
});

describe('ignore with a rule', () => {
  it('keeps a finding ignored when a judgement raises it again after it was resolved', async () => {
    const { companyId, editor, viewer } = await shop(coupons(3));
    const finding = await findingAbout(companyId, editor, 'unplanned_event', 'Coupon Applied');
    const url = findingUrl(companyId, finding.id, 'ignore');
    expect((await post(viewer, url, { rule: 'this' })).statusCode).toBe(403);
    const response = await post(editor, url, { rule: 'this', note: 'Expected: marketing test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ rule: { rule: 'this', note: 'Expected: marketing test' }, ignored: 1 });

    // The plan gains the event (the finding resolves), then loses it again (raised anew).
    const plan = world.h.peer.snapshots.get(companyId)!;
    world.h.peer.snapshots.set(companyId, {
      ...plan,
      version: randomUUID(),
      events: [...plan.events, planEvent('Coupon Applied')],
    });
    world.h.deps.planSnapshots.forget(companyId);
    await judgeCompany(world.h.deps, companyId);
    expect((await findingAbout(companyId, editor, 'unplanned_event', 'Coupon Applied')).state).toBe('resolved');
    world.h.peer.snapshots.set(companyId, { ...plan, version: randomUUID() });
    world.h.deps.planSnapshots.forget(companyId);
    await judgeCompany(world.h.deps, companyId);
    expect((await findingAbout(companyId, editor, 'unplanned_event', 'Coupon Applied')).state).toBe('ignored');
  });

  it('ignores a property on every event, including findings raised later', async () => {
    const { companyId, editor } = await shop([observed('Order Completed', { order_id: 'A', debug_id: 'x' })]);
    const finding = await findingAbout(companyId, editor, 'unplanned_property', 'Order Completed', 'debug_id');
    const response = await post(editor, findingUrl(companyId, finding.id, 'ignore'), { rule: 'property-everywhere' });
    expect(response.statusCode).toBe(200);
    expect(response.json().rule).toMatchObject({ rule: 'property-everywhere', property: 'debug_id' });

    await profileEvents(world.h.deps.db, companyId, [observed('Cart Viewed', { debug_id: 'y' })]);
    await judgeCompany(world.h.deps, companyId);
    const later = await findingAbout(companyId, editor, 'unplanned_property', 'Cart Viewed', 'debug_id');
    expect(later.state).toBe('ignored');
    // The rule is about that property only: Order Completed's own finding about it stays as triaged.
    expect((await findingAbout(companyId, editor, 'unplanned_property', 'Order Completed', 'debug_id')).state).toBe(
      'ignored',
    );

    const unplanned = await findingAbout(companyId, editor, 'unplanned_property', 'Cart Viewed', 'debug_id');
    const byEvent = await post(editor, findingUrl(companyId, unplanned.id, 'ignore'), { rule: 'event' });
    expect(byEvent.statusCode).toBe(200);
    expect(byEvent.json().rule).toMatchObject({ rule: 'event', event: 'Cart Viewed' });
    const ofCart = (await findings(companyId, editor)).filter(
      (f) => f.subject.event === 'Cart Viewed' && f.state !== 'resolved',
    );
    expect(ofCart.length).toBeGreaterThan(0);
    expect(byEvent.json().ignored).toBe(ofCart.length);
    expect(ofCart.every((f) => f.state === 'ignored')).toBe(true);
  });

  it('refuses a property rule for a finding without a property, and another company', async () => {
    const { companyId, editor } = await shop(coupons(3));
    const finding = await findingAbout(companyId, editor, 'unplanned_event', 'Coupon Applied');
    const response = await post(editor, findingUrl(companyId, finding.id, 'ignore'), { rule: 'property-everywhere' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('no_property');
    const other = await world.company((id) => snapshot(id, {}));
    expect(
      (await post(other.editor, findingUrl(other.companyId, finding.id, 'ignore'), { rule: 'this' })).statusCode,
    ).toBe(404);
    expect((await findingAbout(companyId, editor, 'unplanned_event', 'Coupon Applied')).state).toBe('open');
  });
});

describe('mark live', () => {
  it('sets a planned event seen in production live through the company service', async () => {
    const { companyId, editor, viewer, completed } = await shop([observed('Order Completed', { order_id: 'A' })]);
    const url = `/api/insights/${companyId}/discovery/events/${completed.id}/mark-live`;
    expect((await post(viewer, url)).statusCode).toBe(403);
    const response = await post(editor, url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ eventId: completed.id, status: 'live', version: 2 });
    const change = world.peer.intakes.filter((i) => i.companyId === companyId).at(-1)!.body;
    expect(change).toEqual({
      userId: editor.id,
      change: { action: 'set-status', eventId: completed.id, status: 'live' },
    });

    const plan = world.h.peer.snapshots.get(companyId)!;
    const unseen = plan.events.find((e) => e.name === 'Cart Viewed')!;
    const refused = await post(editor, `/api/insights/${companyId}/discovery/events/${unseen.id}/mark-live`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('event_not_seen');
    expect(
      (await post(editor, `/api/insights/${companyId}/discovery/events/${randomUUID()}/mark-live`)).statusCode,
    ).toBe(404);
  });
});

describe('map to an existing item for one source', () => {
  it('maps the name of a source that alone sends it', async () => {
    const traffic = Array.from({ length: 3 }, () => observed('purchase', { order_id: 'A' }, { sourceId: 'ios' }));
    const { companyId, editor, completed } = await shop(traffic);
    const finding = await findingAbout(companyId, editor, 'unplanned_event', 'purchase');
    const response = await post(editor, findingUrl(companyId, finding.id, 'map'), {
      eventId: completed.id,
      sourceId: 'ios',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().mappings).toEqual([{ sourceId: 'ios', observedName: 'purchase', eventId: completed.id }]);
    expect(response.json().finding.state).toBe('resolved');
    // Matching of a finding not about an observed name is refused.
    const notSeen = await findingAbout(companyId, editor, 'planned_not_seen', 'Cart Viewed');
    const refused = await post(editor, findingUrl(companyId, notSeen.id, 'map'), { eventId: completed.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('not_mappable');
  });
});
