import type { Queryable } from '@tracemap/service-kit';
import type { PageOf, PlanView, UsedBy, ViewListFilters } from '@tracemap/contracts';
import { attributeLinksSql, viewEventLinksSql } from '../shared/link-repository';
import { iso, listPage, searchText, type ReadRunner } from '../shared/list-query';
import type { ListTotals } from '../shared/list-totals';

const COLUMNS = `v.company_id, v.id, v.name, v.display_name AS "displayName", v.description, v.type, v.url_pattern AS "urlPattern",
  v.screenshot_url AS "screenshotUrl", v.tags, v.status, v.version, to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char(v.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

export function toView(row: Record<string, unknown>): PlanView {
  return {
    id: row.id as string,
    name: row.name as string,
    displayName: row.displayName as string,
    description: row.description as string,
    type: row.type as PlanView['type'],
    urlPattern: row.urlPattern as string,
    screenshotUrl: (row.screenshotUrl ?? null) as string | null,
    tags: row.tags as string[],
    status: row.status as PlanView['status'],
    attributes: row.attributes as PlanView['attributes'],
    events: row.events as PlanView['events'],
    version: row.version as number,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export type ViewFields = Omit<PlanView, 'id' | 'version' | 'createdAt' | 'updatedAt' | 'attributes' | 'events'>;

const linkColumns = (owner: string, exposedOnly: boolean) =>
  `${attributeLinksSql('company.plan_view_attributes', owner, exposedOnly)} AS attributes, ${viewEventLinksSql(owner)} AS events`;

export async function findView(
  db: Queryable,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean; exposedOnly?: boolean } = {},
): Promise<PlanView | null> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS}, ${linkColumns('v', options.exposedOnly ?? false)}
       FROM company.plan_views v WHERE v.company_id = $1 AND v.id = $2 ${options.forUpdate ? 'FOR UPDATE OF v' : ''}`,
    [companyId, id],
  );
  return rows[0] ? toView(rows[0]) : null;
}

export async function insertView(db: Queryable, companyId: string, id: string, fields: ViewFields): Promise<void> {
  await db.query(
    `INSERT INTO company.plan_views (company_id, id, name, display_name, description, type, url_pattern, screenshot_url, tags, status, search_text)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [companyId, id, ...fieldValues(fields)],
  );
}

export async function updateView(db: Queryable, companyId: string, id: string, fields: ViewFields): Promise<void> {
  await db.query(
    `UPDATE company.plan_views
        SET name = $3, display_name = $4, description = $5, type = $6, url_pattern = $7, screenshot_url = $8, tags = $9, status = $10,
            search_text = $11, version = version + 1, updated_at = now()
      WHERE company_id = $1 AND id = $2`,
    [companyId, id, ...fieldValues(fields)],
  );
}

function fieldValues(f: ViewFields): unknown[] {
  return [f.name, f.displayName, f.description, f.type, f.urlPattern, f.screenshotUrl, f.tags, f.status, searchText(f)];
}

export async function deleteView(db: Queryable, companyId: string, id: string): Promise<void> {
  await db.query(`DELETE FROM company.plan_views WHERE company_id = $1 AND id = $2`, [companyId, id]);
}

/** Nothing references a view until maps exist. */
export function viewUsage(): UsedBy {
  return { events: [], views: [], maps: [] };
}

export function listViews(
  read: ReadRunner,
  companyId: string,
  filters: ViewListFilters,
  options: { exposedOnly: boolean; totals?: ListTotals },
): Promise<PageOf<PlanView>> {
  return listPage(
    read,
    companyId,
    {
      table: 'company.plan_views',
      alias: 'v',
      columns: COLUMNS,
      pageColumns: linkColumns('p', options.exposedOnly),
      equals: { type: filters.type },
    },
    filters,
    toView,
    options.totals,
  );
}
