import type { Queryable } from '@tracemap/service-kit';
import { setTenantCompany } from '../../core/tenant';

/**
 * The plan's tables in the order they can be filled (links after what they
 * name), with the columns a copy carries: versions and timestamps start
 * afresh, as for rows written new. The link arrays kept beside events and
 * views are filled by their tables' triggers, as for any other write.
 */
const TABLES: ReadonlyArray<readonly [table: string, columns: string]> = [
  [
    'plan_attributes',
    'id, name, display_name, description, scope, type, item_type, validation, origin, exposed, nullable, pii, tags, status, owners, search_text',
  ],
  ['plan_events', 'id, name, display_name, description, kind, category, tags, owners, status, trigger, search_text'],
  ['plan_views', 'id, name, display_name, description, type, url_pattern, screenshot_url, tags, status, search_text'],
  ['plan_event_attributes', 'event_id, attribute_id, position, presence, validation_override'],
  ['plan_view_attributes', 'view_id, attribute_id, position, presence, validation_override'],
  ['plan_view_events', 'view_id, event_id, position, trigger, hotspot'],
  ['maps', 'id, name, description, layout, status, search_text'],
  ['map_attributes', 'map_id, attribute_id, position, presence, validation_override'],
  ['map_nodes', 'map_id, view_id, position, x, y'],
  ['map_edges', 'map_id, id, position, from_view_id, to_view_id, event_id, label'],
];

/**
 * Copies the company's whole plan, as it stands in this transaction, into a
 * proposal's workspace, inside the database: row security lets a statement
 * read or write one company's rows only, so each table is read into a
 * temporary table as the company and written from it as the workspace, a
 * few set-based statements per table instead of sending the plan back and
 * forth. Leaves the transaction as the workspace's tenant.
 */
export async function copyPlanToWorkspace(db: Queryable, companyId: string, workspaceId: string): Promise<void> {
  await setTenantCompany(db, companyId);
  for (const [table, columns] of TABLES) {
    await db.query(`DROP TABLE IF EXISTS pg_temp.workspace_copy_${table}`);
    await db.query(
      `CREATE TEMPORARY TABLE workspace_copy_${table} ON COMMIT DROP AS
         SELECT ${columns} FROM company.${table} WHERE company_id = company.current_tenant()`,
    );
  }
  await setTenantCompany(db, workspaceId);
  for (const [table, columns] of TABLES) {
    await db.query(
      `INSERT INTO company.${table} (company_id, ${columns}) SELECT $1, ${columns} FROM pg_temp.workspace_copy_${table}`,
      [workspaceId],
    );
    await db.query(`DROP TABLE pg_temp.workspace_copy_${table}`);
  }
}
