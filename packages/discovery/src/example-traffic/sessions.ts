import type { Attribute, PlanSnapshot, SnapshotEvent, Validation } from '@tracemap/contracts';
import type { Random } from './prng';
import { EXAMPLE_DEFECTS, EXAMPLE_HOST, JOURNEY, versionsWithTypeSplit } from './scenario';
import { valueFor } from './values';

// A session walks the plan's map from view to view along its edges, firing
// the events planned on each view; the defects of the scenario are applied
// as events are made. What comes out is format-neutral: the encoders write it
// in each source's own shape.

export interface TrafficSession {
  index: number;
  id: string;
  /** Milliseconds since the epoch of the session's start; some formats name sessions by it. */
  startedAt: number;
  userId: string;
  appVersion: string;
  platform: 'web' | 'ios';
}

export interface TrafficView {
  name: string;
  path: string;
  url: string;
}

export interface TrafficEvent {
  kind: 'track' | 'page' | 'identify';
  /** The event's name; for a page, the view's name. */
  name: string;
  properties: Record<string, unknown>;
  traits?: Record<string, unknown>;
  view: TrafficView | null;
  time: number;
  session: TrafficSession;
}

interface ViewInfo {
  id: string;
  name: string;
  urlPattern: string;
  links: ViewLink[];
  linksById: Map<string, ViewLink>;
  events: SnapshotEvent[];
}

interface TrafficEdge {
  to: string;
  event: SnapshotEvent | null;
}

interface ViewLink {
  attribute: Attribute;
  presence: string;
  validation: Validation;
}

const PRODUCT_SLUGS = ['trail-runner', 'city-sneaker', 'wool-sock', 'rain-jacket', 'canvas-tote'];
const CATEGORY_SLUGS = ['shoes', 'apparel', 'accessories'];
const PAGE_TYPES: Record<string, string> = {
  Home: 'home',
  'Search Results': 'search',
  Category: 'category',
  'Product Detail': 'product',
  Cart: 'cart',
  'Order Confirmation': 'confirmation',
  Account: 'account',
  Wishlist: 'wishlist',
  'Sign In': 'account',
  'Sign Up': 'account',
};
const CHECKOUT_STEPS = ['shipping', 'delivery', 'payment', 'review'];
const PERSONAL_QUERIES = ['jane.doe@example.com', 'max.mustermann@example.org', '+49 170 1234567', '(555) 010-4477'];

/** What the walker needs of a plan, indexed once. */
export class TrafficPlan {
  readonly attributesById: Map<string, Attribute>;
  readonly views = new Map<string, ViewInfo>();
  readonly edgesFrom = new Map<string, TrafficEdge[]>();
  readonly entryViewId: string | null;
  readonly offMapViewIds: string[];
  /** Planned events the walker may send (not archived, not the never-sent one, no page events). */
  readonly sendable = new Set<string>();
  readonly identifyEvent: SnapshotEvent | null;
  readonly userAttributes: Attribute[];

  constructor(readonly plan: PlanSnapshot) {
    this.attributesById = new Map(plan.attributes.map((a) => [a.id, a]));
    const eventsById = new Map(plan.events.map((e) => [e.id, e]));
    for (const event of plan.events) {
      if (event.status === 'archived' || event.name === EXAMPLE_DEFECTS.neverSent) continue;
      if (event.kind === 'track') this.sendable.add(event.id);
    }
    for (const view of plan.views) {
      if (view.status === 'archived' || view.name === EXAMPLE_DEFECTS.unvisitedView.view) continue;
      const links = view.attributes.flatMap((link) => {
        const attribute = this.attributesById.get(link.attributeId);
        if (!attribute || attribute.status === 'archived') return [];
        return [{ attribute, presence: link.presence, validation: link.validationOverride ?? attribute.validation }];
      });
      this.views.set(view.id, {
        id: view.id,
        name: view.name,
        urlPattern: view.urlPattern || `/${view.name.toLowerCase().replace(/\s+/g, '-')}`,
        links,
        linksById: new Map(links.map((link) => [link.attribute.id, link])),
        events: view.events.flatMap((link) => {
          const event = eventsById.get(link.eventId);
          return event && this.sendable.has(event.id) ? [event] : [];
        }),
      });
    }
    const onMap = new Set<string>();
    const incoming = new Set<string>();
    for (const map of plan.maps) {
      if (map.status === 'archived') continue;
      for (const node of map.nodes) if (this.views.has(node.viewId)) onMap.add(node.viewId);
      for (const edge of map.edges) {
        if (!this.views.has(edge.from) || !this.views.has(edge.to)) continue;
        const event = edge.eventId ? (eventsById.get(edge.eventId) ?? null) : null;
        const list = this.edgesFrom.get(edge.from) ?? [];
        list.push({ to: edge.to, event: event && this.sendable.has(event.id) ? event : null });
        this.edgesFrom.set(edge.from, list);
        incoming.add(edge.to);
      }
    }
    const roots = [...onMap].filter((id) => !incoming.has(id));
    // Without a map, each session opens one view of the plan at random.
    this.entryViewId = roots[0] ?? [...onMap][0] ?? null;
    this.offMapViewIds = [...this.views.keys()].filter((id) => !onMap.has(id));
    this.identifyEvent = plan.events.find((e) => e.kind === 'identify' && e.status !== 'archived') ?? null;
    this.userAttributes = plan.attributes.filter(
      (a) => a.scope === 'user' && !a.pii && a.status !== 'archived' && a.type !== 'array',
    );
  }

