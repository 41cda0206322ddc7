import type { Queryable } from '@tracemap/service-kit';
import type { AttributeLink } from '@tracemap/contracts';
import type { LintMap } from '@tracemap/tracking-plan';

type Named = { id: string; name: string; status: string };

/**
 * What lint needs of the company's maps (those not archived): the views on
 * their nodes, the events on their edges and their attribute links; and the
 * archived views and events they still point at, which the plan lint reads
 * leaves out but lint must be able to name.
 */
export async function loadLintMaps(
  db: Queryable,
  companyId: string,
): Promise<{ maps: LintMap[]; archived: { views: Named[]; events: Named[] } }> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    viewIds: string[];
    eventIds: string[];
    attributes: AttributeLink[];
  }>(
    `SELECT m.id, m.name,
            coalesce((SELECT json_agg(n.view_id ORDER BY n.position) FROM company.map_nodes n WHERE n.company_id = m.company_id AND n.map_id = m.id), '[]'::json) AS "viewIds",
            coalesce((SELECT json_agg(e.event_id ORDER BY e.position) FROM company.map_edges e
                       WHERE e.company_id = m.company_id AND e.map_id = m.id AND e.event_id IS NOT NULL), '[]'::json) AS "eventIds",
            coalesce((SELECT json_agg(json_build_object('attributeId', l.attribute_id, 'presence', l.presence) ORDER BY l.position)
                        FROM company.map_attributes l WHERE l.company_id = m.company_id AND l.map_id = m.id), '[]'::json) AS attributes
       FROM company.maps m WHERE m.company_id = $1 AND m.status <> 'archived' ORDER BY lower(m.name), m.id`,
    [companyId],
  );
  const archived = await namedOnMaps(
    db,
    companyId,
    rows.flatMap((m) => m.viewIds),
    rows.flatMap((m) => m.eventIds),
    { archivedOnly: true },
  );
  return { maps: rows, archived };
}

/** The given views and events by name and status (only archived ones if asked). */
export async function namedOnMaps(
  db: Queryable,
  companyId: string,
  viewIds: string[],
  eventIds: string[],
  options: { archivedOnly: boolean },
): Promise<{ views: Named[]; events: Named[] }> {
  if (viewIds.length + eventIds.length === 0) return { views: [], events: [] };
  const only = options.archivedOnly ? `AND status = 'archived'` : '';
  const { rows } = await db.query<Named & { kind: 'view' | 'event' }>(
    `SELECT 'view' AS kind, id, name, status FROM company.plan_views WHERE company_id = $1 ${only} AND id = ANY($2::uuid[])
     UNION ALL
     SELECT 'event' AS kind, id, name, status FROM company.plan_events WHERE company_id = $1 ${only} AND id = ANY($3::uuid[])`,
    [companyId, [...new Set(viewIds)], [...new Set(eventIds)]],
  );
  const of = (kind: string) =>
    rows.filter((r) => r.kind === kind).map(({ id, name, status }) => ({ id, name, status }));
  return { views: of('view'), events: of('event') };
}
