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

/**
 * The sample e-commerce plan as a snapshot, with `Signed Out` deprecated: the
 * plan example traffic is judged against by default.
 */
export function examplePlanSnapshot(): PlanSnapshot {
  return planSnapshotOf(samplePlans.ecommerce, { deprecate: [EXAMPLE_DEPRECATED_EVENT] });
}
