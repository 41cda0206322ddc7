import type { Queryable } from '@tracemap/service-kit';
import type { PlanMap } from '@tracemap/contracts';
import { graphColumns, mapAttributeLinksSql } from '../maps/map-repository';

const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Every map of the company as the map routes answer it (archived ones too, marked by their status). */
export async function loadSnapshotMaps(db: Queryable, companyId: string): Promise<PlanMap[]> {
  const { rows } = await db.query<PlanMap>(
    `SELECT m.id, m.name, m.description, m.layout, m.status, m.version,
            ${utc('m.created_at')} AS "createdAt", ${utc('m.updated_at')} AS "updatedAt",
            ${mapAttributeLinksSql('m', false)} AS attributes, ${graphColumns('m')}
       FROM company.maps m WHERE m.company_id = $1
      ORDER BY lower(m.name), m.id`,
    [companyId],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    attributes: row.attributes,
    nodes: row.nodes,
    edges: row.edges,
    layout: row.layout,
    status: row.status,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}
