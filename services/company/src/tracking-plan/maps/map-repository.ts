import { AppError, type Queryable } from '@tracemap/service-kit';
import type {
  AttributeLink,
  EntityRef,
  MapEdge,
  MapListFilters,
  MapNode,
  MapSummary,
  PageOf,
  PlanMap,
} from '@tracemap/contracts';
import { iso, listPage, searchText, type ReadRunner } from '../shared/list-query';
import { exposedAttributeSql } from '../shared/link-repository';
import type { ListTotals } from '../shared/list-totals';
import { PLAN_MESSAGES } from '../shared/plan-errors';

const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const columns = (
  m: string,
) => `${m}.company_id, ${m}.id, ${m}.name, ${m}.description, ${m}.layout, ${m}.status, ${m}.version,
  ${utc(`${m}.created_at`)} AS "createdAt", ${utc(`${m}.updated_at`)} AS "updatedAt"`;

/** Viewers do not see links to attributes that are not exposed. */
const exposedLink = (exposedOnly: boolean) => (exposedOnly ? `AND ${exposedAttributeSql('l')}` : '');

/** The map's attribute links in their order, for a map row aliased `${owner}`. */
export function mapAttributeLinksSql(owner: string, exposedOnly: boolean): string {
  return `coalesce((SELECT json_agg(json_strip_nulls(json_build_object('attributeId', l.attribute_id, 'presence', l.presence,
             'validationOverride', l.validation_override)) ORDER BY l.position)
           FROM company.map_attributes l WHERE l.company_id = ${owner}.company_id AND l.map_id = ${owner}.id ${exposedLink(exposedOnly)}), '[]'::json)`;
}

export const graphColumns = (owner: string) => `
  coalesce((SELECT json_agg(json_build_object('viewId', n.view_id, 'x', n.x, 'y', n.y) ORDER BY n.position)
              FROM company.map_nodes n WHERE n.company_id = ${owner}.company_id AND n.map_id = ${owner}.id), '[]'::json) AS nodes,
  coalesce((SELECT json_agg(json_strip_nulls(json_build_object('id', e.id, 'from', e.from_view_id, 'to', e.to_view_id,
                     'eventId', e.event_id, 'label', e.label)) ORDER BY e.position)
              FROM company.map_edges e WHERE e.company_id = ${owner}.company_id AND e.map_id = ${owner}.id), '[]'::json) AS edges`;

export type MapFields = Pick<PlanMap, 'name' | 'description' | 'layout' | 'status'>;

