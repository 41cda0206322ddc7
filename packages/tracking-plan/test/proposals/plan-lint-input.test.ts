import type { LintFinding, NativeMap, PlanEvent, PlanView } from '@tracemap/contracts';
import { lintPlan, planLintInput, toNativePlan, type LintInput } from '../../src';
import { attribute, event, optional, required, uuid, view } from '../builders';
import { settings } from '../lint-plan';

const rules = { 'similar-name': 'error', description: 'error', 'event-without-view': 'error' } as const;
const key = (f: LintFinding) => `${f.rule}|${f.entityKind}|${f.entityId ?? f.entityName}|${f.field ?? ''}|${f.message}`;

function map(name: string, fields: Partial<NativeMap> = {}): NativeMap {
  return {
    id: uuid(),
    name,
    description: '',
    attributes: [],
    nodes: [],
    edges: [],
    layout: 'LR',
    status: 'planned',
    ...fields,
  };
}

test('a plan file in memory lints like the stored plan read for lint (archived entities, their links and archived maps left out)', () => {
  const nullable = attribute('coupon', { nullable: true });
  const retired = attribute('old_coupon', { nullable: true, status: 'archived' });
  const unused = attribute('unused_one');
  const similar = attribute('coupons');
  const gone = event('Gone Clicked', { status: 'archived', description: '' });
  const old = event('Old Checkout', { status: 'deprecated' });
  const checkout = event('Checkout', { attributes: [required(nullable), required(retired), optional(similar)] });
  const lonely = event('Lonely Event', { description: '' });
  const archivedView = view('Legacy Cart', { status: 'archived', events: [{ eventId: checkout.id }] });
  const cart = view('Cart', { events: [{ eventId: checkout.id }, { eventId: gone.id }, { eventId: old.id }] });
  const funnel = map('Funnel', {
    nodes: [cart, archivedView].map((v) => ({ viewId: v.id, x: 0, y: 0 })),
    edges: [
      { id: uuid(), from: cart.id, to: archivedView.id, eventId: gone.id },
      { id: uuid(), from: cart.id, to: cart.id, eventId: old.id },
    ],
    attributes: [optional(unused)],
  });
  const shelved = map('Shelved', { status: 'archived', nodes: [{ viewId: archivedView.id, x: 0, y: 0 }] });
  const attributes = [nullable, retired, unused, similar];
  const events: PlanEvent[] = [gone, old, checkout, lonely];
  const views: PlanView[] = [archivedView, cart];
  const native = toNativePlan({ attributes, events, views, maps: [funnel, shelved] });

  // As the service reads a stored plan for lint: no archived entity, no link to one, live maps only,
  // and the archived views and events those maps point at by name.
  const live = <T extends { status: string }>(items: T[]) => items.filter((i) => i.status !== 'archived');
  const liveIds = new Set([...live(attributes), ...live(events)].map((e) => e.id));
  const stored: LintInput = {
    attributes: live(attributes),
    events: live(events).map((e) => ({ ...e, attributes: e.attributes.filter((l) => liveIds.has(l.attributeId)) })),
    views: live(views).map((v) => ({ ...v, events: v.events.filter((l) => liveIds.has(l.eventId)) })),
    maps: [
      {
        id: funnel.id,
        name: funnel.name,
        viewIds: [cart.id, archivedView.id],
        eventIds: [gone.id, old.id],
        attributes: funnel.attributes,
      },
    ],
    named: { views: [archivedView], events: [gone] },
    settings: { ...settings, rules },
  };

  const expected = lintPlan(stored).map(key).sort();
  expect(expected.length).toBeGreaterThan(5);
  expect(
    lintPlan(planLintInput(native, { ...settings, rules }))
      .map(key)
      .sort(),
  ).toEqual(expected);
});
