import {
  NATIVE_FORMAT,
  NATIVE_FORMAT_VERSION,
  type NativeAttribute,
  type NativeEvent,
  type NativeMap,
  type NativePlan,
  type NativeView,
} from '@tracemap/contracts';

/**
 * The plan every benchmark of plan size runs on: 10,000 events linking 5–10 event attributes each,
 * 50,000 attributes (20 system, 2,000 view-scoped), 2,000 views carrying 3 view attributes and
 * firing 20 events, and one 60-view map so paths have somewhere to go. A few of each kind are
 * planned, hidden, personal or enumerated, as in a real plan. Ids come from counters, so two runs
 * build the same plan (and generated code compares byte for byte).
 */
export const LARGE_PLAN_SIZE = { events: 10_000, attributes: 50_000, views: 2_000, mapViews: 60 } as const;

export const LARGE_PLAN_WORDS = [
  'checkout',
  'cart',
  'product',
  'search',
  'account',
  'payment',
  'order',
  'video',
  'share',
  'profile',
] as const;

const SYSTEM_ATTRIBUTES = 20;
const VIEW_ATTRIBUTES = 2_000;
const TYPES = ['string', 'integer', 'number', 'boolean'] as const;

/** A uuid-shaped id numbered within its kind (1 attributes, 2 events, 3 views, 4 maps, 5 edges). */
const counterId = (kind: number, i: number) =>
  `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

const word = (i: number) => LARGE_PLAN_WORDS[i % LARGE_PLAN_WORDS.length];

function attribute(i: number, scope: NativeAttribute['scope']): NativeAttribute {
  const type = TYPES[i % 4];
  return {
    id: counterId(1, i),
    name: `${word(i)}_${scope}_attr_${i}`,
    displayName: '',
    description: `Attribute ${i} of the ${word(i)} area`,
    scope,
    type,
    itemType: null,
    validation: type === 'string' && i % 3 === 0 ? { kind: 'enum', values: ['a', 'b', 'c'] } : { kind: 'none' },
    origin: '',
    exposed: i % 50 !== 0,
    nullable: i % 7 === 0,
    pii: i % 97 === 0,
    tags: [word(i)],
    status: 'live',
    owners: [],
  };
}

function journey(views: NativeView[], events: NativeEvent[]): NativeMap {
  const mapViews = views.slice(0, LARGE_PLAN_SIZE.mapViews);
  const edges: NativeMap['edges'] = [];
  mapViews.forEach((view, i) => {
    for (const step of [1, 3]) {
      const to = mapViews[i + step];
      if (to)
        edges.push({ id: counterId(5, edges.length), from: view.id, to: to.id, eventId: events[i].id, label: '' });
    }
  });
  return {
    id: counterId(4, 0),
    name: 'Main journey',
    description: 'The generated journey',
    attributes: [],
    nodes: mapViews.map((v, i) => ({ viewId: v.id, x: i * 10, y: 0 })),
    edges,
    layout: 'LR',
    status: 'live',
  };
}

export function largePlan(): NativePlan {
  const attributes = Array.from({ length: LARGE_PLAN_SIZE.attributes }, (_, i) =>
    attribute(i, i < SYSTEM_ATTRIBUTES ? 'system' : i < SYSTEM_ATTRIBUTES + VIEW_ATTRIBUTES ? 'view' : 'event'),
  );
  const eventScoped = attributes.slice(SYSTEM_ATTRIBUTES + VIEW_ATTRIBUTES);
  const events: NativeEvent[] = Array.from({ length: LARGE_PLAN_SIZE.events }, (_, i) => ({
    id: counterId(2, i),
    name: `${word(i)} event ${i}`,
    displayName: '',
    description: `Fires when ${word(i)} step ${i} happens`,
    kind: 'track',
    category: word(i),
    tags: [word(i + 3)],
    owners: [`team ${i % 25}`],
    status: i % 40 === 0 ? 'planned' : 'live',
    trigger: '',
    attributes: Array.from({ length: 5 + (i % 6) }, (_, k) => ({
      attributeId: eventScoped[(i * 5 + k * 977) % eventScoped.length].id,
      presence: k % 2 === 0 ? ('required' as const) : ('optional' as const),
    })),
  }));
  const views: NativeView[] = Array.from({ length: LARGE_PLAN_SIZE.views }, (_, i) => ({
    id: counterId(3, i),
    name: `${word(i)} view ${i}`,
    displayName: '',
    description: '',
    type: 'page',
    urlPattern: `/${word(i)}/${i}`,
    screenshotUrl: null,
    tags: [],
    status: 'live',
    attributes: [0, 1, 2].map((k) => ({
      attributeId: attributes[SYSTEM_ATTRIBUTES + ((i * 3 + k) % VIEW_ATTRIBUTES)].id,
      presence: 'required' as const,
    })),
    events: Array.from({ length: 20 }, (_, k) => ({
      eventId: events[(i * 5 + k) % LARGE_PLAN_SIZE.events].id,
      trigger: `step ${k}`,
    })),
  }));
  return {
    format: NATIVE_FORMAT,
    formatVersion: NATIVE_FORMAT_VERSION,
    attributes,
    events,
    views,
    maps: [journey(views, events)],
  };
}