  viewNamed(name: string): ViewInfo | undefined {
    return [...this.views.values()].find((view) => view.name === name);
  }
}

export interface WalkOptions {
  identify: boolean;
}

/** One session's events, in order. */
export function walkSession(
  traffic: TrafficPlan,
  session: TrafficSession,
  random: Random,
  options: WalkOptions,
): TrafficEvent[] {
  const out: TrafficEvent[] = [];
  let time = session.startedAt;
  const tick = () => (time += random.int(2_000, 40_000));
  const typeSplit = versionsWithTypeSplit().has(session.appVersion);

  if (options.identify && traffic.identifyEvent && random.chance(JOURNEY.identify)) {
    const traits: Record<string, unknown> = {};
    for (const attribute of traffic.userAttributes)
      traits[attribute.name] = valueFor(attribute, attribute.validation, random);
    out.push({ kind: 'identify', name: traffic.identifyEvent.name, properties: {}, traits, view: null, time, session });
  }

  const d = EXAMPLE_DEFECTS;
  const emit = (event: SnapshotEvent, view: ViewInfo, trafficView: TrafficView) => {
    if (event.name === d.platformGap.event && session.platform === d.platformGap.platform) return;
    if (event.name === d.volumeShift.event && session.appVersion === d.volumeShift.appVersion) {
      if (!random.chance(d.volumeShift.kept)) return;
    }
    out.push(trackEvent(traffic, event, view, trafficView, session, tick(), random, typeSplit));
  };

  let viewId: string | null = traffic.entryViewId ?? random.pick([...traffic.views.keys()]);
  for (let step = 0; viewId && step < JOURNEY.maxViews; step += 1) {
    const view = traffic.views.get(viewId)!;
    const trafficView = visit(view, random);
    out.push({
      kind: 'page',
      name: view.name,
      properties: viewProperties(view, trafficView, random),
      view: trafficView,
      time: tick(),
      session,
    });
    for (const event of view.events) {
      if (random.chance(JOURNEY.viewEvent)) emit(event, view, trafficView);
    }
    if (random.chance(EXAMPLE_DEFECTS.unplannedEvent.rate)) {
      out.push({
        kind: 'track',
        name: EXAMPLE_DEFECTS.unplannedEvent.name,
        properties: { page_name: view.name, channel: 'widget' },
        view: trafficView,
        time: tick(),
        session,
      });
    }
    const edges: TrafficEdge[] = traffic.edgesFrom.get(viewId) ?? [];
    if (edges.length === 0 || random.chance(JOURNEY.leave)) break;
    if (traffic.offMapViewIds.length > 0 && random.chance(JOURNEY.offMap)) {
      viewId = random.pick(traffic.offMapViewIds);
      // An off-map view is the session's last: one more visit, then the loop ends.
      step = JOURNEY.maxViews - 2;
      continue;
    }
    const edge: TrafficEdge = random.pick(edges);
    if (edge.event) emit(edge.event, view, trafficView);
    viewId = edge.to;
    const skip = EXAMPLE_DEFECTS.skippedEdge;
    if (view.name === skip.from && random.chance(skip.rate)) {
      viewId = traffic.viewNamed(skip.to)?.id ?? viewId;
    }
  }
  return out;
}

