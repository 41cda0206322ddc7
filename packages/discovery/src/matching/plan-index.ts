import type { Attribute, PlanSnapshot, PlanView, SnapshotEvent } from '@tracemap/contracts';
import { foldName } from '@tracemap/tracking-plan';
import { compileUrlPattern, type UrlPattern } from './url-pattern';

/** What matching and judging look up in a plan, built once per snapshot. */
export interface PlanIndex {
  plan: PlanSnapshot;
  eventsById: Map<string, SnapshotEvent>;
  eventsByName: Map<string, SnapshotEvent>;
  eventsByFolded: Map<string, SnapshotEvent>;
  /**
   * Events by "deletion key" (the folded name, and the folded name with one
   * character left out), built on first use: two names one edit apart share
   * a key, so similar names are found without comparing against every event.
   */
  similarKeys(): Map<string, SnapshotEvent[]>;
  attributesById: Map<string, Attribute>;
  viewsById: Map<string, PlanView>;
  viewsByFolded: Map<string, PlanView>;
  viewPatterns: Array<{ view: PlanView; pattern: UrlPattern }>;
  /** The page or screen events that fire on a view. */
  viewEvents: Map<string, SnapshotEvent[]>;
  /** The first live event of each kind (identify and group calls have one name per pipe, not per plan). */
  eventsByKind: Map<string, SnapshotEvent>;
}

const indexes = new WeakMap<PlanSnapshot, PlanIndex>();

const statusRank: Record<string, number> = { live: 0, implemented: 1, planned: 2, deprecated: 3, archived: 4 };
/** When two events share a (folded) name, the one further along its life is the one apps send. */
const better = (a: SnapshotEvent | undefined, b: SnapshotEvent) =>
  a === undefined || (statusRank[b.status] ?? 9) < (statusRank[a.status] ?? 9) ? b : a;

export function planIndex(plan: PlanSnapshot): PlanIndex {
  const cached = indexes.get(plan);
  if (cached) return cached;
  const eventsById = new Map(plan.events.map((e) => [e.id, e]));
  const eventsByName = new Map<string, SnapshotEvent>();
  const eventsByFolded = new Map<string, SnapshotEvent>();
  const eventsByKind = new Map<string, SnapshotEvent>();
  for (const event of plan.events) {
    eventsByName.set(event.name, better(eventsByName.get(event.name), event));
    const folded = foldName(event.name);
    eventsByFolded.set(folded, better(eventsByFolded.get(folded), event));
    if (event.status !== 'archived') eventsByKind.set(event.kind, better(eventsByKind.get(event.kind), event));
  }
  const viewsById = new Map(plan.views.map((v) => [v.id, v]));
  const viewsByFolded = new Map<string, PlanView>();
  const viewPatterns: PlanIndex['viewPatterns'] = [];
  const viewEvents = new Map<string, SnapshotEvent[]>();
  for (const view of plan.views) {
    if (view.status === 'archived') continue;
    viewsByFolded.set(foldName(view.name), view);
    const pattern = compileUrlPattern(view.urlPattern);
    if (pattern) viewPatterns.push({ view, pattern });
    const onView = view.events
      .map((link) => eventsById.get(link.eventId))
      .filter((e): e is SnapshotEvent => e !== undefined && (e.kind === 'page' || e.kind === 'screen'));
    viewEvents.set(view.id, onView);
  }
  // The most literal pattern first, so `/checkout/review` wins over `/checkout/:step`.
  viewPatterns.sort(
    (a, b) => b.pattern.literals - a.pattern.literals || Number(a.pattern.rest) - Number(b.pattern.rest),
  );
  let similarKeys: Map<string, SnapshotEvent[]> | undefined;
  const index: PlanIndex = {
    plan,
    eventsById,
    eventsByName,
    eventsByFolded,
    similarKeys: () => (similarKeys ??= deletionKeyIndex(eventsByFolded)),
    attributesById: new Map(plan.attributes.map((a) => [a.id, a])),
    viewsById,
    viewsByFolded,
    viewPatterns,
    viewEvents,
    eventsByKind,
  };
  indexes.set(plan, index);
  return index;
}

function deletionKeyIndex(eventsByFolded: ReadonlyMap<string, SnapshotEvent>): Map<string, SnapshotEvent[]> {
  const index = new Map<string, SnapshotEvent[]>();
  for (const [folded, event] of eventsByFolded) {
    for (const key of deletionKeys(folded)) {
      const list = index.get(key);
      if (list) list.push(event);
      else index.set(key, [event]);
    }
  }
  return index;
}

export function deletionKeys(folded: string): Set<string> {
  const keys = new Set([folded]);
  for (let i = 0; i < folded.length; i++) keys.add(folded.slice(0, i) + folded.slice(i + 1));
  return keys;
}
