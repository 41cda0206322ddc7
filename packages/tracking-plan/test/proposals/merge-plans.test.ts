import type { NativePlan } from '@tracemap/contracts';
import { mergePlans, toNativePlan, WHOLE_ENTITY } from '../../src';
import { attribute, event, optional, required, view } from '../builders';

const country = attribute('country', { tags: ['geo'] });
const plan = attribute('plan', { description: 'Billing plan' });
const signup = event('Signed Up', { attributes: [required(country)], tags: ['growth'] });
const home = view('Home', { events: [{ eventId: signup.id }] });
const base: NativePlan = toNativePlan({ attributes: [country, plan], events: [signup], views: [home], maps: [] });

/** A copy of the base with `change` applied to one entity. */
function edit(
  from: NativePlan,
  collection: 'attributes' | 'events' | 'views',
  id: string,
  change: (entity: Record<string, unknown>) => Record<string, unknown> | null,
): NativePlan {
  const entities = (from[collection] as unknown as Record<string, unknown>[])
    .map((entity) => (entity.id === id ? change({ ...entity }) : entity))
    .filter((entity): entity is Record<string, unknown> => entity !== null);
  return { ...from, [collection]: entities };
}

test('changes to different fields, or to different entities, merge without a conflict', () => {
  const proposal = edit(base, 'attributes', country.id, (a) => ({ ...a, description: 'ISO country' }));
  const live = edit(
    edit(base, 'attributes', country.id, (a) => ({ ...a, pii: true })),
    'events',
    signup.id,
    (e) => ({ ...e, description: 'After the form' }),
  );
  const { plan: merged, conflicts } = mergePlans(base, proposal, live);
  expect(conflicts).toEqual([]);
  const mergedCountry = merged.attributes.find((a) => a.id === country.id)!;
  expect(mergedCountry).toMatchObject({ description: 'ISO country', pii: true });
  expect(merged.events[0].description).toBe('After the form');
});

test('a field both sides changed differently is a conflict, settled by a resolution', () => {
  const proposal = edit(base, 'attributes', plan.id, (a) => ({ ...a, description: 'Plan bought' }));
  const live = edit(base, 'attributes', plan.id, (a) => ({ ...a, description: 'Plan on the invoice' }));
  const open = mergePlans(base, proposal, live);
  expect(open.conflicts).toEqual([
    {
      kind: 'attribute',
      id: plan.id,
      name: 'plan',
      field: 'description',
      base: 'Billing plan',
      proposal: 'Plan bought',
      live: 'Plan on the invoice',
    },
  ]);
  expect(open.plan.attributes.find((a) => a.id === plan.id)!.description).toBe('Plan on the invoice');
  const settled = mergePlans(base, proposal, live, [
    { kind: 'attribute', id: plan.id, field: 'description', take: 'proposal' },
  ]);
  expect(settled.conflicts).toEqual([]);
  expect(settled.plan.attributes.find((a) => a.id === plan.id)!.description).toBe('Plan bought');
});

test('lists merge element by element: links and tags added on both sides are all kept', () => {
  const proposal = edit(base, 'events', signup.id, (e) => ({
    ...e,
    attributes: [...(e.attributes as unknown[]), optional(plan)],
    tags: ['growth', 'web'],
  }));
  const live = edit(base, 'events', signup.id, (e) => ({ ...e, tags: ['growth', 'mobile'] }));
  const { plan: merged, conflicts } = mergePlans(base, proposal, live);
  expect(conflicts).toEqual([]);
  expect(merged.events[0].tags).toEqual(['growth', 'mobile', 'web']);
  expect(merged.events[0].attributes.map((l) => l.attributeId)).toEqual([country.id, plan.id]);
});

test('a link dropped on one side and changed on the other is a conflict on that field', () => {
  const proposal = edit(base, 'events', signup.id, (e) => ({ ...e, attributes: [] }));
  const live = edit(base, 'events', signup.id, (e) => ({ ...e, attributes: [optional(country)] }));
  expect(mergePlans(base, proposal, live).conflicts.map((c) => c.field)).toEqual(['attributes']);
});

test('an entity deleted on one side stays deleted unless the other side changed it', () => {
  const proposal = edit(base, 'views', home.id, () => null);
  expect(mergePlans(base, proposal, base).plan.views).toEqual([]);
  const live = edit(base, 'views', home.id, (v) => ({ ...v, description: 'Landing' }));
  const { conflicts } = mergePlans(base, proposal, live);
  expect(conflicts).toHaveLength(1);
  expect(conflicts[0]).toMatchObject({ kind: 'view', id: home.id, field: WHOLE_ENTITY, proposal: null });
});

test('entities created on either side are both in the merge', () => {
  const added = toNativePlan({ attributes: [attribute('coupon')], events: [], views: [], maps: [] }).attributes[0];
  const proposal = { ...base, attributes: [...base.attributes, added] };
  const other = toNativePlan({ attributes: [attribute('currency')], events: [], views: [], maps: [] }).attributes[0];
  const live = { ...base, attributes: [...base.attributes, other] };
  const { plan: merged, conflicts } = mergePlans(base, proposal, live);
  expect(conflicts).toEqual([]);
  expect(merged.attributes.map((a) => a.name)).toEqual(['country', 'plan', 'currency', 'coupon']);
});

test("a view's events merge by event: one side adds, the other changes another's trigger", () => {
  const other = event('Clicked');
  const withTwo = {
    ...base,
    events: [...base.events, ...toNativePlan({ attributes: [], events: [other], views: [] }).events],
  };
  const proposal = edit(withTwo, 'views', home.id, (v) => ({
    ...v,
    events: [...(v.events as unknown[]), { eventId: other.id }],
  }));
  const live = edit(withTwo, 'views', home.id, (v) => ({ ...v, events: [{ eventId: signup.id, trigger: 'load' }] }));
  const { plan: merged, conflicts } = mergePlans(withTwo, proposal, live);
  expect(conflicts).toEqual([]);
  expect(merged.views[0].events).toEqual([{ eventId: signup.id, trigger: 'load' }, { eventId: other.id }]);
});
