import type {
  Attribute,
  CodegenDestination,
  EffectiveAttribute,
  EventKind,
  NativeEvent,
  NativeMap,
  NativeView,
} from '@tracemap/contracts';
import { effectiveAttributesResolver, resolveEffectiveAttributes } from '../resolve';
import { toNameCase } from '../names';
import { byName, camelIdentifier, pascalIdentifier, prefixed, uniqueIdentifiers } from './identifiers';

/** What code generation reads: the live plan, as the plan reads of its caller may see it. */
export interface CodegenPlan {
  attributes: readonly Attribute[];
  events: readonly NativeEvent[];
  views: readonly NativeView[];
  maps?: readonly NativeMap[];
  attributeInheritance: boolean;
}

export interface CodegenEvent {
  id: string;
  name: string;
  /** The name the destination receives (gtag wants snake_case). */
  sentName: string;
  kind: EventKind;
  description: string;
  deprecated: boolean;
  functionName: string;
  typeName: string;
  viewNames: string[];
  /** Effective attributes the caller passes (system ones are configured once). */
  properties: EffectiveAttribute[];
  /** Every effective attribute, system ones included: what a validator checks. */
  effective: EffectiveAttribute[];
}

export interface CodegenView {
  id: string;
  name: string;
  urlPattern: string;
  key: string;
  functionName: string;
  typeName: string;
  /** The view's own attributes and those of the maps it is on, which its events inherit. */
  attributes: EffectiveAttribute[];
  events: CodegenEvent[];
}

export interface CodegenModel {
  system: EffectiveAttribute[];
  events: CodegenEvent[];
  /** Only with inheritance on: without it views pass nothing to their events. */
  views: CodegenView[];
}

const live = <T extends { status: string }>(items: readonly T[]) => items.filter((i) => i.status !== 'archived');

/** gtag (GA4) event names are letters, digits and underscores, at most 40 characters. */
function sentName(name: string, destination: CodegenDestination): string {
  if (destination !== 'gtag') return name;
  const snake = toNameCase(name, 'snake_case').replace(/[^A-Za-z0-9_]/g, '');
  return (/^[A-Za-z]/.test(snake) ? snake : `event_${snake}`).slice(0, 40);
}

export function buildModel(plan: CodegenPlan, destination: CodegenDestination): CodegenModel {
  // Sorted like everything else: two attributes that fold to one name (a lint error) must merge the same way on every run.
  const attributes = byName(live(plan.attributes));
  const attributesById = new Map(attributes.map((a) => [a.id, a]));
  const views = byName(live(plan.views));
  const maps = byName(live(plan.maps ?? []));
  const systemAttributes = attributes.filter((a) => a.scope === 'system');
  const isSystem = (e: EffectiveAttribute) => plan.attributeInheritance && e.attribute.scope === 'system';

  const mapsByView = new Map<string, NativeMap[]>();
  for (const m of maps) for (const node of m.nodes) push(mapsByView, node.viewId, m);
  const viewsByEvent = new Map<string, NativeView[]>();
  for (const view of views) for (const link of view.events) push(viewsByEvent, link.eventId, view);

  const events = byName(live(plan.events));
  // Both names come from one identifier per event, numbered alike, so `trackX` always goes with `XProperties`.
  const pascal = uniqueIdentifiers(events, (e) => pascalIdentifier(e.name, 'Event'));
  const functionNames = pascal.map((p) => prefixed('track', p));
  const typeNames = pascal.map((p) => `${p}Properties`);
  const sentNames = uniqueIdentifiers(events, (e) => sentName(e.name, destination));
  const resolve = effectiveAttributesResolver({
    attributesById,
    attributeInheritance: plan.attributeInheritance,
    systemAttributes,
  });
  const codegenEvents = events.map((event, i): CodegenEvent => {
    const onViews = [...new Map((viewsByEvent.get(event.id) ?? []).map((v) => [v.id, v])).values()];
    const onMaps = [...new Set(onViews.flatMap((v) => mapsByView.get(v.id) ?? []))];
    const effective = resolve(event, onViews, onMaps);
    return {
      id: event.id,
      name: event.name,
      sentName: destination === 'gtag' ? sentNames[i] : event.name,
      kind: event.kind,
      description: event.description,
      deprecated: event.status === 'deprecated',
      functionName: functionNames[i],
      typeName: typeNames[i],
      viewNames: onViews.map((v) => v.name),
      properties: effective.filter((e) => !isSystem(e)),
      effective,
    };
  });

  const eventsById = new Map(codegenEvents.map((event, order) => [event.id, { event, order }]));
  const withEvents = plan.attributeInheritance
    ? views.filter((v) => v.events.some((l) => eventsById.has(l.eventId)))
    : [];
  const keys = uniqueIdentifiers(withEvents, (v) => camelIdentifier(v.name, 'view'));
  const viewPascal = uniqueIdentifiers(withEvents, (v) => pascalIdentifier(v.name, 'View'));
  const codegenViews = withEvents.map((view, i): CodegenView => {
    // The view's links and its maps' links, resolved as one holder would be.
    const { attributes: carried } = resolveEffectiveAttributes({
      event: { id: view.id, attributes: view.attributes },
      attributesById,
      attributeInheritance: true,
      systemAttributes: [],
      views: [],
      maps: mapsByView.get(view.id) ?? [],
    });
    return {
      id: view.id,
      name: view.name,
      urlPattern: view.urlPattern,
      key: keys[i],
      functionName: `${prefixed('on', viewPascal[i])}View`,
      typeName: `${viewPascal[i]}ViewAttributes`,
      attributes: carried.filter((e) => !isSystem(e)),
      events: eventsOf(view, eventsById),
    };
  });

  const systemEffective = plan.attributeInheritance
    ? byName(systemAttributes).map((attribute): EffectiveAttribute => ({
        attribute,
        presence: 'optional',
        validation: attribute.validation,
        layer: 'system',
        sources: [{ layer: 'system', presence: 'optional' }],
      }))
    : [];
  return { system: systemEffective, events: codegenEvents, views: codegenViews };
}

/** The live events a view fires, once each, in the order of the generated events. */
function eventsOf(
  view: NativeView,
  eventsById: ReadonlyMap<string, { event: CodegenEvent; order: number }>,
): CodegenEvent[] {
  const found = new Map<string, { event: CodegenEvent; order: number }>();
  for (const link of view.events) {
    const entry = eventsById.get(link.eventId);
    if (entry) found.set(link.eventId, entry);
  }
  return [...found.values()].sort((a, b) => a.order - b.order).map(({ event }) => event);
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
