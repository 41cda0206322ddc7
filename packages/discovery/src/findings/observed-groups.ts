import type { PlanSnapshot, PlanView, SnapshotEvent } from '@tracemap/contracts';
import { foldName } from '@tracemap/tracking-plan';
import { matchEvent, matchView, viewEvent, type EventMatch, type NameMapping } from '../matching/match-event';
import type { ObservedKind } from '../observed-event';
import { mergePropertyRows } from '../profile/merge-profiles';
import type { Profile, ProfileProperty } from '../profile/profile';

/** One observed event name and kind, over every source, with the plan's answer to it. */
export interface ObservedGroup {
  name: string;
  kind: ObservedKind;
  total: number;
  firstSeen: number;
  lastSeen: number;
  /** Events per source, per platform, per app version. */
  sources: Map<string, number>;
  platforms: Map<string, number>;
  versions: Map<string, number>;
  properties: Map<string, ProfileProperty>;
  match: EventMatch;
  /** Page and screen events: the plan's views they were sent from, with counts. */
  views: Map<string, { view: PlanView; count: number }>;
}

/** A planned event with every observed group recognised as it (its exact name, another case, a mapping, its views). */
export interface PlannedUsage {
  event: SnapshotEvent;
  groups: ObservedGroup[];
  total: number;
  firstSeen: number;
  lastSeen: number;
  /** By path, merged over the groups. */
  properties: Map<string, ProfileProperty>;
  /** Top-level paths by folded name, to find an attribute's property whatever its case. */
  topLevel: Map<string, ProfileProperty>;
}

export interface Traffic {
  total: number;
  sources: Map<string, number>;
  platforms: Map<string, number>;
  versions: Map<string, number>;
  kinds: Set<ObservedKind>;
  firstSeen: number;
  lastSeen: number;
}

const NONE = '\u0000';

export function observedGroups(
  profile: Profile,
  plan: PlanSnapshot,
  mappings: readonly NameMapping[],
): { groups: ObservedGroup[]; traffic: Traffic } {
  const byKey = new Map<string, ObservedGroup>();
  const traffic: Traffic = {
    total: 0,
    sources: new Map(),
    platforms: new Map(),
    versions: new Map(),
    kinds: new Set(),
    firstSeen: Infinity,
    lastSeen: -Infinity,
  };
  const firstSource = new Map<string, string>();
  for (const row of profile.events) {
    const key = row.kind + NONE + row.name;
    let group = byKey.get(key);
    if (!group) {
      group = {
        name: row.name,
        kind: row.kind,
        total: 0,
        firstSeen: Infinity,
        lastSeen: -Infinity,
        sources: new Map(),
        platforms: new Map(),
        versions: new Map(),
        properties: new Map(),
        match: { how: 'none', event: null, view: null, similar: null },
        views: new Map(),
      };
      byKey.set(key, group);
      firstSource.set(key, row.sourceId);
    }
    group.total += row.total;
    group.firstSeen = Math.min(group.firstSeen, row.firstSeen);
    group.lastSeen = Math.max(group.lastSeen, row.lastSeen);
    add(group.sources, row.sourceId, row.total);
    add(traffic.sources, row.sourceId, row.total);
    for (const day of row.daily) {
      if (day.platform !== null) {
        add(group.platforms, day.platform, day.count);
        add(traffic.platforms, day.platform, day.count);
      }
      if (day.appVersion !== null) {
        add(group.versions, day.appVersion, day.count);
        add(traffic.versions, day.appVersion, day.count);
      }
    }
    traffic.total += row.total;
    traffic.kinds.add(row.kind);
    traffic.firstSeen = Math.min(traffic.firstSeen, row.firstSeen);
    traffic.lastSeen = Math.max(traffic.lastSeen, row.lastSeen);
    for (const { view: key, count } of row.views) {
      const view = matchView(key, plan);
      if (!view) continue;
      const held = group.views.get(view.id);
      if (held) held.count += count;
      else group.views.set(view.id, { view, count });
    }
  }
  for (const row of profile.properties) {
    const group = byKey.get(row.kind + NONE + row.event);
    if (!group) continue;
    const held = group.properties.get(row.path);
    group.properties.set(row.path, held ? mergePropertyRows(held, row) : row);
  }
  for (const [key, group] of byKey) {
    const sourceId = group.sources.size === 1 ? firstSource.get(key)! : null;
    group.match = matchEvent(group.name, group.kind, plan, mappings, { sourceId });
    const pageLike = group.kind === 'page' || group.kind === 'screen';
    if (pageLike && group.match.how === 'none' && group.views.size > 0) {
      // Recognised by the views it was sent from (GA4's page_view, a generic "Page Viewed").
      const [main] = [...group.views.values()].sort((a, b) => b.count - a.count);
      group.match = { how: 'view', event: viewEvent(main.view, group.kind, plan), view: main.view, similar: null };
    }
    if (pageLike && group.match.view && group.views.size === 0) {
      group.views.set(group.match.view.id, { view: group.match.view, count: group.total });
    }
  }
  return { groups: [...byKey.values()], traffic };
}

/** Observed groups by the planned event they were recognised as. */
export function plannedUsages(groups: readonly ObservedGroup[]): Map<string, PlannedUsage> {
  const usages = new Map<string, PlannedUsage>();
  for (const group of groups) {
    const event = group.match.event;
    if (!event) continue;
    let usage = usages.get(event.id);
    if (!usage) {
      usage = {
        event,
        groups: [],
        total: 0,
        firstSeen: Infinity,
        lastSeen: -Infinity,
        properties: new Map(),
        topLevel: new Map(),
      };
      usages.set(event.id, usage);
    }
    usage.groups.push(group);
    usage.total += group.total;
    usage.firstSeen = Math.min(usage.firstSeen, group.firstSeen);
    usage.lastSeen = Math.max(usage.lastSeen, group.lastSeen);
    for (const [path, row] of group.properties) {
      const held = usage.properties.get(path);
      usage.properties.set(path, held ? mergePropertyRows(held, row) : row);
    }
  }
  for (const usage of usages.values()) {
    for (const [path, row] of usage.properties) {
      if (!isTopLevel(path)) continue;
      const folded = foldName(path);
      const held = usage.topLevel.get(folded);
      // An exact spelling wins; two spellings of one name add up.
      usage.topLevel.set(folded, held ? mergePropertyRows(held, row) : row);
    }
  }
  return usages;
}

export function isTopLevel(path: string): boolean {
  return !path.includes('.') && !path.includes('[]');
}

function add<K>(map: Map<K, number>, key: K, count: number): void {
  map.set(key, (map.get(key) ?? 0) + count);
}
