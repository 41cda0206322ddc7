import type {
  Attribute,
  AttributeType,
  Layer,
  LayerSource,
  PlanMap,
  PlanSnapshot,
  PlanStatus,
  PlanView,
  Presence,
  SnapshotEvent,
  Validation,
} from '@tracemap/contracts';
import type { ObservedEvent } from '../../src/observed-event';
import { createProfileBuilder, type Profile } from '../../src/profile';

// A small hand-made plan: a few attributes, events with their effective
// attributes written out (as the company service resolves them), two views and a map.

const STAMPS = { version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
let counter = 0;
const id = () => `00000000-0000-4000-8000-${(++counter).toString(16).padStart(12, '0')}`;

export function attribute(
  name: string,
  type: AttributeType,
  extra: Partial<Attribute> = {},
  validation: Validation = { kind: 'none' },
): Attribute {
  return {
    id: id(),
    name,
    displayName: '',
    description: '',
    scope: 'event',
    type,
    itemType: null,
    validation,
    origin: '',
    exposed: true,
    nullable: false,
    pii: false,
    tags: [],
    status: 'live',
    owners: [],
    ...extra,
    ...STAMPS,
  };
}

export interface Effective {
  attribute: Attribute;
  presence?: Presence;
  layer?: Layer;
  sources?: LayerSource[];
  validation?: Validation;
}

export function event(name: string, effective: Effective[], extra: Partial<SnapshotEvent> = {}): SnapshotEvent {
  return {
    id: id(),
    name,
    displayName: '',
    description: '',
    kind: 'track',
    category: '',
    tags: [],
    owners: [],
    status: 'live',
    trigger: '',
    attributes: effective
      .filter((e) => (e.layer ?? 'event') === 'event')
      .map((e) => ({ attributeId: e.attribute.id, presence: e.presence ?? 'optional' })),
    effective: effective.map((e) => {
      const presence = e.presence ?? 'optional';
      const layer = e.layer ?? 'event';
      return {
        attributeId: e.attribute.id,
        presence,
        validation: e.validation ?? e.attribute.validation,
        layer,
        sources: e.sources ?? [{ layer, presence }],
      };
    }),
    ...extra,
    ...STAMPS,
  };
}

export function view(name: string, urlPattern: string, events: SnapshotEvent[], status: PlanStatus = 'live'): PlanView {
  return {
    id: id(),
    name,
    displayName: '',
    description: '',
    type: 'page',
    urlPattern,
    screenshotUrl: null,
    tags: [],
    status,
    attributes: [],
    events: events.map((e) => ({ eventId: e.id })),
    ...STAMPS,
  };
}

export function map(name: string, views: PlanView[]): PlanMap {
  return {
    id: id(),
    name,
    description: '',
    attributes: [],
    nodes: views.map((v, i) => ({ viewId: v.id, x: i * 100, y: 0 })),
    layout: 'LR',
    status: 'live',
    edges: [],
    ...STAMPS,
  };
}

export function snapshot(parts: {
  attributes: Attribute[];
  events: SnapshotEvent[];
  views?: PlanView[];
  maps?: PlanMap[];
}): PlanSnapshot {
  return {
    companyId: '00000000-0000-4000-8000-0000000000c1',
    version: 'v1',
    generatedAt: STAMPS.createdAt,
    attributeInheritance: true,
    attributes: parts.attributes,
    events: parts.events,
    views: parts.views ?? [],
    maps: parts.maps ?? [],
  };
}

export const T0 = Date.UTC(2026, 2, 1, 12);

export interface SendOptions {
  sourceId?: string;
  kind?: ObservedEvent['kind'];
  platform?: string;
  appVersion?: string;
  url?: string;
  session?: string;
  time?: number;
}

export function observed(name: string, properties: Record<string, unknown>, options: SendOptions = {}): ObservedEvent {
  return {
    sourceId: options.sourceId ?? 'web',
    kind: options.kind ?? 'track',
    name,
    properties,
    context: {
      platform: options.platform ?? 'web',
      appVersion: options.appVersion ?? '1.0.0',
      library: null,
      environment: null,
      url: options.url ?? null,
      sessionKey: options.session ?? null,
    },
    eventTime: options.time ?? T0,
  };
}

/** A profile of the events, `times` of each. */
export function profileOf(events: Array<[ObservedEvent, number]>): Profile {
  const builder = createProfileBuilder();
  for (const [e, times] of events) for (let i = 0; i < times; i++) builder.add(e);
  return builder.drain();
}
