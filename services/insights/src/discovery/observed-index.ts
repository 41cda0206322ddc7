import type { EventMatch, ObservedProperty } from '@tracemap/contracts';
import type { Profile, ProfileEvent } from '@tracemap/discovery';

/** One row of plan against reality, as stored for the events list. */
export interface ObservedIndexRow {
  name: string;
  kind: string;
  match: EventMatch;
  planEventId: string | null;
  volume: number;
  firstSeen: number | null;
  lastSeen: number | null;
  properties: ObservedProperty[];
}

export interface PlannedEventRef {
  id: string;
  name: string;
  kind: string;
}

/**
 * Per observed (name, kind), summed over sources, with the plan's event it
 * matched; then every planned event nothing matched, as never seen.
 */
export function buildObservedIndex(
  profile: Profile,
  planned: PlannedEventRef[],
  matchOf: (event: ProfileEvent) => string | null,
): ObservedIndexRow[] {
  const rows = new Map<string, ObservedIndexRow>();
  const key = (name: string, kind: string) => `${kind}\u0000${name}`;
  for (const event of profile.events) {
    const k = key(event.name, event.kind);
    const row = rows.get(k);
    if (row) {
      row.volume += event.total;
      row.firstSeen = Math.min(row.firstSeen ?? event.firstSeen, event.firstSeen);
      row.lastSeen = Math.max(row.lastSeen ?? event.lastSeen, event.lastSeen);
      continue;
    }
    const planEventId = matchOf(event);
    rows.set(k, {
      name: event.name,
      kind: event.kind,
      match: planEventId ? 'matched' : 'unplanned',
      planEventId,
      volume: event.total,
      firstSeen: event.firstSeen,
      lastSeen: event.lastSeen,
      properties: [],
    });
  }
  const properties = new Map<string, Map<string, ObservedProperty>>();
  for (const property of profile.properties) {
    const k = key(property.event, property.kind);
    if (!rows.has(k)) continue;
    let byPath = properties.get(k);
    if (!byPath) properties.set(k, (byPath = new Map()));
    const found = byPath.get(property.path);
    const types: Record<string, number> = found?.types ?? {};
    for (const [type, count] of Object.entries(property.types)) types[type] = (types[type] ?? 0) + (count ?? 0);
    byPath.set(property.path, {
      path: property.path,
      presence: (found?.presence ?? 0) + property.present,
      types,
    });
  }
  for (const [k, byPath] of properties) {
    rows.get(k)!.properties = [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
  const seen = new Set([...rows.values()].map((row) => row.planEventId).filter((id): id is string => id !== null));
  for (const event of planned) {
    if (seen.has(event.id)) continue;
    const k = key(event.name, event.kind);
    if (rows.has(k)) continue;
    rows.set(k, {
      name: event.name,
      kind: event.kind,
      match: 'planned_unseen',
      planEventId: event.id,
      volume: 0,
      firstSeen: null,
      lastSeen: null,
      properties: [],
    });
  }
  return [...rows.values()];
}