function visit(view: ViewInfo, random: Random): TrafficView {
  const path = view.urlPattern.replace(/:([A-Za-z]+)/g, (_, param: string) => {
    if (param === 'orderId') return String(random.int(1_000_000_000, 9_999_999_999));
    if (view.urlPattern.startsWith('/c/')) return random.pick(CATEGORY_SLUGS);
    return random.pick(PRODUCT_SLUGS);
  });
  return { name: view.name, path, url: `${EXAMPLE_HOST}${path}` };
}

/** The attributes a view links, with the values this visit gives them. */
function viewProperties(view: ViewInfo, trafficView: TrafficView, random: Random): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const { attribute, presence, validation } of view.links) {
    if (presence !== 'required' && !random.chance(JOURNEY.optionalAttribute)) continue;
    properties[attribute.name] = viewValue(attribute, validation, view, trafficView, random);
  }
  return properties;
}

function viewValue(
  attribute: Attribute,
  validation: Validation,
  view: ViewInfo,
  trafficView: TrafficView,
  random: Random,
): unknown {
  const step = CHECKOUT_STEPS.findIndex((name) => view.name.toLowerCase().endsWith(name));
  switch (attribute.name) {
    case 'page_name':
      return view.name;
    case 'page_path':
      return trafficView.path;
    case 'page_type':
      return (
        PAGE_TYPES[view.name] ??
        (view.name.startsWith('Checkout') ? 'checkout' : valueFor(attribute, validation, random))
      );
    case 'checkout_step':
      return step >= 0 ? step + 1 : valueFor(attribute, validation, random);
    case 'checkout_step_name':
      return step >= 0 ? CHECKOUT_STEPS[step] : valueFor(attribute, validation, random);
    default:
      return valueFor(attribute, validation, random);
  }
}

function trackEvent(
  traffic: TrafficPlan,
  event: SnapshotEvent,
  view: ViewInfo,
  trafficView: TrafficView,
  session: TrafficSession,
  time: number,
  random: Random,
  typeSplit: boolean,
): TrafficEvent {
  const properties: Record<string, unknown> = {};
  for (const effective of event.effective) {
    const attribute = traffic.attributesById.get(effective.attributeId);
    if (!attribute) continue;
    const link = view.linksById.get(attribute.id);
    // A view attribute is sent where the event fires on that view, as that view asks for it.
    if (effective.layer === 'view' && !link && effective.presence !== 'required') continue;
    const required = effective.presence === 'required' || link?.presence === 'required';
    if (!required && !random.chance(JOURNEY.optionalAttribute)) continue;
    properties[attribute.name] = link
      ? viewValue(attribute, link.validation, view, trafficView, random)
      : valueFor(attribute, effective.validation, random);
  }
  // The system's attributes say what the session is, as an app would fill them.
  if ('app_version' in properties) properties['app_version'] = session.appVersion;
  if ('platform' in properties) properties['platform'] = session.platform;
  let name = event.name;
  const d = EXAMPLE_DEFECTS;
  if (name === d.renamedEvent.planned) {
    const roll = random.float();
    if (roll < d.renamedEvent.rate) name = d.renamedEvent.sentAs;
    else if (roll < d.renamedEvent.rate + d.nameCase.rate) name = d.nameCase.sentAs;
  }
  if (name === d.similarName.planned && random.chance(d.similarName.rate)) name = d.similarName.sentAs;
  if (name === d.typeMismatch.event && typeof properties[d.typeMismatch.property] === 'number') {
    properties[d.typeMismatch.property] = String(properties[d.typeMismatch.property]);
  }
  if (name === d.typeSplit.event && typeSplit && typeof properties[d.typeSplit.property] === 'number') {
    properties[d.typeSplit.property] = (properties[d.typeSplit.property] as number).toFixed(2);
  }
  if (name === d.missingRequired.event && random.chance(d.missingRequired.rate)) {
    delete properties[d.missingRequired.property];
  }
  if (name === d.unplannedProperty.event) properties[d.unplannedProperty.property] = random.int(1, 6);
  if (name === d.enumViolation.event && random.chance(d.enumViolation.rate)) {
    properties[d.enumViolation.property] = d.enumViolation.value;
  }
  if (name === d.patternViolation.event && random.chance(d.patternViolation.rate)) {
    properties[d.patternViolation.property] = d.patternViolation.value;
  }
  if (name === d.personalValues.event && random.chance(d.personalValues.rate)) {
    properties[d.personalValues.property] = random.pick(PERSONAL_QUERIES);
  }
  return { kind: 'track', name, properties, view: trafficView, time, session };
}
