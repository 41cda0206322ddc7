import { createMap, getMap, updateMap, type MapSummary, type PlanMap } from '@tracemap/shell-core/tracking-plan';

const NAME_MAX = 120;
const COPY_SUFFIX = ' (copy)';

/** "Checkout (copy)", shortened so it still fits the name limit. */
export function copyName(name: string): string {
  return `${name.slice(0, NAME_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

/**
 * A new map with the same views, places, transitions and attributes. Edge ids are left for the
 * server to give, so the copy never shares an id with the original.
 */
export async function duplicateMap(companyId: string, mapId: string): Promise<PlanMap> {
  const source = await getMap(companyId, mapId);
  return createMap(companyId, {
    name: copyName(source.name),
    description: source.description,
    attributes: source.attributes,
    nodes: source.nodes,
    edges: source.edges.map(({ from, to, eventId, label }) => ({
      from,
      to,
      eventId: eventId ?? null,
      ...(label ? { label } : {}),
    })),
    layout: source.layout,
    status: source.status === 'archived' ? 'planned' : source.status,
  });
}

/** Archives a map, or brings an archived one back as planned. */
export function toggleArchived(companyId: string, map: MapSummary): Promise<PlanMap> {
  return updateMap(companyId, map.id, map.version, { status: map.status === 'archived' ? 'planned' : 'archived' });
}