function toMap(row: Record<string, unknown>): PlanMap {
  return {
    id: row.id as string,
    name: row.name as string,
    description: row.description as string,
    attributes: row.attributes as AttributeLink[],
    nodes: row.nodes as MapNode[],
    edges: row.edges as MapEdge[],
    layout: row.layout as PlanMap['layout'],
    status: row.status as PlanMap['status'],
    version: row.version as number,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function findMap(
  db: Queryable,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean; exposedOnly?: boolean } = {},
): Promise<PlanMap | null> {
  const { rows } = await db.query(
    `SELECT ${columns('m')}, ${mapAttributeLinksSql('m', options.exposedOnly ?? false)} AS attributes, ${graphColumns('m')}
       FROM company.maps m WHERE m.company_id = $1 AND m.id = $2 ${options.forUpdate ? 'FOR UPDATE OF m' : ''}`,
    [companyId, id],
  );
  return rows[0] ? toMap(rows[0]) : null;
}

export async function insertMap(db: Queryable, companyId: string, id: string, fields: MapFields): Promise<void> {
  await db.query(
    `INSERT INTO company.maps (company_id, id, name, description, layout, status, search_text) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [companyId, id, fields.name, fields.description, fields.layout, fields.status, searchText(fields)],
  );
}

export async function updateMap(db: Queryable, companyId: string, id: string, fields: MapFields): Promise<void> {
  await db.query(
    `UPDATE company.maps SET name = $3, description = $4, layout = $5, status = $6, search_text = $7, version = version + 1, updated_at = now()
      WHERE company_id = $1 AND id = $2`,
    [companyId, id, fields.name, fields.description, fields.layout, fields.status, searchText(fields)],
  );
}

/** Its links, nodes and edges go with it (cascade); the views, events and attributes stay. */
export async function deleteMap(db: Queryable, companyId: string, id: string): Promise<void> {
  await db.query(`DELETE FROM company.maps WHERE company_id = $1 AND id = $2`, [companyId, id]);
}

/** A view, event or attribute deleted by someone else between our check and our write: the same 400 as an unknown one. */
async function targetWrite(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if ((error as { code?: string }).code === '23503')
      throw new AppError(400, 'unknown_link_target', PLAN_MESSAGES.linkTargetGone);
    throw error;
  }
}

export async function replaceMapAttributes(
  db: Queryable,
  companyId: string,
  mapId: string,
  links: readonly AttributeLink[],
): Promise<void> {
  await db.query(`DELETE FROM company.map_attributes WHERE company_id = $1 AND map_id = $2`, [companyId, mapId]);
  if (links.length === 0) return;
  const rows = links.map((l, position) => ({
    attribute_id: l.attributeId,
    position,
    presence: l.presence,
    validation_override: l.validationOverride ?? null,
  }));
  await targetWrite(() =>
    db.query(
      `INSERT INTO company.map_attributes (company_id, map_id, attribute_id, position, presence, validation_override)
       SELECT $1, $2, x.attribute_id, x.position, x.presence, x.validation_override
         FROM jsonb_to_recordset($3::jsonb) AS x(attribute_id uuid, position integer, presence text, validation_override jsonb)`,
      [companyId, mapId, JSON.stringify(rows)],
    ),
  );
}

/** Nodes and edges are written together: edges reference the map's nodes. */
export async function replaceMapGraph(
  db: Queryable,
  companyId: string,
  mapId: string,
  nodes: readonly MapNode[],
  edges: readonly MapEdge[],
): Promise<void> {
  await db.query(`DELETE FROM company.map_edges WHERE company_id = $1 AND map_id = $2`, [companyId, mapId]);
  await db.query(`DELETE FROM company.map_nodes WHERE company_id = $1 AND map_id = $2`, [companyId, mapId]);
  if (nodes.length > 0) {
    await targetWrite(() =>
      db.query(
        `INSERT INTO company.map_nodes (company_id, map_id, view_id, position, x, y)
         SELECT $1, $2, x.view_id, x.position, x.x, x.y FROM jsonb_to_recordset($3::jsonb) AS x(view_id uuid, position integer, x float8, y float8)`,
        [
          companyId,
          mapId,
          JSON.stringify(nodes.map((n, position) => ({ view_id: n.viewId, position, x: n.x, y: n.y }))),
        ],
      ),
    );
  }
  if (edges.length > 0) {
    const rows = edges.map((e, position) => ({
      id: e.id,
      position,
      from_view_id: e.from,
      to_view_id: e.to,
      event_id: e.eventId ?? null,
      label: e.label ?? null,
    }));
    await targetWrite(() =>
      db.query(
        `INSERT INTO company.map_edges (company_id, map_id, id, position, from_view_id, to_view_id, event_id, label)
         SELECT $1, $2, x.id, x.position, x.from_view_id, x.to_view_id, x.event_id, x.label
           FROM jsonb_to_recordset($3::jsonb) AS x(id uuid, position integer, from_view_id uuid, to_view_id uuid, event_id uuid, label text)`,
        [companyId, mapId, JSON.stringify(rows)],
      ),
    );
  }
}

/** The views on the map's nodes and the events on its edges, by name. */
export async function mapReferences(
  db: Queryable,
  companyId: string,
  mapId: string,
): Promise<{ views: EntityRef[]; events: EntityRef[] }> {
  const { rows } = await db.query<{ kind: 'view' | 'event'; id: string; name: string; status: string }>(
    `SELECT 'view' AS kind, v.id, v.name, v.status
       FROM company.map_nodes n JOIN company.plan_views v ON v.company_id = n.company_id AND v.id = n.view_id
      WHERE n.company_id = $1 AND n.map_id = $2
     UNION
     SELECT 'event' AS kind, e.id, e.name, e.status
       FROM company.map_edges x JOIN company.plan_events e ON e.company_id = x.company_id AND e.id = x.event_id
      WHERE x.company_id = $1 AND x.map_id = $2
     ORDER BY 3, 2`,
    [companyId, mapId],
  );
  const refs = (kind: string) =>
    rows.filter((r) => r.kind === kind).map(({ id, name, status }) => ({ id, name, status }));
  return { views: refs('view'), events: refs('event') };
}

function toSummary(row: Record<string, unknown>): MapSummary {
  return {
    id: row.id as string,
    name: row.name as string,
    description: row.description as string,
    layout: row.layout as MapSummary['layout'],
    status: row.status as MapSummary['status'],
    nodeCount: row.nodeCount as number,
    edgeCount: row.edgeCount as number,
    attributeCount: row.attributeCount as number,
    version: row.version as number,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function listMaps(
  read: ReadRunner,
  companyId: string,
  filters: MapListFilters,
  options: { exposedOnly: boolean; totals?: ListTotals },
): Promise<PageOf<MapSummary>> {
  const count = (table: string, extra = '') =>
    `(SELECT count(*)::int FROM ${table} l WHERE l.company_id = p.company_id AND l.map_id = p.id ${extra})`;
  return listPage(
    read,
    companyId,
    {
      table: 'company.maps',
      // Not `m`: a searching list names its matches `m`.
      alias: 'mp',
      columns: columns('mp'),
      // Counted for the page rows only.
      pageColumns: `${count('company.map_nodes')} AS "nodeCount", ${count('company.map_edges')} AS "edgeCount",
        ${count('company.map_attributes', exposedLink(options.exposedOnly))} AS "attributeCount"`,
    },
    filters,
    toSummary,
    options.totals,
  );
}
