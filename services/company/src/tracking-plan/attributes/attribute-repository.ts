import type { Queryable } from '@tracemap/service-kit';
import type { Attribute, AttributeListFilters, PageOf, UsedBy } from '@tracemap/contracts';
import { iso, listPage, searchText, type ReadRunner } from '../shared/list-query';
import type { ListTotals } from '../shared/list-totals';

export const ATTRIBUTE_COLUMNS = `a.id, a.name, a.display_name AS "displayName", a.description, a.scope, a.type, a.item_type AS "itemType",
  a.validation, a.origin, a.exposed, a.nullable, a.pii, a.tags, a.status, a.owners, a.version,
  to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

export function toAttribute(row: Record<string, unknown>): Attribute {
  return {
    id: row.id as string,
    name: row.name as string,
    displayName: row.displayName as string,
    description: row.description as string,
    scope: row.scope as Attribute['scope'],
    type: row.type as Attribute['type'],
    itemType: (row.itemType ?? null) as Attribute['itemType'],
    validation: row.validation as Attribute['validation'],
    origin: row.origin as string,
    exposed: row.exposed as boolean,
    nullable: row.nullable as boolean,
    pii: row.pii as boolean,
    tags: row.tags as string[],
    status: row.status as Attribute['status'],
    owners: row.owners as string[],
    version: row.version as number,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export type AttributeFields = Omit<Attribute, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

export async function findAttribute(
  db: Queryable,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean; exposedOnly?: boolean } = {},
): Promise<Attribute | null> {
  const { rows } = await db.query(
    `SELECT ${ATTRIBUTE_COLUMNS} FROM company.plan_attributes a
      WHERE a.company_id = $1 AND a.id = $2 ${options.exposedOnly ? 'AND a.exposed' : ''} ${options.forUpdate ? 'FOR UPDATE' : ''}`,
    [companyId, id],
  );
  return rows[0] ? toAttribute(rows[0]) : null;
}

/** The company's attributes with these ids (unknown ids are simply absent). */
export async function findAttributesByIds(
  db: Queryable,
  companyId: string,
  ids: readonly string[],
): Promise<Attribute[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query(
    `SELECT ${ATTRIBUTE_COLUMNS} FROM company.plan_attributes a WHERE a.company_id = $1 AND a.id = ANY($2::uuid[])`,
    [companyId, ids],
  );
  return rows.map(toAttribute);
}

export async function insertAttribute(
  db: Queryable,
  companyId: string,
  id: string,
  fields: AttributeFields,
): Promise<Attribute> {
  const { rows } = await db.query(
    `INSERT INTO company.plan_attributes AS a (company_id, id, name, display_name, description, scope, type, item_type, validation,
       origin, exposed, nullable, pii, tags, status, owners, search_text)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     RETURNING ${ATTRIBUTE_COLUMNS}`,
    [companyId, id, ...fieldValues(fields)],
  );
  return toAttribute(rows[0]);
}

export async function updateAttribute(
  db: Queryable,
  companyId: string,
  id: string,
  fields: AttributeFields,
): Promise<Attribute> {
  const { rows } = await db.query(
    `UPDATE company.plan_attributes AS a
        SET name = $3, display_name = $4, description = $5, scope = $6, type = $7, item_type = $8, validation = $9, origin = $10,
            exposed = $11, nullable = $12, pii = $13, tags = $14, status = $15, owners = $16, search_text = $17,
            version = a.version + 1, updated_at = now()
      WHERE a.company_id = $1 AND a.id = $2
  RETURNING ${ATTRIBUTE_COLUMNS}`,
    [companyId, id, ...fieldValues(fields)],
  );
  return toAttribute(rows[0]);
}

function fieldValues(f: AttributeFields): unknown[] {
  return [
    f.name,
    f.displayName,
    f.description,
    f.scope,
    f.type,
    f.itemType,
    JSON.stringify(f.validation),
    f.origin,
    f.exposed,
    f.nullable,
    f.pii,
    f.tags,
    f.status,
    f.owners,
    searchText(f),
  ];
}

export async function deleteAttribute(db: Queryable, companyId: string, id: string): Promise<void> {
  await db.query(`DELETE FROM company.plan_attributes WHERE company_id = $1 AND id = $2`, [companyId, id]);
}

/** The events and views that link the attribute (maps do not exist yet). */
export async function attributeUsage(db: Queryable, companyId: string, id: string): Promise<UsedBy> {
  const { rows } = await db.query<{ kind: 'event' | 'view'; id: string; name: string; status: string }>(
    `SELECT 'event' AS kind, e.id, e.name, e.status
       FROM company.plan_event_attributes l JOIN company.plan_events e ON e.company_id = l.company_id AND e.id = l.event_id
      WHERE l.company_id = $1 AND l.attribute_id = $2
     UNION ALL
     SELECT 'view' AS kind, v.id, v.name, v.status
       FROM company.plan_view_attributes l JOIN company.plan_views v ON v.company_id = l.company_id AND v.id = l.view_id
      WHERE l.company_id = $1 AND l.attribute_id = $2
     ORDER BY 3, 2`,
    [companyId, id],
  );
  const refs = (kind: string) =>
    rows.filter((r) => r.kind === kind).map(({ id: refId, name, status }) => ({ id: refId, name, status }));
  return { events: refs('event'), views: refs('view'), maps: [] };
}

export function listAttributes(
  read: ReadRunner,
  companyId: string,
  filters: AttributeListFilters,
  options: { exposedOnly: boolean; totals?: ListTotals },
): Promise<PageOf<Attribute>> {
  return listPage(
    read,
    companyId,
    {
      table: 'company.plan_attributes',
      alias: 'a',
      columns: ATTRIBUTE_COLUMNS,
      equals: { scope: filters.scope, type: filters.type, exposed: options.exposedOnly ? true : undefined },
    },
    filters,
    toAttribute,
    options.totals,
  );
}
