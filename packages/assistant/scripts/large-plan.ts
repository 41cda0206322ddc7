import type { NativeAttribute, NativeEvent, NativeMap, NativePlan, NativeView } from '@tracemap/contracts';
import { NATIVE_FORMAT, NATIVE_FORMAT_VERSION } from '@tracemap/contracts';

// A deterministic plan of the size the company service benchmarks (10,000
// events, 50,000 attributes, 2,000 views) built the same way, plus one map of
// 60 views, so paths have somewhere to go. Ids are counters, so runs compare.

export const WORDS = [
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
];
export const SIZE = { events: 10_000, attributes: 50_000, views: 2_000, mapViews: 60 };

const id = (kind: number, i: number) => {
  const hex = i.toString(16).padStart(12, '0');
  return `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${hex}`;
};

export function largePlan(): NativePlan {
  const attribute = (i: number, scope: NativeAttribute['scope']): NativeAttribute => ({
    id: id(1, i),
    name: `${WORDS[i % WORDS.length]}_${scope}_attr_${i}`,
    displayName: '',
    description: `Attribute ${i} of the ${WORDS[i % WORDS.length]} area`,
    scope,
    type: (['string', 'integer', 'number', 'boolean'] as const)[i % 4],
    itemType: null,
    validation: { kind: 'none' },
    origin: '',
    exposed: i % 50 !== 0,
    nullable: i % 7 === 0,
    pii: i % 97 === 0,
    tags: [WORDS[i % WORDS.length]],
    status: 'live',
    owners: [],
  });
  const systemCount = 20;
  const viewScoped = 2_000;
  const attributes = Array.from({ length: SIZE.attributes }, (_, i) =>
    attribute(i, i < systemCount ? 'system' : i < systemCount + viewScoped ? 'view' : 'event'),
  );
  const eventScoped = attributes.slice(systemCount + viewScoped);
  const events: NativeEvent[] = Array.from({ length: SIZE.events }, (_, i) => ({
    id: id(2, i),
    name: `${WORDS[i % WORDS.length]} event ${i}`,
    displayName: '',
    description: `Fires when ${WORDS[i % WORDS.length]} step ${i} happens`,
    kind: 'track',
    category: WORDS[i % WORDS.length],
    tags: [WORDS[(i + 3) % WORDS.length]],
    owners: [`team ${i % 25}`],
    status: i % 40 === 0 ? 'planned' : 'live',
    trigger: '',
    attributes: Array.from({ length: 5 + (i % 6) }, (_, k) => ({
      attributeId: eventScoped[(i * 5 + k * 977) % eventScoped.length].id,
      presence: k % 2 === 0 ? ('required' as const) : ('optional' as const),
    })),
  }));
  const views: NativeView[] = Array.from({ length: SIZE.views }, (_, i) => ({
    id: id(3, i),
    name: `${WORDS[i % WORDS.length]} view ${i}`,
    displayName: '',
    description: '',
    type: 'page',
    urlPattern: `/${WORDS[i % WORDS.length]}/${i}`,
    screenshotUrl: null,
    tags: [],
    status: 'live',
    attributes: [0, 1, 2].map((k) => ({
      attributeId: attributes[systemCount + ((i * 3 + k) % viewScoped)].id,
      presence: 'required' as const,
    })),
    events: Array.from({ length: 20 }, (_, k) => ({
      eventId: events[(i * 5 + k) % SIZE.events].id,
      trigger: `step ${k}`,
    })),
  }));
  const mapViews = views.slice(0, SIZE.mapViews);
  const edges: NativeMap['edges'] = [];
  mapViews.forEach((view, i) => {
    for (const step of [1, 3]) {
      const to = mapViews[i + step];
      if (to) edges.push({ id: id(5, edges.length), from: view.id, to: to.id, eventId: events[i].id, label: '' });
    }
  });
  const map: NativeMap = {
    id: id(4, 0),
    name: 'Main journey',
    description: 'The generated journey',
    attributes: [],
    nodes: mapViews.map((v, i) => ({ viewId: v.id, x: i * 10, y: 0 })),
    edges,
    layout: 'LR',
    status: 'live',
  };
  return { format: NATIVE_FORMAT, formatVersion: NATIVE_FORMAT_VERSION, attributes, events, views, maps: [map] };
}
