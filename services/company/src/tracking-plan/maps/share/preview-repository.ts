import type { Queryable } from '@tracemap/service-kit';
import type { MapPreview, MapPreviewAttribute, MapPreviewEvent, MapPreviewView } from '@tracemap/contracts';
import { findMap } from '../map-repository';

/**
 * The preview of one map, read as its company's tenant: the map and only what
 * it uses — its views, the events on its edges or firing on its views, and the
 * attributes of the map, those views and those events (exposed ones only when
 * asked). Null for an unknown or archived map.
 */
export async function readMapPreview(
  db: Queryable,
  companyId: string,
  mapId: string,
  exposedOnly: boolean,
): Promise<Omit<MapPreview, 'member'> | null> {
  const map = await findMap(db, companyId, mapId);
  if (!map || map.status === 'archived') return null;
  const viewIds = map.nodes.map((n) => n.viewId);
  const edgeEventIds = map.edges.flatMap((e) => (e.eventId ? [e.eventId] : []));

  const { rows: views } = await db.query<MapPreviewView>(
    `SELECT v.id, v.name, v.type, v.url_pattern AS "urlPattern", v.status,
            coalesce((SELECT json_agg(ve.event_id ORDER BY ve.position)
                        FROM company.plan_view_events ve JOIN company.plan_events e ON e.company_id = ve.company_id AND e.id = ve.event_id
                       WHERE ve.company_id = v.company_id AND ve.view_id = v.id AND e.status <> 'archived'), '[]'::json) AS events
       FROM unnest($2::uuid[]) WITH ORDINALITY AS x(id, n)
       JOIN company.plan_views v ON v.company_id = $1 AND v.id = x.id
      ORDER BY x.n`,
    [companyId, viewIds],
  );
  const eventIds = [...new Set([...edgeEventIds, ...views.flatMap((v) => v.events)])];
  const { rows: events } = await db.query<MapPreviewEvent>(
    `SELECT e.id, e.name, e.description, e.kind, e.status FROM company.plan_events e
      WHERE e.company_id = $1 AND e.id = ANY($2::uuid[]) ORDER BY lower(e.name), e.id`,
    [companyId, eventIds],
  );
  const { rows: attributes } = await db.query<MapPreviewAttribute & { mapPresence: string | null }>(
    `SELECT a.id, a.name, a.description, a.scope, a.type, a.status, a.exposed, ml.presence AS "mapPresence"
       FROM company.plan_attributes a
       LEFT JOIN company.map_attributes ml ON ml.company_id = a.company_id AND ml.map_id = $2 AND ml.attribute_id = a.id
      WHERE a.company_id = $1 AND a.status <> 'archived' ${exposedOnly ? 'AND a.exposed' : ''}
        AND (ml.attribute_id IS NOT NULL
             OR a.id IN (SELECT l.attribute_id FROM company.plan_view_attributes l WHERE l.company_id = $1 AND l.view_id = ANY($3::uuid[]))
             OR a.id IN (SELECT l.attribute_id FROM company.plan_event_attributes l WHERE l.company_id = $1 AND l.event_id = ANY($4::uuid[])))
      ORDER BY lower(a.name), a.id`,
    [companyId, mapId, viewIds, eventIds],
  );

  return {
    map: {
      id: map.id,
      name: map.name,
      description: map.description,
      layout: map.layout,
      status: map.status,
      nodes: map.nodes,
      edges: map.edges,
    },
    views,
    events,
    attributes: attributes.map(({ mapPresence, ...a }) =>
      mapPresence ? { ...a, mapPresence: mapPresence as MapPreviewAttribute['mapPresence'] } : a,
    ),
  };
}
