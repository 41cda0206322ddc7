import type { Queryable } from '@tracemap/service-kit';
import type { AttributeLink, MapEdge, MapNode, NativeMap, PlanMap } from '@tracemap/contracts';
import { searchText } from '../shared/list-query';
import { graphColumns, mapAttributeLinksSql, replaceMapAttributes, replaceMapGraph } from '../maps/map-repository';

/** Every map of the company with its links, nodes and edges, for plan files (archived ones too when asked). */
export async function loadMaps(
  db: Queryable,
  companyId: string,
  options: { exposedOnly: boolean; includeArchived: boolean },
): Promise<NativeMap[]> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    description: string;
    layout: PlanMap['layout'];
    status: PlanMap['status'];
    attributes: AttributeLink[];
    nodes: MapNode[];
    edges: MapEdge[];
  }>(
    `SELECT m.id, m.name, m.description, m.layout, m.status, ${mapAttributeLinksSql('m', options.exposedOnly)} AS attributes, ${graphColumns('m')}
       FROM company.maps m WHERE m.company_id = $1 ${options.includeArchived ? '' : `AND m.status <> 'archived'`}
      ORDER BY lower(m.name), m.id`,
    [companyId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    attributes: r.attributes,
    nodes: r.nodes,
    edges: r.edges,
    layout: r.layout,
    status: r.status,
  }));
}

/**
 * Writes imported maps by id: new ones are inserted, known ones replaced
 * (version + 1) with their links, nodes and edges. Runs after the views,
 * events and attributes of the same file are written, which they name.
 */
export async function upsertMaps(db: Queryable, companyId: string, maps: readonly NativeMap[]): Promise<void> {
  for (const m of maps) {
    await db.query(
      `INSERT INTO company.maps AS t (company_id, id, name, description, layout, status, search_text) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (company_id, id) DO UPDATE
          SET name = excluded.name, description = excluded.description, layout = excluded.layout, status = excluded.status,
              search_text = excluded.search_text, version = t.version + 1, updated_at = now()`,
      [companyId, m.id, m.name, m.description, m.layout, m.status, searchText(m)],
    );
    await replaceMapAttributes(db, companyId, m.id, m.attributes);
    await replaceMapGraph(db, companyId, m.id, m.nodes, m.edges);
  }
}
