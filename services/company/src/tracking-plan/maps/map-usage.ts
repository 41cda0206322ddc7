import type { Queryable } from '@tracemap/service-kit';
import type { EntityRef } from '@tracemap/contracts';

const USING = {
  view: `SELECT n.map_id FROM company.map_nodes n WHERE n.company_id = $1 AND n.view_id = $2`,
  event: `SELECT x.map_id FROM company.map_edges x WHERE x.company_id = $1 AND x.event_id = $2
          UNION SELECT n.map_id FROM company.plan_view_events ve
                  JOIN company.map_nodes n ON n.company_id = ve.company_id AND n.view_id = ve.view_id
                 WHERE ve.company_id = $1 AND ve.event_id = $2`,
  attribute: `SELECT l.map_id FROM company.map_attributes l WHERE l.company_id = $1 AND l.attribute_id = $2`,
} as const;

/**
 * The maps that use a view (as a node), an event (on an edge, or through a
 * view it fires on being a node) or an attribute (as a map-level link), for
 * the `usedBy.maps` of views, events and attributes.
 */
export async function mapsUsing(
  db: Queryable,
  companyId: string,
  target: { kind: 'view' | 'event' | 'attribute'; id: string },
): Promise<EntityRef[]> {
  const { rows } = await db.query<EntityRef>(
    `SELECT m.id, m.name, m.status FROM company.maps m
      WHERE m.company_id = $1 AND m.id IN (${USING[target.kind]})
      ORDER BY m.name, m.id`,
    [companyId, target.id],
  );
  return rows;
}

/** Maps that are not archived, for company info. */
export async function countMaps(db: Queryable, companyId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM company.maps WHERE company_id = $1 AND status <> 'archived'`,
    [companyId],
  );
  return rows[0].n;
}
