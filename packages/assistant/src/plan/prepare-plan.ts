import type { Attribute, PlanMap, PlanSnapshot, PlanView, SnapshotEvent } from '@tracemap/contracts';
import { foldName } from './tokens';
import { buildSearchIndex, type SearchIndex } from './search-index';

/**
 * The plan as the tools read it, built once per plan version: lookups by id
 * and by folded name, which views and maps each event fires on, which events
 * carry each attribute, and the search index.
 */
export interface PreparedPlan {
  plan: PlanSnapshot;
  eventsById: Map<string, SnapshotEvent>;
  attributesById: Map<string, Attribute>;
  viewsById: Map<string, PlanView>;
  mapsById: Map<string, PlanMap>;
  byFolded: {
    event: Map<string, SnapshotEvent>;
    attribute: Map<string, Attribute>;
    view: Map<string, PlanView>;
    map: Map<string, PlanMap>;
  };
  viewsOfEvent: Map<string, PlanView[]>;
  mapsOfView: Map<string, PlanMap[]>;
  eventsOfAttribute: Map<string, SnapshotEvent[]>;
  search: SearchIndex;
}

const prepared = new WeakMap<PlanSnapshot, PreparedPlan>();
const isLive = (item: { status: string }) => item.status !== 'archived';
const statusRank: Record<string, number> = { live: 0, implemented: 1, planned: 2, deprecated: 3, archived: 4 };

/** Two items folding to one name: the one further along its life wins, as discovery's matching decides. */
function byFoldedName<T extends { name: string; displayName?: string; status: string }>(items: readonly T[]) {
  const map = new Map<string, T>();
  const put = (key: string, item: T) => {
    const found = map.get(key);
    if (!found || (statusRank[item.status] ?? 9) < (statusRank[found.status] ?? 9)) map.set(key, item);
  };
  for (const item of items) put(foldName(item.name), item);
  // Display names only where no name folds the same.
  for (const item of items) {
    const display = item.displayName ? foldName(item.displayName) : '';
    if (display && !map.has(display)) map.set(display, item);
  }
  return map;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function preparePlan(plan: PlanSnapshot): PreparedPlan {
  const cached = prepared.get(plan);
  if (cached) return cached;
  const viewsOfEvent = new Map<string, PlanView[]>();
  const mapsOfView = new Map<string, PlanMap[]>();
  const eventsOfAttribute = new Map<string, SnapshotEvent[]>();
  for (const view of plan.views) {
    if (!isLive(view)) continue;
    for (const link of view.events) push(viewsOfEvent, link.eventId, view);
  }
  for (const map of plan.maps) {
    if (!isLive(map)) continue;
    for (const node of map.nodes) push(mapsOfView, node.viewId, map);
  }
  for (const event of plan.events) {
    for (const effective of event.effective) push(eventsOfAttribute, effective.attributeId, event);
  }
  const result: PreparedPlan = {
    plan,
    eventsById: new Map(plan.events.map((e) => [e.id, e])),
    attributesById: new Map(plan.attributes.map((a) => [a.id, a])),
    viewsById: new Map(plan.views.map((v) => [v.id, v])),
    mapsById: new Map(plan.maps.map((m) => [m.id, m])),
    byFolded: {
      event: byFoldedName(plan.events),
      attribute: byFoldedName(plan.attributes),
      view: byFoldedName(plan.views),
      map: byFoldedName(plan.maps),
    },
    viewsOfEvent,
    mapsOfView,
    eventsOfAttribute,
    search: buildSearchIndex(plan, viewsOfEvent),
  };
  prepared.set(plan, result);
  return result;
}
