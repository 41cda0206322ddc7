import { foldName } from '@tracemap/tracking-plan';
import type { HistoryEntityKind, NativeMap, NativePlan, RejectedRow } from '@tracemap/contracts';
import type { StoredPlan } from './plan-repository';

/**
 * What the database would refuse, found before writing so the answer names
 * the entry: a link to an entity that is neither in the file nor in the
 * company, and a name that collides (after folding) with another entity.
 */
export function integrityProblems(current: StoredPlan & { maps: NativeMap[] }, incoming: NativePlan): RejectedRow[] {
  const rejected: RejectedRow[] = [];
  const attributeIds = new Set([...current.attributes, ...incoming.attributes].map((a) => a.id));
  const eventIds = new Set([...current.events, ...incoming.events].map((e) => e.id));
  incoming.events.forEach((event, i) => {
    for (const link of event.attributes) {
      if (!attributeIds.has(link.attributeId))
        rejected.push({
          row: `events[${i}]`,
          kind: 'event',
          name: event.name,
          reason: `links attribute ${link.attributeId}, which is neither in the file nor in the company`,
        });
    }
  });
  incoming.views.forEach((view, i) => {
    for (const link of view.attributes) {
      if (!attributeIds.has(link.attributeId))
        rejected.push({
          row: `views[${i}]`,
          kind: 'view',
          name: view.name,
          reason: `links attribute ${link.attributeId}, which is neither in the file nor in the company`,
        });
    }
    for (const link of view.events) {
      if (!eventIds.has(link.eventId))
        rejected.push({
          row: `views[${i}]`,
          kind: 'view',
          name: view.name,
          reason: `fires event ${link.eventId}, which is neither in the file nor in the company`,
        });
    }
  });
  nameCollisions(
    rejected,
    'attribute',
    'attributes',
    current.attributes,
    incoming.attributes,
    (a) => `${a.scope}:${foldName(a.name)}`,
  );
  nameCollisions(rejected, 'event', 'events', current.events, incoming.events, (e) => foldName(e.name));
  nameCollisions(rejected, 'view', 'views', current.views, incoming.views, (v) => foldName(v.name));
  // The file's own references were checked when it was read: a map names only views and events of the file.
  nameCollisions(rejected, 'map', 'maps', current.maps, incoming.maps ?? [], (m) => foldName(m.name));
  return rejected;
}

function nameCollisions<T extends { id: string; name: string; status: string }>(
  rejected: RejectedRow[],
  kind: HistoryEntityKind,
  path: string,
  current: T[],
  incoming: T[],
  key: (entity: T) => string,
) {
  const incomingIds = new Set(incoming.map((e) => e.id));
  const owners = new Map<string, string>();
  // What stays as it is keeps its name; the file's entries then claim theirs in order.
  for (const entity of current)
    if (!incomingIds.has(entity.id) && entity.status !== 'archived') owners.set(key(entity), entity.name);
  incoming.forEach((entity, i) => {
    if (entity.status === 'archived') return;
    const taken = owners.get(key(entity));
    if (taken !== undefined)
      rejected.push({
        row: `${path}[${i}]`,
        kind,
        name: entity.name,
        reason: `the name is already used by "${taken}" (names count as equal regardless of case, spaces, _, - and .)`,
      });
    else owners.set(key(entity), entity.name);
  });
}
