import type { Queryable } from '@tracemap/service-kit';
import type { EventListFilters, PageOf, PlanEvent, UsedBy } from '@tracemap/contracts';
import { attributeLinksSql } from '../shared/link-repository';
import { iso, listPage, searchText, type ReadRunner } from '../shared/list-query';
import type { ListTotals } from '../shared/list-totals';

const COLUMNS = `e.company_id, e.id, e.name, e.display_name AS "displayName", e.description, e.kind, e.category, e.tags, e.owners, e.status,
  e.trigger, e.version, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char(e.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

export function toEvent(row: Record<string, unknown>): PlanEvent {
  return {
    id: row.id as string,
    name: row.name as string,
    displayName: row.displayName as string,
    description: row.description as string,
    kind: row.kind as PlanEvent['kind'],
    category: row.category as string,
    tags: row.tags as string[],
    owners: row.owners as string[],
    status: row.status as PlanEvent['status'],
    trigger: row.trigger as string,
    attributes: row.attributes as PlanEvent['attributes'],
    version: row.version as number,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export type EventFields = Omit<PlanEvent, 'id' | 'version' | 'createdAt' | 'updatedAt' | 'attributes'>;

export async function findEvent(
  db: Queryable,
  companyId: string,
  id: string,
  options: { forUpdate?: boolean; exposedOnly?: boolean } = {},
): Promise<PlanEvent | null> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS}, ${attributeLinksSql('company.plan_event_attributes', 'e', options.exposedOnly ?? false)} AS attributes
       FROM company.plan_events e WHERE e.company_id = $1 AND e.id = $2 ${options.forUpdate ? 'FOR UPDATE OF e' : ''}`,
    [companyId, id],
  );
  return rows[0] ? toEvent(rows[0]) : null;
}

export async function insertEvent(db: Queryable, companyId: string, id: string, fields: EventFields): Promise<void> {
  await db.query(
    `INSERT INTO company.plan_events (company_id, id, name, display_name, description, kind, category, tags, owners, status, trigger, search_text)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [companyId, id, ...fieldValues(fields)],
  );
}

export async function updateEvent(db: Queryable, companyId: string, id: string, fields: EventFields): Promise<void> {
  await db.query(
    `UPDATE company.plan_events
        SET name = $3, display_name = $4, description = $5, kind = $6, category = $7, tags = $8, owners = $9, status = $10,
            trigger = $11, search_text = $12, version = version + 1, updated_at = now()
      WHERE company_id = $1 AND id = $2`,
    [companyId, id, ...fieldValues(fields)],
  );
}

function fieldValues(f: EventFields): unknown[] {
  return [
    f.name,
    f.displayName,
    f.description,
    f.kind,
    f.category,
    f.tags,
    f.owners,
    f.status,
    f.trigger,
    searchText(f),
  ];
}

/** Its attribute links and view links go with it (cascade). */
export async function deleteEvent(db: Queryable, companyId: string, id: string): Promise<void> {
  await db.query(`DELETE FROM company.plan_events WHERE company_id = $1 AND id = $2`, [companyId, id]);
}

/** The views the event fires on (maps do not exist yet). */
export async function eventUsage(db: Queryable, companyId: string, id: string): Promise<UsedBy> {
  const { rows } = await db.query<{ id: string; name: string; status: string }>(
    `SELECT v.id, v.name, v.status
       FROM company.plan_view_events l JOIN company.plan_views v ON v.company_id = l.company_id AND v.id = l.view_id
      WHERE l.company_id = $1 AND l.event_id = $2
      ORDER BY v.name, v.id`,
    [companyId, id],
  );
  return { events: [], views: rows, maps: [] };
}

export function listEvents(
  read: ReadRunner,
  companyId: string,
  filters: EventListFilters,
  options: { exposedOnly: boolean; totals?: ListTotals },
): Promise<PageOf<PlanEvent>> {
  return listPage(
    read,
    companyId,
    {
      table: 'company.plan_events',
      alias: 'e',
      columns: COLUMNS,
      pageColumns: `${attributeLinksSql('company.plan_event_attributes', 'p', options.exposedOnly)} AS attributes`,
      equals: { kind: filters.kind },
    },
    filters,
    toEvent,
    options.totals,
  );
}
