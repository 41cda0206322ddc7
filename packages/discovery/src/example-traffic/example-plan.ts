import type {
  Attribute,
  NativePlan,
  PlanEvent,
  PlanMap,
  PlanSnapshot,
  PlanView,
  SnapshotEvent,
} from '@tracemap/contracts';
import { resolveEffectiveAttributes, samplePlans } from '@tracemap/tracking-plan';
import { EXAMPLE_DEFECTS } from './scenario';

/** The company id of the example plan: any fixed id will do, the example is not a real company's. */
export const EXAMPLE_COMPANY_ID = '00000000-0000-4000-8000-00000000e4a1';
/** The sample has no deprecated event; the example plan retires this one so a deprecated event keeps firing. */
export const EXAMPLE_DEPRECATED_EVENT = 'Signed Out';

const STAMP = '2024-01-01T00:00:00.000Z';
const live = <T extends { status: string }>(items: readonly T[]) => items.filter((item) => item.status !== 'archived');

export interface PlanSnapshotOptions {
  /** Names of events whose status becomes `deprecated`. */
  deprecate?: readonly string[];
  attributeInheritance?: boolean;
  version?: string;
}

/**
 * A plan snapshot built from a plan file the way the company service builds
 * its own: every event with its effective attributes resolved through live
 * views, maps and system attributes, each with the layer that brought it.
 */
export function planSnapshotOf(plan: NativePlan, options: PlanSnapshotOptions = {}): PlanSnapshot {
  const attributeInheritance = options.attributeInheritance ?? true;
  const deprecate = new Set(options.deprecate ?? []);
  const stamped = { version: 1, createdAt: STAMP, updatedAt: STAMP };
  const attributes: Attribute[] = plan.attributes.map((a) => ({ ...a, ...stamped }));
  const views: PlanView[] = plan.views.map((v) => ({ ...v, ...stamped }));
  const maps: PlanMap[] = (plan.maps ?? []).map((m) => ({ ...m, ...stamped }));
  const events: PlanEvent[] = plan.events.map((e) => ({
    ...e,
    ...stamped,
    status: deprecate.has(e.name) ? 'deprecated' : e.status,
  }));

  const liveViews = live(views);
  const liveMaps = live(maps);
  const attributesById = new Map(live(attributes).map((a) => [a.id, a]));
  const systemAttributes = live(attributes).filter((a) => a.scope === 'system');
  const mapsByView = new Map<string, PlanMap[]>();
  for (const map of liveMaps) {
    for (const node of map.nodes) mapsByView.set(node.viewId, [...(mapsByView.get(node.viewId) ?? []), map]);
  }
  const viewsByEvent = new Map<string, PlanView[]>();
  for (const view of liveViews) {
    for (const link of view.events) viewsByEvent.set(link.eventId, [...(viewsByEvent.get(link.eventId) ?? []), view]);
  }
  const snapshotEvents: SnapshotEvent[] = events.map((event) => {
    const onViews = viewsByEvent.get(event.id) ?? [];
    const onMaps = [...new Set(onViews.flatMap((v) => mapsByView.get(v.id) ?? []))];
    const { attributes: effective } = resolveEffectiveAttributes({
      event,
      attributesById,
      attributeInheritance,
      systemAttributes,
      views: onViews,
      maps: onMaps,
    });
    return {
      ...event,
      effective: effective.map((a) => ({
        attributeId: a.attribute.id,
        presence: a.presence,
        validation: a.validation,
        layer: a.layer,
        sources: a.sources,
      })),
    };
  });
  return {
    companyId: EXAMPLE_COMPANY_ID,
    version: options.version ?? 'example-1',
    generatedAt: STAMP,
    attributeInheritance,
    attributes,
    events: snapshotEvents,
    views,
    maps,
  };
}

const STORE_LOCATOR_VIEW_ID = '00000000-0000-4000-8000-00000000e4a2';
const STORE_SEARCHED_EVENT_ID = '00000000-0000-4000-8000-00000000e4a3';

/**
 * The sample with a view of its own added (a store locator no session opens,
 * with its one event), so that a view never seen shows too.
 */
export function examplePlan(): NativePlan {
  const sample = samplePlans.ecommerce;
  const { view, urlPattern, event } = EXAMPLE_DEFECTS.unvisitedView;
  const attributeId = (name: string) => sample.attributes.find((a) => a.name === name)?.id;
  const query = attributeId('search_query');
  const viewLinks = ['page_name', 'page_type'].flatMap((name) => {
    const id = attributeId(name);
    return id ? [{ attributeId: id, presence: 'required' as const }] : [];
  });
  return {
    ...sample,
    events: [
      ...sample.events,
      {
        id: STORE_SEARCHED_EVENT_ID,
        name: event,
        displayName: event,
        description: 'A shopper searches for a store near them.',
        kind: 'track',
        category: 'stores',
        tags: [],
        owners: [],
        status: 'live',
        trigger: 'On submit of the store search.',
        attributes: query ? [{ attributeId: query, presence: 'required' }] : [],
      },
    ],
    views: [
      ...sample.views,
      {
        id: STORE_LOCATOR_VIEW_ID,
        name: view,
        displayName: view,
        description: 'Where shoppers find a store near them.',
        type: 'page',
        urlPattern,
        screenshotUrl: null,
        tags: [],
        status: 'live',
        attributes: viewLinks,
        events: [{ eventId: STORE_SEARCHED_EVENT_ID }],
      },
    ],
  };
}

/**
 * The example plan as a snapshot, with `Signed Out` deprecated: the plan
 * example traffic is judged against by default.
 */
export function examplePlanSnapshot(): PlanSnapshot {
  return planSnapshotOf(examplePlan(), { deprecate: [EXAMPLE_DEPRECATED_EVENT] });
}
