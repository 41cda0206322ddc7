import { AppError, type Queryable } from '@tracemap/service-kit';
import type { MapEdge, MapNode } from '@tracemap/contracts';
import { checkLinks } from '../shared/link-checks';
import type { MapDraft } from './map-fields';

export const MAP_MESSAGES = {
  duplicateNode: (viewId: string) => `Map nodes must place each view once: ${viewId} appears more than once`,
  duplicateEdge: (id: string) => `Map edges must have distinct ids: ${id} appears more than once`,
  unknownViews: (ids: string[]) => `Map nodes must reference views of this company: ${ids.join(', ')}`,
  edgeOffMap: (ids: string[]) => `Map edges must connect nodes on this map; not on it: ${ids.join(', ')}`,
  unknownEvents: (ids: string[]) => `Map edges must reference events of this company: ${ids.join(', ')}`,
} as const;

const firstDuplicate = (values: readonly string[]) => {
  const seen = new Set<string>();
  return values.find((value) => (seen.has(value) ? true : (seen.add(value), false)));
};

/** Ids among `ids` that are not rows of this company's `table` (other companies' ids included: row security and the filter hide them). */
async function missing(db: Queryable, table: string, companyId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `SELECT x.id FROM unnest($2::uuid[]) WITH ORDINALITY AS x(id, n)
      WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.company_id = $1 AND t.id = x.id) ORDER BY x.n`,
    [companyId, [...new Set(ids)]],
  );
  return rows.map((r) => r.id);
}

/**
 * Everything a map names belongs to this company and fits together: each view
 * once, edges between the map's own nodes with distinct ids, events of this
 * company, attribute links as for events and views. 400 naming the problem
 * otherwise, before anything is written.
 */
export async function checkMap(
  db: Queryable,
  companyId: string,
  draft: MapDraft,
  sent: { attributes: boolean; graph: boolean },
): Promise<void> {
  if (sent.attributes) await checkLinks(db, companyId, { attributes: draft.attributes });
  if (sent.graph) await checkGraph(db, companyId, draft.nodes, draft.edges);
}

async function checkGraph(
  db: Queryable,
  companyId: string,
  nodes: readonly MapNode[],
  edges: readonly MapEdge[],
): Promise<void> {
  const viewIds = nodes.map((n) => n.viewId);
  const duplicateNode = firstDuplicate(viewIds);
  if (duplicateNode) throw new AppError(400, 'duplicate_map_node', MAP_MESSAGES.duplicateNode(duplicateNode));
  const unknownViews = await missing(db, 'company.plan_views', companyId, viewIds);
  if (unknownViews.length > 0) throw new AppError(400, 'unknown_link_target', MAP_MESSAGES.unknownViews(unknownViews));
  const duplicateEdge = firstDuplicate(edges.map((e) => e.id));
  if (duplicateEdge) throw new AppError(400, 'duplicate_map_edge', MAP_MESSAGES.duplicateEdge(duplicateEdge));
  const onMap = new Set(viewIds);
  const offMap = [...new Set(edges.flatMap((e) => [e.from, e.to]).filter((id) => !onMap.has(id)))];
  if (offMap.length > 0) throw new AppError(400, 'edge_node_not_on_map', MAP_MESSAGES.edgeOffMap(offMap));
  const eventIds = edges.flatMap((e) => (e.eventId ? [e.eventId] : []));
  const unknownEvents = await missing(db, 'company.plan_events', companyId, eventIds);
  if (unknownEvents.length > 0)
    throw new AppError(400, 'unknown_link_target', MAP_MESSAGES.unknownEvents(unknownEvents));
}
